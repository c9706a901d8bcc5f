import type { OrderAction } from '@chatpay/shared';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { Button } from '../../components/Button.tsx';
import { LoadError } from '../../components/LoadError.tsx';
import { Loading } from '../../components/Loading.tsx';
import { Page } from '../../components/Page.tsx';
import {
  formatCountdown,
  isKnownStatus,
  useCancelOrder,
  useMarkPaid,
  useOrder,
  useTradeConfig,
} from '../../features/c2c/index.ts';
import {
  AddProof,
  AppealCard,
  AppealPopup,
  EventList,
  FeedbackCard,
  OrderAmounts,
  PayeeCard,
  PayerName,
  ReleasePopup,
  StatusTag,
  useNow,
} from '../../features/c2c/ui.ts';
import { useChatByMemberId } from '../../features/chat/index.ts';
import { confirm } from '../../lib/dialog.tsx';
import { navigate } from '../../lib/router/navigate.ts';
import { Paths } from '../../lib/router/paths.ts';
import { toastError } from '../../lib/toast.ts';

/**
 * The order (docs/product.md#routes /pages/c2c/detail?id=): status, countdowns, amounts, payee, actions,
 * chat.
 */
const DetailPage = () => {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const id = Number(params.get('id')) || 0;
  const order = useOrder(id);
  const fiat = useTradeConfig().data?.fiat ?? '';
  const markPaid = useMarkPaid();
  const cancel = useCancelOrder();
  const chatWith = useChatByMemberId();
  const [appealOpen, setAppealOpen] = useState(false);
  const [releaseOpen, setReleaseOpen] = useState(false);
  const now = useNow();

  const o = order.data;
  // Countdowns run from the server's seconds-left at fetch time, so a wrong device clock does not matter.
  const elapsed = o ? Math.floor((now - order.dataUpdatedAt) / 1000) : 0;
  const payLeft = o ? Math.max(0, o.payTimeLeft - elapsed) : 0;
  const releaseLeft = o ? Math.max(0, o.releaseTimeLeft - elapsed) : 0;
  const expired = o?.status === 'pending' && o.payTimeLeft > 0 && payLeft === 0;
  const releaseOver = o?.status === 'payment' && o.releaseTimeLeft > 0 && releaseLeft === 0;
  const { refetch } = order;
  useEffect(() => {
    // A countdown ended: read the order again a moment later. The sweeper cancels a late order; once the
    // release countdown is over the buyer may appeal, which the order's `actions` then say.
    if (!expired && !releaseOver) return;
    const timer = setTimeout(() => void refetch(), 3000);
    return () => clearTimeout(timer);
  }, [expired, releaseOver, refetch]);

  if (order.isPending) return <Page title={t('c2c.titles.detail')}>{<Loading />}</Page>;
  if (order.isError || !o)
    return (
      <Page title={t('c2c.titles.detail')}>
        <LoadError error={order.error} onRetry={() => void order.refetch()} />
      </Page>
    );

  const known = isKnownStatus(o.status);
  const actions = o.actions;
  const run = async (action: OrderAction) => {
    try {
      if (action === 'cancel') {
        if (!(await confirm(t('c2c.warn.cancel'), 'order-cancel', t('c2c.detail.cancel'), true))) return;
        await cancel.mutateAsync(o.orderId);
      } else if (action === 'paid') {
        if (!(await confirm(t('c2c.warn.paid'), 'order-paid', t('c2c.detail.paid')))) return;
        await markPaid.mutateAsync(o.orderId);
      } else if (action === 'release') {
        if (!(await confirm(t('c2c.warn.release'), 'order-release', t('c2c.detail.release')))) return;
        setReleaseOpen(true);
      } else setAppealOpen(true);
    } catch (error) {
      toastError(error);
    }
  };

  const headline = known ? t(`c2c.detail.head.${o.status}.${o.role}`) : t('c2c.status.unknown');
  return (
    <Page
      title={t('c2c.titles.detail')}
      right={
        <button
          type="button"
          className="c2c-nav-button"
          onClick={() =>
            navigate({
              path: Paths.complainSubmit,
              query: { targetKind: 'order', targetId: o.orderId, label: o.orderNo },
            })
          }
          data-testid="order-complain"
        >
          {t('c2c.detail.complain')}
        </button>
      }
    >
      <div className="page-body-inner" data-testid="order-detail" data-status={o.status}>
        <div className="c2c-status-head">
          <div className="c2c-card-title">
            <span className="c2c-status-title" data-testid="order-headline">
              {headline}
            </span>
            <StatusTag status={o.status} />
          </div>
          {o.status === 'pending' ? (
            <div>
              <span className="c2c-muted">{t('c2c.detail.payLeft')} </span>
              <span className="c2c-countdown" data-testid="order-pay-countdown">
                {formatCountdown(payLeft)}
              </span>
            </div>
          ) : null}
          {o.status === 'payment' ? (
            <div>
              <span className="c2c-muted">{t('c2c.detail.releaseLeft')} </span>
              <span className="c2c-countdown" data-testid="order-release-countdown">
                {formatCountdown(releaseLeft)}
              </span>
            </div>
          ) : null}
          {o.status === 'pending' && o.role === 'buyer' ? (
            <div className="c2c-warning">{t('c2c.detail.payHint', { amount: o.amountFiat, fiat })}</div>
          ) : null}
          {o.status === 'canceled' && o.cancelReason ? (
            <div className="c2c-muted">
              {t(`c2c.cancelReason.${o.cancelReason}`, { defaultValue: o.cancelReason })}
            </div>
          ) : null}
        </div>
        <FeedbackCard order={o} />
        <div className="c2c-card c2c-counterparty">
          <button
            type="button"
            className="c2c-link"
            onClick={() =>
              void navigate({
                path: Paths.c2cProfile,
                query: { userId: o.role === 'buyer' ? o.seller.userId : o.buyer.userId },
              })
            }
            data-testid="order-counterparty"
          >
            {t('c2c.profile.counterparty', {
              name: o.role === 'buyer' ? o.seller.nickName : o.buyer.nickName,
            })}
          </button>
          <Button
            size="small"
            fill="outline"
            loading={chatWith.isPending}
            onClick={() =>
              chatWith.mutate(o.role === 'buyer' ? o.seller.memberId : o.buyer.memberId, {
                onSuccess: (s) => navigate({ path: Paths.chatIndex, query: { id: s.id } }),
                onError: toastError,
              })
            }
            data-testid="order-message-counterparty"
          >
            {t('c2c.detail.messageCounterparty')}
          </Button>
        </div>
        <OrderAmounts order={o} fiat={fiat} />
        <PayerName order={o} />
        <PayeeCard order={o} />
        <AppealCard order={o} />
        <AddProof order={o} />
        {o.terms ? (
          <div className="c2c-card">
            <div className="c2c-card-title">{t('c2c.ad.terms')}</div>
            <div className="c2c-muted">{o.terms}</div>
          </div>
        ) : null}
        <EventList events={o.events} />
      </div>
      <div className="c2c-action-bar">
        {o.sessionId ? (
          <Button
            onClick={() => void navigate({ path: Paths.chatIndex, query: { id: o.sessionId } })}
            data-testid="order-chat"
          >
            {t('c2c.detail.chat')}
          </Button>
        ) : null}
        {actions.map((a) => (
          <Button
            key={a}
            color={a === 'cancel' || a === 'appeal' ? 'default' : 'primary'}
            fill={a === 'cancel' || a === 'appeal' ? 'outline' : 'solid'}
            loading={(a === 'cancel' && cancel.isPending) || (a === 'paid' && markPaid.isPending)}
            onClick={() => void run(a)}
            data-testid={`order-action-${a}`}
          >
            {t(`c2c.detail.${a}`)}
          </Button>
        ))}
      </div>
      <AppealPopup
        orderId={o.orderId}
        proofRequired={o.role === 'buyer'}
        visible={appealOpen}
        onClose={() => setAppealOpen(false)}
      />
      <ReleasePopup orderId={o.orderId} visible={releaseOpen} onClose={() => setReleaseOpen(false)} />
    </Page>
  );
};

export default DetailPage;
