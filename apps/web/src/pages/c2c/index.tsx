import { type AdType, type PaymentType, paymentTypes } from '@chatpay/shared';
import { InfiniteScroll, PullToRefresh, Tabs } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/Button.tsx';
import { EmptyState } from '../../components/EmptyState.tsx';
import { LoadError } from '../../components/LoadError.tsx';
import { Loading } from '../../components/Loading.tsx';
import { TextInput } from '../../components/TextInput.tsx';
import { fiatCents, useMarket, useTradeConfig } from '../../features/c2c/index.ts';
import { AdCard, C2CTabPage } from '../../features/c2c/ui.ts';
import { useAuth } from '../../lib/auth.ts';
import { PULL_REFRESH_THRESHOLD } from '../../lib/pull.ts';
import { navigate } from '../../lib/router/navigate.ts';
import { Paths } from '../../lib/router/paths.ts';
import { toast } from '../../lib/toast.ts';

/**
 * The market: buy or sell side, payment-method and amount filters, ad cards (docs/product.md#routes
 * /pages/c2c/index).
 */
const MarketPage = () => {
  const { t } = useTranslation();
  const uid = useAuth((s) => s.payload?.uid);
  // "Buy" shows the merchants' sell ads.
  const [side, setSide] = useState<'buy' | 'sell'>('buy');
  const [paymentType, setPaymentType] = useState<PaymentType | undefined>();
  const [amountInput, setAmountInput] = useState('');
  const [amount, setAmount] = useState<string | undefined>();
  const [trustedOnly, setTrustedOnly] = useState(false);
  const type: AdType = side === 'buy' ? 'sell' : 'buy';
  const market = useMarket({ type, paymentType, amount, ...(trustedOnly ? { trusted: true } : {}) });
  const fiat = useTradeConfig().data?.fiat ?? '';
  const ads = market.data?.pages.flatMap((p) => p.list) ?? [];

  const applyAmount = () => {
    const text = amountInput.trim();
    if (text && fiatCents(text) === null) return void toast(t('c2c.market.amountInvalid'));
    setAmount(text || undefined);
  };

  let body: React.ReactNode;
  if (market.isPending) body = <Loading />;
  else if (market.isError) body = <LoadError error={market.error} onRetry={() => void market.refetch()} />;
  else if (ads.length === 0)
    body = (
      <EmptyState
        title={t('c2c.market.empty')}
        description={t('c2c.market.emptyHint')}
        testId="market-empty"
      />
    );
  else
    body = (
      <>
        {ads.map((ad) => (
          <AdCard
            key={ad.id}
            ad={ad}
            fiat={fiat}
            mine={ad.merchant.userId === uid}
            onTrade={() => void navigate({ path: Paths.c2cTrans, query: { id: ad.id } })}
          />
        ))}
        <InfiniteScroll
          loadMore={async () => void (await market.fetchNextPage())}
          hasMore={market.hasNextPage}
        />
      </>
    );

  return (
    <C2CTabPage title={t('c2c.titles.market')}>
      <div className="c2c-tabs-sticky">
        <Tabs activeKey={side} onChange={(k) => setSide(k as 'buy' | 'sell')} className="c2c-side-tabs">
          <Tabs.Tab key="buy" title={<span data-testid="market-side-buy">{t('c2c.action.buy')}</span>} />
          <Tabs.Tab key="sell" title={<span data-testid="market-side-sell">{t('c2c.action.sell')}</span>} />
        </Tabs>
        <div className="c2c-chips">
          {[undefined, ...paymentTypes].map((p) => (
            <button
              type="button"
              key={p ?? 'all'}
              className={`c2c-chip${p === paymentType ? ' c2c-chip-active' : ''}`}
              onClick={() => setPaymentType(p)}
              data-testid={`market-pay-${p ?? 'all'}`}
            >
              {p ? t(`c2c.payType.${p}`) : t('c2c.market.allMethods')}
            </button>
          ))}
          <button
            type="button"
            className={`c2c-chip${trustedOnly ? ' c2c-chip-active' : ''}`}
            aria-pressed={trustedOnly}
            onClick={() => setTrustedOnly((v) => !v)}
            data-testid="market-trusted"
          >
            {t('trade.trustedOnly')}
          </button>
        </div>
        <div className="c2c-filters">
          <TextInput
            testId="market-amount"
            value={amountInput}
            onChange={setAmountInput}
            onEnter={applyAmount}
            inputMode="numeric"
            placeholder={t('c2c.market.amountPlaceholder', { fiat })}
          />
          <Button
            size="mini"
            color="primary"
            fill="outline"
            onClick={applyAmount}
            data-testid="market-amount-go"
          >
            {t('c2c.market.filter')}
          </Button>
        </div>
      </div>
      <PullToRefresh threshold={PULL_REFRESH_THRESHOLD} onRefresh={async () => void (await market.refetch())}>
        {body}
      </PullToRefresh>
    </C2CTabPage>
  );
};

export default MarketPage;
