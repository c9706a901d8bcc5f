import { ErrorCode, PIN_LENGTH } from '@chatpay/shared';
import { Radio, Tag } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { Button } from '../../components/Button.tsx';
import { LoadError } from '../../components/LoadError.tsx';
import { Loading } from '../../components/Loading.tsx';
import { Page } from '../../components/Page.tsx';
import { PinInput } from '../../components/PinInput.tsx';
import { TextInput } from '../../components/TextInput.tsx';
import {
  cardLabel,
  previewOrder,
  type TakeMode,
  useAd,
  useBanks,
  useFetchQuote,
  useStartOrder,
  useTradeConfig,
} from '../../features/c2c/index.ts';
import { Badges, Requirements, Row, StatsLine } from '../../features/c2c/ui.ts';
import { createAttempt } from '../../features/wallet/index.ts';
import { confirm } from '../../lib/dialog.tsx';
import { navigate } from '../../lib/router/navigate.ts';
import { Paths } from '../../lib/router/paths.ts';
import { toast, toastError } from '../../lib/toast.ts';

/** Places an order on an ad: amount in fiat or coins with the conversion, limits, method, fee, confirm. */
const TransPage = () => {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const id = Number(params.get('id')) || 0;
  const ad = useAd(id);
  const config = useTradeConfig();
  const banks = useBanks();
  const start = useStartOrder();
  const fetchQuote = useFetchQuote();
  const [quoting, setQuoting] = useState(false);
  const [mode, setMode] = useState<TakeMode>('fiat');
  const [input, setInput] = useState('');
  const [methodId, setMethodId] = useState<number | undefined>();
  const [pin, setPin] = useState('');
  // One idempotency key per set of order details: a double tap or a retry answers the same order.
  const [attempt] = useState(createAttempt);

  if (ad.isPending || config.isPending) return <Page title={t('c2c.titles.trans')}>{<Loading />}</Page>;
  if (ad.isError || config.isError)
    return (
      <Page title={t('c2c.titles.trans')}>
        <LoadError
          error={ad.error ?? config.error}
          onRetry={() => void Promise.all([ad.refetch(), config.refetch()])}
        />
      </Page>
    );
  const a = ad.data;
  const { fiat, feePercent } = config.data;
  // Taking a sell ad, I buy; taking a buy ad, I sell and pay the coins now (PIN).
  const buying = a.type === 'sell';
  const full = !a.useShare;
  const text = full ? a.remaining : input.trim();
  const effMode: TakeMode = full ? 'coin' : mode;
  // The same rules the server applies (packages/shared pricing.ts), to preview and to explain a refusal.
  const { amountCoin, amountFiat, fee, receive, verdict } = previewOrder(a, effMode, text, feePercent);
  const myMethods = (banks.data ?? []).filter((b) => b.type === a.paymentType);

  const problem = (): string | null => {
    if (!verdict) return t('c2c.trans.amountInvalid');
    if (!verdict.ok) {
      if (verdict.code === ErrorCode.AmountBelowMinimum)
        return t('c2c.trans.belowMinimum', { min: verdict.details.minimum });
      if (verdict.code === ErrorCode.ExceedsRemaining) return t('c2c.trans.exceedsRemaining');
      return t('c2c.trans.outOfLimits', { ...verdict.details, fiat });
    }
    if (!buying && !methodId) return t('c2c.trans.chooseMethod');
    if (!buying && pin.length !== PIN_LENGTH) return t('c2c.trans.pinRequired');
    return null;
  };

  const submit = async () => {
    const issue = problem();
    if (issue) return void toast(issue);
    const amount = effMode === 'coin' ? { amountCoin: amountCoin ?? '' } : { amountFiat: amountFiat ?? '' };
    // What I confirm is the server's answer for this order, not the preview.
    setQuoting(true);
    const quote = await fetchQuote({ adId: a.id, ...amount }).catch((error: unknown) => {
      toastError(error);
      return null;
    });
    setQuoting(false);
    if (!quote) return;
    const summary = t(buying ? 'c2c.trans.confirmBuy' : 'c2c.trans.confirmSell', {
      coin: quote.amountCoin,
      fiatAmount: quote.amountFiat,
      fiat,
      fee: quote.charge,
    });
    if (!(await confirm(summary, 'trans-confirm', t('common.confirm')))) return;
    try {
      const order = await start.mutateAsync({
        adId: a.id,
        ...amount,
        ...(buying ? {} : { paymentMethodId: methodId, pin }),
        requestId: attempt.idFor(JSON.stringify({ ad: a.id, ...amount, methodId })),
      });
      attempt.done();
      navigate({ path: Paths.c2cDetail, query: { id: order.orderId }, mode: 'redirectTo' });
    } catch (error) {
      toastError(error);
    }
  };

  return (
    <Page title={t(buying ? 'c2c.trans.titleBuy' : 'c2c.trans.titleSell')}>
      <div className="c2c-card">
        <div className="c2c-card-title">
          <span>
            {a.merchant.name} <Badges badges={a.merchant.stats.badges} />
          </span>
          <Tag color="primary" fill="outline">
            {t(`c2c.payType.${a.paymentType}`)}
          </Tag>
        </div>
        <StatsLine stats={a.merchant.stats} />
        <Requirements ad={a} testId="trans-requirements" />
        <Row label={t('c2c.order.price')} value={`${a.price} ${fiat}`} testId="trans-price" />
        <Row
          label={t('c2c.ad.available')}
          value={t('common.usdtAmount', { amount: a.remaining })}
          testId="trans-remaining"
        />
        <Row label={t('c2c.ad.limit')} value={`${a.minLimit} - ${a.maxLimit} ${fiat}`} />
        <Row label={t('c2c.ad.timeLimit')} value={t('c2c.minutes', { n: a.timeLimit })} />
        {a.terms ? <div className="c2c-warning">{a.terms}</div> : null}
      </div>

      <div className="c2c-card">
        {full ? (
          <div className="c2c-warning">{t('c2c.trans.fullOnly')}</div>
        ) : (
          <div className="c2c-segment">
            <button
              type="button"
              className={mode === 'fiat' ? 'active' : ''}
              onClick={() => {
                setMode('fiat');
                setInput('');
              }}
              data-testid="trans-mode-fiat"
            >
              {t('c2c.trans.byFiat')}
            </button>
            <button
              type="button"
              className={mode === 'coin' ? 'active' : ''}
              onClick={() => {
                setMode('coin');
                setInput('');
              }}
              data-testid="trans-mode-coin"
            >
              {t('c2c.trans.byCoin')}
            </button>
          </div>
        )}
        <div className="c2c-input-row">
          <TextInput
            testId="trans-amount"
            value={full ? a.remaining : input}
            onChange={(v) => setInput(v.replace(/[^\d.]/g, ''))}
            inputMode="numeric"
            placeholder={
              effMode === 'fiat'
                ? t('c2c.trans.fiatPlaceholder', { min: a.minLimit, max: a.maxLimit })
                : t('c2c.trans.coinPlaceholder')
            }
          />
          <span>{effMode === 'fiat' ? fiat : t('common.usdt')}</span>
        </div>
        <Row
          label={buying ? t('c2c.trans.youPay') : t('c2c.trans.youGet')}
          value={`${amountFiat ?? '—'} ${fiat}`}
          testId="trans-fiat"
        />
        <Row
          label={t('c2c.order.quantity')}
          value={t('common.usdtAmount', { amount: amountCoin ?? '—' })}
          testId="trans-coin"
        />
        <Row
          label={t('c2c.order.fee', { percent: feePercent })}
          value={t('common.usdtAmount', { amount: fee ?? '—' })}
          testId="trans-fee"
        />
        <Row
          label={buying ? t('c2c.trans.youReceive') : t('c2c.trans.buyerReceives')}
          value={t('common.usdtAmount', { amount: receive ?? '—' })}
          testId="trans-receive"
        />
      </div>

      {!buying && (
        <div className="c2c-card">
          <div className="c2c-card-title">{t('c2c.trans.myMethod')}</div>
          {myMethods.length === 0 ? (
            <Button
              size="small"
              onClick={() => void navigate({ path: Paths.c2cBankAdd, query: { type: a.paymentType } })}
            >
              {t('c2c.bank.add')}
            </Button>
          ) : (
            <Radio.Group value={methodId} onChange={(v) => setMethodId(Number(v))}>
              {myMethods.map((m) => {
                const label = cardLabel(m.card);
                return (
                  <div key={m.id} className="c2c-row">
                    <Radio value={m.id} data-testid={`trans-method-${m.id}`}>
                      {label.name} · {label.code}
                    </Radio>
                  </div>
                );
              })}
            </Radio.Group>
          )}
          <div className="c2c-field-label">{t('c2c.trans.pin')}</div>
          <PinInput testId="trans-pin" value={pin} onChange={setPin} ariaLabel={t('c2c.trans.pin')} />
        </div>
      )}

      <div className="page-actions">
        <div className="c2c-muted">{t('c2c.trans.payWithin', { n: a.timeLimit })}</div>
        <Button
          block
          size="large"
          color={buying ? 'success' : 'danger'}
          loading={quoting || start.isPending}
          onClick={submit}
          data-testid="trans-submit"
        >
          {t(buying ? 'c2c.trans.submitBuy' : 'c2c.trans.submitSell')}
        </Button>
      </div>
    </Page>
  );
};

export default TransPage;
