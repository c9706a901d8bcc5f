import { useQueryClient } from '@tanstack/react-query';
import { InfiniteScroll, PullToRefresh, Tabs } from 'antd-mobile';
import {
  CheckShieldOutline,
  DownlandOutline,
  RightOutline,
  SendOutline,
  ShopbagOutline,
  UploadOutline,
} from 'antd-mobile-icons';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../components/EmptyState.tsx';
import { LoadError } from '../../components/LoadError.tsx';
import { Loading } from '../../components/Loading.tsx';
import { Page } from '../../components/Page.tsx';
import '../../features/wallet/wallet.css';
import '../../features/chain/chain.css';
import { useChainRecords } from '../../features/chain/index.ts';
import { RecordRow } from '../../features/chain/ui.ts';
import {
  type HistoryTab,
  invalidateWallet,
  showUsdt,
  useBalance,
  useHistory,
  useHistoryCount,
  useWalletInfo,
} from '../../features/wallet/index.ts';
import { HistoryRow } from '../../features/wallet/ui.ts';
import { PULL_REFRESH_THRESHOLD } from '../../lib/pull.ts';
import { navigate } from '../../lib/router/navigate.ts';
import { Paths } from '../../lib/router/paths.ts';
import { toast } from '../../lib/toast.ts';

type Tab = HistoryTab | 'chain';
const TABS: Tab[] = ['all', 'income', 'expense', 'chain'];

/** Deposits and withdrawals with their states (confirming n/N, reviewing…) and short tx hashes. */
const ChainHistory = () => {
  const { t } = useTranslation();
  const records = useChainRecords('all');
  if (records.isPending) return <Loading />;
  if (records.error && !records.data)
    return <LoadError error={records.error} onRetry={() => records.refetch()} />;
  const list = records.data?.list ?? [];
  return (
    <div className="history-list" data-testid="history-chain">
      {list.length === 0 ? (
        <EmptyState title={t('wallet.empty')} description={t('wallet.emptyHint')} testId="history-empty" />
      ) : (
        list.map((r) => <RecordRow key={`${r.type}-${r.id}`} record={r} />)
      )}
    </div>
  );
};

const History = ({ tab }: { tab: HistoryTab }) => {
  const { t } = useTranslation();
  const history = useHistory(tab);
  if (history.isPending) return <Loading />;
  if (history.error && !history.data)
    return <LoadError error={history.error} onRetry={() => history.refetch()} />;
  const entries = history.data?.pages.flatMap((p) => p.list) ?? [];
  return (
    <div className="history-list" data-testid={`history-${tab}`}>
      {entries.length === 0 ? (
        <EmptyState title={t('wallet.empty')} description={t('wallet.emptyHint')} testId="history-empty" />
      ) : (
        entries.map((e) => <HistoryRow key={e.id} entry={e} />)
      )}
      {entries.length > 0 ? (
        <InfiniteScroll
          hasMore={history.hasNextPage}
          loadMore={async () => {
            const next = await history.fetchNextPage();
            // A failed page stops the scroll loader until the member taps to retry.
            if (next.isError) throw next.error;
          }}
        >
          {(hasMore, failed, retry) =>
            failed ? (
              <button type="button" className="link" onClick={() => void retry()}>
                {t('common.retry')}
              </button>
            ) : hasMore ? (
              t('common.loading')
            ) : (
              t('wallet.noMore')
            )
          }
        </InfiniteScroll>
      ) : null}
    </div>
  );
};

/**
 * USDT wallet (docs/product.md#routes, pull-to-refresh on): balance, income and expense, actions, history.
 */
const WalletPage = () => {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const balance = useBalance();
  const info = useWalletInfo();
  const counts = useHistoryCount();
  const [tab, setTab] = useState<Tab>('all');
  const chainOn = info.data?.networks.some((n) => n.enabled) ?? true;
  const soon = () => toast(t('wallet.notEnabled'));
  const actions = [
    { key: 'transfer', Icon: SendOutline, onClick: () => navigate(Paths.usdtTransfer), enabled: true },
    { key: 'store', Icon: ShopbagOutline, onClick: () => navigate(Paths.payDesk), enabled: true },
    // Deposit and withdrawal (docs/design/chain.md): "not enabled yet" only when the server has no network.
    {
      key: 'deposit',
      Icon: DownlandOutline,
      onClick: chainOn ? () => navigate(Paths.usdtIn) : soon,
      enabled: chainOn,
    },
    {
      key: 'withdraw',
      Icon: UploadOutline,
      onClick: chainOn ? () => navigate(Paths.usdtOut) : soon,
      enabled: chainOn,
    },
  ];
  return (
    <Page title={t('wallet.title')} bodyClassName="wallet-body">
      <PullToRefresh
        threshold={PULL_REFRESH_THRESHOLD}
        onRefresh={() => invalidateWallet(qc)}
        pullingText={t('chat.pull.pulling')}
        canReleaseText={t('chat.pull.release')}
        refreshingText={t('chat.pull.refreshing')}
        completeText={t('chat.pull.done')}
      >
        {balance.error && !balance.data ? (
          <LoadError error={balance.error} onRetry={() => balance.refetch()} />
        ) : (
          <section className="wallet-card" data-testid="wallet-card">
            <div className="wallet-card-label">{t('wallet.total')}</div>
            <div className="wallet-card-total" data-testid="wallet-total">
              {balance.data ? showUsdt(balance.data.total) : '--'}
            </div>
            <div className="wallet-card-split">
              <div>
                <span>{t('wallet.available')}</span>
                <strong data-testid="wallet-available">
                  {balance.data ? showUsdt(balance.data.available) : '--'}
                </strong>
              </div>
              <div>
                <span>{t('wallet.frozen')}</span>
                <strong data-testid="wallet-frozen">
                  {balance.data ? showUsdt(balance.data.frozen) : '--'}
                </strong>
              </div>
            </div>
          </section>
        )}
        <section className="wallet-stats">
          <div>
            <span>{t('wallet.income')}</span>
            <strong className="in" data-testid="wallet-income">
              {info.data ? showUsdt(info.data.income) : '--'}
            </strong>
          </div>
          <div>
            <span>{t('wallet.expense')}</span>
            <strong data-testid="wallet-expense">{info.data ? showUsdt(info.data.expense) : '--'}</strong>
          </div>
        </section>
        <section className="wallet-actions">
          {actions.map(({ key, Icon, onClick, enabled }) => (
            <button
              key={key}
              type="button"
              className={`wallet-action${enabled ? '' : ' soon'}`}
              aria-disabled={!enabled}
              onClick={onClick}
              data-testid={`wallet-${key}`}
            >
              <span className="wallet-action-icon">
                <Icon />
              </span>
              <span>{t(`wallet.actions.${key}`)}</span>
              {enabled ? null : <span className="wallet-action-soon">{t('wallet.soon')}</span>}
            </button>
          ))}
        </section>
        <button
          type="button"
          className="wallet-reserves-link"
          onClick={() => navigate(Paths.usdtReserves)}
          data-testid="wallet-reserves"
        >
          <CheckShieldOutline aria-hidden />
          <span>{t('reserves.title')}</span>
          <span className="wallet-reserves-hint">{t('reserves.linkHint')}</span>
          <RightOutline aria-hidden />
        </button>
        <section className="wallet-history">
          <Tabs activeKey={tab} onChange={(k) => setTab(k as Tab)} className="wallet-tabs">
            {TABS.map((k) => (
              <Tabs.Tab
                key={k}
                title={
                  <span data-testid={`history-tab-${k}`}>
                    {t(`wallet.tabs.${k}`)}
                    {k !== 'chain' && counts.data ? (
                      <span className="wallet-tab-count" data-testid={`history-count-${k}`}>
                        {` ${counts.data[k === 'all' ? 'total' : k]}`}
                      </span>
                    ) : null}
                  </span>
                }
              />
            ))}
          </Tabs>
          {tab === 'chain' ? <ChainHistory /> : <History key={tab} tab={tab} />}
        </section>
      </PullToRefresh>
    </Page>
  );
};

export default WalletPage;
