import type { Order } from '@chatpay/shared';
import { InfiniteScroll, PullToRefresh, Tabs } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../components/EmptyState.tsx';
import { LoadError } from '../../components/LoadError.tsx';
import { Loading } from '../../components/Loading.tsx';
import { ORDER_TABS, type OrderTab, useOrders, useTradeConfig } from '../../features/c2c/index.ts';
import { C2CTabPage, StatusTag } from '../../features/c2c/ui.ts';
import { intlTag } from '../../lib/i18n/locale.ts';
import { PULL_REFRESH_THRESHOLD } from '../../lib/pull.ts';
import { navigate } from '../../lib/router/navigate.ts';
import { Paths } from '../../lib/router/paths.ts';

const OrderCard = ({ o, fiat }: { o: Order; fiat: string }) => {
  const { t, i18n } = useTranslation();
  const other = o.role === 'buyer' ? o.seller : o.buyer;
  return (
    <button
      type="button"
      className="c2c-card c2c-order-card"
      onClick={() => void navigate({ path: Paths.c2cDetail, query: { id: o.orderId } })}
      data-testid={`order-${o.orderId}`}
    >
      <div className="c2c-card-title">
        <span className={o.role === 'buyer' ? 'c2c-buy' : 'c2c-sell'}>
          {t(o.role === 'buyer' ? 'c2c.orders.buyUsdt' : 'c2c.orders.sellUsdt')}
        </span>
        <StatusTag status={o.status} />
      </div>
      <div className="c2c-ad-body">
        <div className="c2c-muted">
          <div>
            {t('c2c.order.price')} {o.price} {fiat}
          </div>
          <div>
            {t('c2c.order.quantity')} {t('common.usdtAmount', { amount: o.amountCoin })}
          </div>
          <div>
            {other.nickName} · {new Date(o.createTime).toLocaleString(intlTag(i18n.language))}
          </div>
          <div data-testid={`order-${o.orderId}-no`}>
            {t('c2c.order.orderId')} {o.orderNo}
          </div>
        </div>
        <div className="c2c-price">
          {o.amountFiat} <small>{fiat}</small>
        </div>
      </div>
    </button>
  );
};

/**
 * My orders with status tabs, pull-to-refresh and endless scroll (docs/product.md#routes /pages/c2c/order).
 */
const OrdersPage = () => {
  const { t } = useTranslation();
  const [tab, setTab] = useState<OrderTab>('all');
  const orders = useOrders(tab);
  const fiat = useTradeConfig().data?.fiat ?? '';
  const list = orders.data?.pages.flatMap((p) => p.list) ?? [];
  let body: React.ReactNode;
  if (orders.isPending) body = <Loading />;
  else if (orders.isError) body = <LoadError error={orders.error} onRetry={() => void orders.refetch()} />;
  else if (list.length === 0) body = <EmptyState title={t('c2c.orders.empty')} testId="orders-empty" />;
  else
    body = (
      <>
        {list.map((o) => (
          <OrderCard key={o.orderId} o={o} fiat={fiat} />
        ))}
        <InfiniteScroll
          loadMore={async () => void (await orders.fetchNextPage())}
          hasMore={orders.hasNextPage}
        />
      </>
    );
  return (
    <C2CTabPage title={t('c2c.titles.orders')}>
      <div className="c2c-tabs-sticky">
        <Tabs activeKey={tab} onChange={(k) => setTab(k as OrderTab)}>
          {ORDER_TABS.map((k) => (
            <Tabs.Tab
              key={k}
              title={
                <span data-testid={`orders-tab-${k}`}>
                  {k === 'all' ? t('c2c.status.all') : t(`c2c.status.${k}`)}
                </span>
              }
            />
          ))}
        </Tabs>
      </div>
      <PullToRefresh threshold={PULL_REFRESH_THRESHOLD} onRefresh={async () => void (await orders.refetch())}>
        {body}
      </PullToRefresh>
    </C2CTabPage>
  );
};

export default OrdersPage;
