import { NoticeBar } from 'antd-mobile';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router-dom';
import { navigate } from '../../../lib/router/navigate.ts';
import { reminderKey, samePage } from '../logic.ts';
import { useOrderBanner } from '../order-banner.ts';

/**
 * An order that changed while I was elsewhere, or whose countdown needs me: tap to open it, or close the
 * banner. Gone once I am on it.
 */
export const OrderBanner = () => {
  const { t } = useTranslation();
  const order = useOrderBanner((s) => s.order);
  const dismiss = useOrderBanner((s) => s.dismiss);
  const { pathname, search } = useLocation();
  const onItsPage = order !== null && samePage(order.page, `${pathname}${search}`);
  useEffect(() => {
    if (onItsPage) dismiss();
  }, [onItsPage, dismiss]);
  if (!order || onItsPage) return null;
  return (
    <div
      className="order-banner"
      data-testid="order-banner"
      data-order={order.orderId}
      data-kind={order.kind}
      data-status={order.kind === 'status' ? order.status : undefined}
    >
      <NoticeBar
        color="alert"
        // A reminder is a sentence: wrapped, it reads at once; scrolled, it reads only after seconds.
        wrap
        closeable
        onClose={dismiss}
        content={
          order.kind === 'status'
            ? t('chat.orderBanner', { status: t(`c2c.status.${order.status}`) })
            : t(reminderKey(order), { minutes: order.minutesLeft })
        }
        extra={
          <button
            type="button"
            className="order-banner-open"
            data-testid="order-banner-open"
            onClick={() => {
              dismiss();
              navigate(order.page);
            }}
          >
            {t('chat.orderBannerOpen')}
          </button>
        }
      />
    </div>
  );
};
