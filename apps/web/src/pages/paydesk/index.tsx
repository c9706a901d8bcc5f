import { ErrorCode, type GoodsItem, type PayOrder } from '@chatpay/shared';
import { Dialog } from 'antd-mobile';
import { CheckCircleFill, ShopbagOutline } from 'antd-mobile-icons';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { Button } from '../../components/Button.tsx';
import { EmptyState } from '../../components/EmptyState.tsx';
import { LoadError } from '../../components/LoadError.tsx';
import { Loading } from '../../components/Loading.tsx';
import { Page } from '../../components/Page.tsx';
import { useCreateOrder, useGoods, useOrder, usePayOrder } from '../../features/paydesk/index.ts';
import { GrantOffer } from '../../features/paydesk/ui.ts';
import {
  checkAmount,
  createAttempt,
  showUsdt,
  showUsdtUnit,
  useBalance,
} from '../../features/wallet/index.ts';
import { PaySheet, usePinGuard } from '../../features/wallet/ui.ts';
import { ApiError } from '../../lib/errors.ts';
import { navigate } from '../../lib/router/navigate.ts';
import { Paths } from '../../lib/router/paths.ts';
import { toastError } from '../../lib/toast.ts';
import '../../features/wallet/wallet.css';
import '../../features/paydesk/paydesk.css';

const GoodsImage = ({ src }: { src: string }) =>
  src ? (
    <img className="goods-image" src={src} alt="" />
  ) : (
    <span className="goods-image goods-image-empty">
      <ShopbagOutline />
    </span>
  );

/**
 * What the cashier is about to charge: the chosen goods, or the order it was opened for (goods, or a merchant's
 * checkout: `merchant` names who is asking, `goodsId` is null).
 */
type Item = {
  goodsId: number | null;
  name: string;
  image: string;
  description: string;
  price: string;
  merchant: string | null;
};

const fromGoods = (g: GoodsItem): Item => ({
  goodsId: g.id,
  name: g.name,
  image: g.image,
  description: g.description,
  price: g.price,
  merchant: null,
});

const fromOrder = (o: PayOrder): Item => ({
  goodsId: o.goods?.id ?? null,
  name: o.goods?.name ?? o.description,
  image: o.goods?.image ?? '',
  description: o.goods ? '' : o.description,
  price: o.amount,
  merchant: o.merchant?.name ?? null,
});

/** An order that can no longer be paid, with what to do next. */
const OrderState = ({ order }: { order: PayOrder }) => {
  const { t } = useTranslation();
  return (
    <div className="pay-block order-state" data-testid="paydesk-order-state" data-status={order.status}>
      {order.status !== 'closed' ? <CheckCircleFill className="order-state-icon paid" /> : null}
      <div className="order-state-text">{t(`payDesk.status.${order.status}`)}</div>
      {order.status !== 'closed' ? (
        <Button
          color="primary"
          fill="outline"
          onClick={() => {
            navigate({ path: Paths.paySuccess, query: { orderNo: order.orderNo }, mode: 'redirectTo' });
          }}
          data-testid="paydesk-view-paid"
        >
          {t('payDesk.viewOrder')}
        </Button>
      ) : null}
    </div>
  );
};

/**
 * The cashier (docs/product.md#routes uni-pay pay-desk): choose goods (or come with `goodsId` / `orderNo`),
 * see the price and my balance, pay with the PIN. The order is created once per attempt and paid at most
 * once.
 */
const PayDeskPage = () => {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const givenOrderNo = params.get('orderNo') ?? '';
  const givenGoodsId = Number(params.get('goodsId')) || 0;
  const goods = useGoods();
  const given = useOrder(givenOrderNo);
  const balance = useBalance();
  const createOrder = useCreateOrder();
  const payOrder = usePayOrder();
  const pinGuard = usePinGuard();
  const attempt = useRef(createAttempt()).current;
  const [chosen, setChosen] = useState<number>(givenGoodsId);
  const [order, setOrder] = useState<PayOrder | null>(null);
  const [paying, setPaying] = useState(false);

  const list = goods.data ?? [];
  // The order being paid: the one the page was opened for, or the one made for the goods now chosen (choosing
  // other goods leaves it to expire and starts a new attempt).
  const pick = list.find((x) => x.id === chosen) ?? (list.length === 1 ? list[0] : undefined);
  const candidate = order ?? given.data ?? null;
  const current = candidate && (givenOrderNo || candidate.goods?.id === pick?.id) ? candidate : null;
  const item: Item | null = current ? fromOrder(current) : pick ? fromGoods(pick) : null;
  const available = balance.data?.available ?? null;
  const short = item ? checkAmount(item.price, { balance: available }) : null;
  const insufficient = short !== null && !short.ok && short.problem === 'aboveBalance';
  const closedOrPaid = current !== null && current.status !== 'unpaid';

  const showInsufficient = () =>
    Dialog.show({
      'aria-label': t('errors.1401'),
      content: t('errors.1401'),
      closeOnAction: true,
      actions: [
        [
          { key: 'cancel', text: t('common.cancel') },
          {
            key: 'wallet',
            text: t('payDesk.toWallet'),
            bold: true,
            onClick: () => {
              navigate(Paths.usdtWallet);
            },
          },
        ],
      ],
    });

  const onError = (error: unknown) => {
    if (!(error instanceof ApiError)) return toastError(error);
    if (error.code === ErrorCode.InsufficientBalance) return showInsufficient();
    toastError(error);
    // Paid (another tab) or closed meanwhile: show the order as it is now.
    if (error.code === ErrorCode.PayOrderPaid || error.code === ErrorCode.PayOrderClosed) {
      if (current) void given.refetch();
    }
  };

  const start = async () => {
    if (!item || !(await pinGuard())) return;
    if (insufficient) return showInsufficient();
    try {
      // A merchant's order is paid as it is; goods get one order per attempt (a second tap, or a retry after a
      // network error, answers the same order).
      if (item.goodsId !== null && (current?.status !== 'unpaid' || current.goods?.id !== item.goodsId)) {
        const requestId = attempt.idFor(String(item.goodsId));
        setOrder(await createOrder.mutateAsync({ goodsId: item.goodsId, requestId }));
      }
      setPaying(true);
    } catch (error) {
      onError(error);
    }
  };

  const pay = async (pin: string) => {
    if (!current) return;
    try {
      const paid = await payOrder.mutateAsync({ orderNo: current.orderNo, pin });
      attempt.done();
      setPaying(false);
      navigate({ path: Paths.paySuccess, query: { orderNo: paid.orderNo }, mode: 'redirectTo' });
    } catch (error) {
      if (error instanceof ApiError && error.code === ErrorCode.PayOrderPaid) {
        setOrder({ ...current, status: 'paid' });
      }
      if (error instanceof ApiError && error.code === ErrorCode.PayOrderClosed) {
        setOrder({ ...current, status: 'closed' });
        attempt.done();
      }
      throw error;
    }
  };

  let body: React.ReactNode;
  if ((givenOrderNo && given.isPending) || (!givenOrderNo && goods.isPending)) body = <Loading />;
  else if (givenOrderNo && given.error)
    body = <LoadError error={given.error} onRetry={() => given.refetch()} />;
  else if (!givenOrderNo && goods.error)
    body = <LoadError error={goods.error} onRetry={() => goods.refetch()} />;
  else if (!item && list.length === 0)
    body = <EmptyState title={t('payDesk.noGoods')} testId="paydesk-empty" />;
  else
    body = (
      <>
        {item ? (
          <div className="pay-block cashier-summary" data-testid="paydesk-summary">
            {item.merchant !== null ? (
              <div className="cashier-merchant" data-testid="paydesk-merchant">
                {t('payDesk.merchantAsks', { name: item.merchant })}
              </div>
            ) : null}
            <div className="cashier-label" data-testid="paydesk-description">
              {item.name}
            </div>
            <div className="cashier-price" data-testid="paydesk-price">
              <span className="pay-result-unit">{t('common.usdt')}</span>
              {showUsdt(item.price)}
            </div>
            {current ? (
              <div className="cashier-order">{t('payDesk.orderNo', { no: current.orderNo })}</div>
            ) : null}
          </div>
        ) : null}
        {current && closedOrPaid ? <OrderState order={current} /> : null}
        {!givenOrderNo && !closedOrPaid && list.length > 1 ? (
          <div className="pay-block goods-list" data-testid="paydesk-goods">
            <div className="amount-field-label">{t('payDesk.choose')}</div>
            {list.map((g) => (
              <button
                key={g.id}
                type="button"
                className={`goods-row${item?.goodsId === g.id ? ' selected' : ''}`}
                onClick={() => setChosen(g.id)}
                data-testid={`goods-${g.id}`}
              >
                <GoodsImage src={g.image} />
                <span className="goods-text">
                  <span className="goods-name">{g.name}</span>
                  {g.description ? <span className="goods-desc">{g.description}</span> : null}
                  <GrantOffer grant={g.grant} testId={`goods-grant-${g.id}`} />
                </span>
                <span className="goods-price" data-testid={`goods-price-${g.id}`}>
                  {showUsdtUnit(g.price)}
                </span>
              </button>
            ))}
          </div>
        ) : null}
        {closedOrPaid ? null : (
          <div className="pay-block cashier-method">
            <div className="cashier-method-row">
              <span>{t('payDesk.method')}</span>
              <span className="cashier-balance" data-testid="paydesk-balance">
                {t('wallet.availableLine', { amount: available !== null ? showUsdt(available) : '--' })}
              </span>
            </div>
            {insufficient ? (
              <div className="amount-field-hint error" data-testid="paydesk-insufficient">
                {t('errors.1401')}{' '}
                <button type="button" className="link" onClick={() => navigate(Paths.usdtWallet)}>
                  {t('payDesk.toWallet')}
                </button>
              </div>
            ) : null}
            <Button
              block
              color="primary"
              size="large"
              className="pay-submit"
              disabled={!item || balance.isPending}
              loading={createOrder.isPending}
              onClick={() => void start()}
              data-testid="paydesk-pay"
            >
              {item ? t('payDesk.payAmount', { amount: showUsdt(item.price) }) : t('payDesk.choose')}
            </Button>
          </div>
        )}
      </>
    );

  return (
    <Page title={t('payDesk.title')}>
      <div className="pay-form">{body}</div>
      <PaySheet
        visible={paying}
        purpose={item?.name ?? ''}
        amount={item?.price ?? '0'}
        onClose={() => setPaying(false)}
        onPay={pay}
        onError={onError}
      />
    </Page>
  );
};

export default PayDeskPage;
