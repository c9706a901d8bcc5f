import { NoticeBar } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { navigate } from '../../../lib/router/navigate.ts';
import { useOrderBanner } from '../order-banner.ts';

/** The order that wanted the screen while I was typing: tap to open it, or close the banner. */
export const OrderBanner = () => {
  const { t } = useTranslation();
  const order = useOrderBanner((s) => s.order);
  const dismiss = useOrderBanner((s) => s.dismiss);
  if (!order) return null;
  return (
    <div data-testid="order-banner" data-order={order.orderId}>
      <NoticeBar
        color="alert"
        closeable
        onClose={dismiss}
        content={t('chat.orderBanner', { status: t(`c2c.status.${order.status}`) })}
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
