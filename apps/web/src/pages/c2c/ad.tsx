import { type Ad, AdStatus } from '@chatpay/shared';
import { InfiniteScroll, PullToRefresh, Tag } from 'antd-mobile';
import { AddOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/Button.tsx';
import { EmptyState } from '../../components/EmptyState.tsx';
import { LoadError } from '../../components/LoadError.tsx';
import { Loading } from '../../components/Loading.tsx';
import {
  useCloseAd,
  useDeleteAd,
  useMerchantInfo,
  useMyAds,
  usePutUpAd,
  useTradeConfig,
} from '../../features/c2c/index.ts';
import { C2CTabPage, Row } from '../../features/c2c/ui.ts';
import { confirm } from '../../lib/dialog.tsx';
import { PULL_REFRESH_THRESHOLD } from '../../lib/pull.ts';
import { navigate } from '../../lib/router/navigate.ts';
import { Paths } from '../../lib/router/paths.ts';
import { toastError, toastSuccess } from '../../lib/toast.ts';

const MyAdCard = ({ ad, fiat }: { ad: Ad; fiat: string }) => {
  const { t } = useTranslation();
  const close = useCloseAd();
  const putUp = usePutUpAd();
  const del = useDeleteAd();
  const active = ad.status === AdStatus.Active;
  const act = async (fn: () => Promise<unknown>, done: string) => {
    try {
      await fn();
      toastSuccess(done);
    } catch (error) {
      toastError(error);
    }
  };
  const remove = async () => {
    if (!(await confirm(t('c2c.ads.deleteConfirm'), 'ad-delete', t('common.delete'), true))) return;
    await act(() => del.mutateAsync(ad.id), t('c2c.ads.deleted'));
  };
  return (
    <div className="c2c-card" data-testid={`my-ad-${ad.id}`} data-status={ad.status}>
      <div className="c2c-card-title">
        <span className={ad.type === 'buy' ? 'c2c-buy' : 'c2c-sell'}>
          {t(`c2c.ads.type.${ad.type}`)} · {t(`c2c.payType.${ad.paymentType}`)}
        </span>
        <Tag color={active ? 'success' : 'default'} fill="outline">
          {active ? t('c2c.ads.active') : t('c2c.ads.inactive')}
        </Tag>
      </div>
      <Row label={t('c2c.order.price')} value={`${ad.price} ${fiat}`} />
      <Row
        label={t('c2c.ads.remaining')}
        value={t('common.usdtAmount', { amount: `${ad.remaining} / ${ad.quantity}` })}
        testId={`my-ad-${ad.id}-remaining`}
      />
      <Row label={t('c2c.ad.limit')} value={`${ad.minLimit} - ${ad.maxLimit} ${fiat}`} />
      <Row label={t('c2c.ad.timeLimit')} value={t('c2c.minutes', { n: ad.timeLimit })} />
      {ad.openOrders > 0 ? (
        <div className="c2c-muted">{t('c2c.ads.openOrders', { n: ad.openOrders })}</div>
      ) : null}
      <div className="c2c-ad-actions">
        <Button
          size="small"
          onClick={() => void navigate({ path: Paths.c2cPublish, query: { id: ad.id } })}
          disabled={ad.openOrders > 0}
          data-testid={`my-ad-${ad.id}-edit`}
        >
          {t('c2c.ads.edit')}
        </Button>
        {active ? (
          <Button
            size="small"
            loading={close.isPending}
            onClick={() => void act(() => close.mutateAsync(ad.id), t('c2c.ads.closed'))}
            data-testid={`my-ad-${ad.id}-close`}
          >
            {t('c2c.ads.takeDown')}
          </Button>
        ) : (
          <Button
            size="small"
            color="primary"
            fill="outline"
            loading={putUp.isPending}
            onClick={() => void act(() => putUp.mutateAsync(ad.id), t('c2c.ads.putUpDone'))}
            data-testid={`my-ad-${ad.id}-putup`}
          >
            {t('c2c.ads.putUp')}
          </Button>
        )}
        <Button
          size="small"
          color="danger"
          fill="outline"
          loading={del.isPending}
          onClick={() => void remove()}
          data-testid={`my-ad-${ad.id}-delete`}
        >
          {t('common.delete')}
        </Button>
      </div>
    </div>
  );
};

/**
 * My ads: publish, edit, take down, put up, delete (/pages/c2c/ad, docs/product.md#ads).
 */
const AdsPage = () => {
  const { t } = useTranslation();
  const merchant = useMerchantInfo();
  const approved = merchant.data?.status === 'approved';
  const ads = useMyAds();
  const fiat = useTradeConfig().data?.fiat ?? '';
  const list = ads.data?.pages.flatMap((p) => p.list) ?? [];
  const publish = approved ? (
    <button
      type="button"
      className="nav-back"
      aria-label={t('c2c.ads.publish')}
      onClick={() => void navigate(Paths.c2cPublish)}
      data-testid="ads-publish"
    >
      <AddOutline />
    </button>
  ) : null;

  let body: React.ReactNode;
  if (merchant.isPending || ads.isPending) body = <Loading />;
  else if (merchant.isError)
    body = <LoadError error={merchant.error} onRetry={() => void merchant.refetch()} />;
  else if (!approved)
    body = (
      <EmptyState
        title={t('c2c.ads.notMerchant')}
        description={t('c2c.ads.notMerchantHint')}
        testId="ads-not-merchant"
      >
        <Button color="primary" onClick={() => void navigate({ path: Paths.c2cMy, mode: 'redirectTo' })}>
          {t('c2c.my.apply')}
        </Button>
      </EmptyState>
    );
  else if (ads.isError) body = <LoadError error={ads.error} onRetry={() => void ads.refetch()} />;
  else if (list.length === 0)
    body = (
      <EmptyState title={t('c2c.ads.empty')} description={t('c2c.ads.emptyHint')} testId="ads-empty">
        <Button
          color="primary"
          onClick={() => void navigate(Paths.c2cPublish)}
          data-testid="ads-publish-empty"
        >
          {t('c2c.ads.publish')}
        </Button>
      </EmptyState>
    );
  else
    body = (
      <>
        {list.map((ad) => (
          <MyAdCard key={ad.id} ad={ad} fiat={fiat} />
        ))}
        <InfiniteScroll loadMore={async () => void (await ads.fetchNextPage())} hasMore={ads.hasNextPage} />
      </>
    );

  return (
    <C2CTabPage title={t('c2c.titles.ads')} right={publish}>
      <PullToRefresh
        threshold={PULL_REFRESH_THRESHOLD}
        onRefresh={async () => void (await Promise.all([ads.refetch(), merchant.refetch()]))}
      >
        {body}
      </PullToRefresh>
    </C2CTabPage>
  );
};

export default AdsPage;
