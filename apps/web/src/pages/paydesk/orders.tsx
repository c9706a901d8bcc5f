import { List } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/Button.tsx';
import { EmptyState } from '../../components/EmptyState.tsx';
import { LoadError } from '../../components/LoadError.tsx';
import { Loading } from '../../components/Loading.tsx';
import { Page } from '../../components/Page.tsx';
import { useMyPurchases } from '../../features/paydesk/index.ts';
import { GrantedLine } from '../../features/paydesk/ui.ts';
import { i18n } from '../../lib/i18n/index.ts';
import { dateTime } from '../../lib/i18n/time.ts';
import { navigate } from '../../lib/router/navigate.ts';
import { Paths } from '../../lib/router/paths.ts';
import '../../features/paydesk/paydesk.css';

/** What I paid for at the pay desk: the shop or goods, the amount, refunds and the state. */
const PurchasesPage = () => {
  const { t } = useTranslation();
  const orders = useMyPurchases();
  const list = orders.data?.pages.flatMap((p) => p.list) ?? [];
  return (
    <Page title={t('pay.orders.title')}>
      {orders.isPending ? (
        <Loading />
      ) : orders.isError ? (
        <LoadError error={orders.error} onRetry={() => void orders.refetch()} />
      ) : list.length === 0 ? (
        <EmptyState title={t('pay.orders.empty')} testId="purchases-empty" />
      ) : (
        <List data-testid="purchases-list">
          {list.map((o) => (
            <List.Item
              key={o.orderNo}
              onClick={() => navigate({ path: Paths.payDesk, query: { orderNo: o.orderNo } })}
              data-testid={`purchase-${o.orderNo}`}
            >
              <div className="purchase-row">
                <span className="purchase-name">{o.merchant?.name ?? o.goods?.name ?? ''}</span>
                <span className="purchase-amount">{t('pay.orders.amount', { amount: o.amount })}</span>
              </div>
              {o.description && o.description !== o.goods?.name ? (
                <div className="c2c-muted">{o.description}</div>
              ) : null}
              <GrantedLine order={o} testId={`purchase-granted-${o.orderNo}`} />
              <div className="purchase-row c2c-muted">
                <span className="purchase-no">
                  {t('wallet.ref.order', { no: o.orderNo })} ·{' '}
                  {dateTime(o.paidTime ?? o.createTime, i18n.language)}
                </span>
                <span data-testid={`purchase-status-${o.orderNo}`}>
                  {t(`pay.orders.status.${o.status}`)}
                  {Number(o.refunded) > 0 ? ` · ${t('pay.orders.refunded', { amount: o.refunded })}` : ''}
                </span>
              </div>
            </List.Item>
          ))}
        </List>
      )}
      {orders.hasNextPage ? (
        <Button block fill="none" onClick={() => void orders.fetchNextPage()} data-testid="purchases-more">
          {t('common.loadMore')}
        </Button>
      ) : null}
    </Page>
  );
};

export default PurchasesPage;
