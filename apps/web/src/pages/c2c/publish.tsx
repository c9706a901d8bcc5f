import type { AdType, PriceType } from '@chatpay/shared';
import { Form, Radio, Selector, Switch } from 'antd-mobile';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { Button } from '../../components/Button.tsx';
import { Loading } from '../../components/Loading.tsx';
import { Page } from '../../components/Page.tsx';
import { TextInput } from '../../components/TextInput.tsx';
import {
  cardLabel,
  fiatCents,
  floatPreview,
  usdtMicro,
  useBanks,
  useMyAd,
  usePublishAd,
  useRate,
  useTradeConfig,
  useUpdateAd,
} from '../../features/c2c/index.ts';
import { back, navigate } from '../../lib/router/navigate.ts';
import { Paths } from '../../lib/router/paths.ts';
import { toast, toastError, toastSuccess } from '../../lib/toast.ts';

interface Draft {
  type: AdType;
  paymentMethodId?: number;
  priceType: PriceType;
  price: string;
  /** Floating: percent of the reference rate. */
  floatPercent: string;
  quantity: string;
  minLimit: string;
  maxLimit: string;
  timeLimit: number;
  terms: string;
  /** Posted into each new order's chat. */
  autoReply: string;
  useShare: boolean;
  /** Taker requirements as typed (digits; empty = none). */
  takerMinOrders: string;
  takerMinDays: string;
  /** The verification level takers need: the market's own (1), or 2 (docs/design/identity.md). */
  takerMinLevel: 1 | 2;
}

const empty: Draft = {
  type: 'sell',
  priceType: 'fixed',
  price: '',
  floatPercent: '100',
  quantity: '',
  minLimit: '',
  maxLimit: '',
  timeLimit: 15,
  terms: '',
  autoReply: '',
  useShare: true,
  takerMinOrders: '',
  takerMinDays: '',
  takerMinLevel: 1,
};

/** Publish or edit an ad (docs/product.md#ads: limits, time limit and price required, terms optional). */
const PublishPage = () => {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const id = Number(params.get('id')) || 0;
  const existing = useMyAd(id);
  const banks = useBanks();
  const config = useTradeConfig();
  const rate = useRate();
  const publish = usePublishAd();
  const update = useUpdateAd();
  const [draft, setDraft] = useState<Draft>(empty);
  const [loaded, setLoaded] = useState(id === 0);
  const set = <K extends keyof Draft>(key: K, value: Draft[K]) => setDraft((d) => ({ ...d, [key]: value }));

  useEffect(() => {
    const a = existing.data;
    if (!a || loaded) return;
    setDraft({
      type: a.type,
      paymentMethodId: a.paymentMethodId,
      priceType: a.priceType,
      price: a.price,
      floatPercent: a.floatPercent ?? '100',
      quantity: a.remaining,
      minLimit: a.minLimit,
      maxLimit: a.maxLimit,
      timeLimit: a.timeLimit,
      terms: a.terms,
      autoReply: a.autoReply,
      useShare: a.useShare,
      takerMinOrders: a.requirements.minOrders ? String(a.requirements.minOrders) : '',
      takerMinDays: a.requirements.minDays ? String(a.requirements.minDays) : '',
      takerMinLevel: a.requirements.minLevel >= 2 ? 2 : 1,
    });
    setLoaded(true);
  }, [existing.data, loaded]);

  // The only payment method is the one an ad uses: choose it without a tap.
  const only = id === 0 && banks.data?.length === 1 ? banks.data[0]!.id : undefined;
  useEffect(() => {
    if (only !== undefined) setDraft((d) => (d.paymentMethodId ? d : { ...d, paymentMethodId: only }));
  }, [only]);

  if (!loaded || banks.isPending) return <Page title={t('c2c.titles.publish')}>{<Loading />}</Page>;
  const fiat = config.data?.fiat ?? '';
  const timeLimits = config.data?.timeLimits ?? [15, 30, 60];
  const methods = banks.data ?? [];

  const problem = () => {
    if (!draft.paymentMethodId) return t('c2c.publish.chooseMethod');
    if (draft.priceType === 'fixed' && !fiatCents(draft.price)) return t('c2c.publish.priceInvalid');
    const percent = Number(draft.floatPercent);
    if (
      draft.priceType === 'floating' &&
      !(/^\d{1,3}(\.\d{1,2})?$/.test(draft.floatPercent) && percent >= 50 && percent <= 200)
    )
      return t('c2c.publish.floatInvalid');
    if (!usdtMicro(draft.quantity)) return t('c2c.publish.quantityInvalid');
    const min = fiatCents(draft.minLimit);
    const max = fiatCents(draft.maxLimit);
    if (!min || !max) return t('c2c.publish.limitsRequired');
    if (min > max) return t('c2c.publish.limitsOrder');
    return null;
  };

  const submit = async () => {
    const issue = problem();
    if (issue) return void toast(issue);
    const { price, floatPercent, ...rest } = draft;
    const input = {
      ...rest,
      ...(draft.priceType === 'fixed' ? { price } : { floatPercent }),
      paymentMethodId: draft.paymentMethodId ?? 0,
      takerMinOrders: Number(draft.takerMinOrders) || 0,
      takerMinDays: Number(draft.takerMinDays) || 0,
      takerMinLevel: draft.takerMinLevel,
    };
    try {
      if (id) await update.mutateAsync({ ...input, id });
      else await publish.mutateAsync(input);
      toastSuccess(id ? t('c2c.publish.saved') : t('c2c.publish.published'));
      back();
    } catch (error) {
      toastError(error);
    }
  };

  const money = (key: 'price' | 'quantity' | 'minLimit' | 'maxLimit', placeholder: string) => (
    <TextInput
      testId={`publish-${key}`}
      value={draft[key]}
      onChange={(v) => set(key, v.replace(/[^\d.]/g, ''))}
      inputMode="numeric"
      placeholder={placeholder}
    />
  );

  return (
    <Page title={id ? t('c2c.titles.edit') : t('c2c.titles.publish')}>
      <Form
        className="page-form c2c-boxed-form"
        layout="vertical"
        footer={
          <Button
            block
            color="primary"
            size="large"
            loading={publish.isPending || update.isPending}
            onClick={submit}
            data-testid="publish-submit"
          >
            {id ? t('common.save') : t('c2c.publish.submit')}
          </Button>
        }
      >
        <Form.Item label={t('c2c.publish.type')} description={t(`c2c.publish.typeHint.${draft.type}`)}>
          <Radio.Group value={draft.type} onChange={(v) => set('type', v as AdType)} disabled={id > 0}>
            <Radio value="sell" data-testid="publish-type-sell" style={{ marginRight: 24 }}>
              {t('c2c.ads.type.sell')}
            </Radio>
            <Radio value="buy" data-testid="publish-type-buy">
              {t('c2c.ads.type.buy')}
            </Radio>
          </Radio.Group>
        </Form.Item>
        <Form.Item label={t('c2c.publish.method')}>
          {methods.length === 0 ? (
            <Button
              size="small"
              onClick={() => void navigate(Paths.c2cBankAdd)}
              data-testid="publish-add-method"
            >
              {t('c2c.bank.add')}
            </Button>
          ) : (
            <Radio.Group value={draft.paymentMethodId} onChange={(v) => set('paymentMethodId', Number(v))}>
              {methods.map((m) => {
                const label = cardLabel(m.card);
                return (
                  <div key={m.id} className="c2c-row">
                    <Radio value={m.id} data-testid={`publish-method-${m.id}`}>
                      {t(`c2c.payType.${m.type}`)} · {label.name}
                    </Radio>
                  </div>
                );
              })}
            </Radio.Group>
          )}
        </Form.Item>
        <Form.Item label={t('c2c.publish.priceType')}>
          <div className="c2c-segment">
            {(['fixed', 'floating'] as const).map((p) => (
              <button
                key={p}
                type="button"
                className={draft.priceType === p ? 'active' : ''}
                onClick={() => set('priceType', p)}
                data-testid={`publish-priceType-${p}`}
              >
                {t(`c2c.publish.priceTypes.${p}`)}
              </button>
            ))}
          </div>
        </Form.Item>
        {draft.priceType === 'fixed' ? (
          <Form.Item
            label={t('c2c.publish.price', { fiat })}
            description={
              rate.data ? t('c2c.publish.rate', { rate: rate.data.rate, fiat: rate.data.fiat }) : null
            }
          >
            {money('price', t('c2c.publish.pricePlaceholder'))}
          </Form.Item>
        ) : (
          <Form.Item
            label={t('c2c.publish.floatPercent')}
            description={
              rate.data
                ? t('c2c.publish.floatPreview', {
                    rate: rate.data.rate,
                    fiat: rate.data.fiat,
                    price: floatPreview(rate.data.rate, draft.floatPercent),
                  })
                : null
            }
          >
            <TextInput
              testId="publish-floatPercent"
              value={draft.floatPercent}
              onChange={(v) => set('floatPercent', v.replace(/[^\d.]/g, ''))}
              inputMode="numeric"
              placeholder="100"
            />
          </Form.Item>
        )}
        <Form.Item label={id ? t('c2c.publish.quantityLeft') : t('c2c.publish.quantity')}>
          {money('quantity', t('common.usdt'))}
        </Form.Item>
        <Form.Item label={t('c2c.publish.minLimit', { fiat })}>{money('minLimit', fiat)}</Form.Item>
        <Form.Item label={t('c2c.publish.maxLimit', { fiat })}>{money('maxLimit', fiat)}</Form.Item>
        <Form.Item label={t('c2c.ad.timeLimit')}>
          <Selector
            columns={4}
            options={timeLimits.map((m) => ({ label: t('c2c.minutes', { n: m }), value: m }))}
            value={[draft.timeLimit]}
            onChange={(v) => v[0] && set('timeLimit', v[0])}
          />
        </Form.Item>
        <Form.Item label={`${t('c2c.ad.terms')} (${t('common.optional')})`}>
          <textarea
            className="c2c-textarea"
            data-testid="publish-terms"
            value={draft.terms}
            maxLength={1000}
            onChange={(e) => set('terms', e.target.value)}
            placeholder={t('c2c.publish.termsPlaceholder')}
          />
        </Form.Item>
        <Form.Item label={`${t('trade.autoReply')} (${t('common.optional')})`}>
          <textarea
            className="c2c-textarea"
            data-testid="publish-autoReply"
            value={draft.autoReply}
            maxLength={500}
            onChange={(e) => set('autoReply', e.target.value)}
            placeholder={t('trade.autoReplyPlaceholder')}
          />
        </Form.Item>
        <Form.Item
          label={t('c2c.publish.useShare')}
          description={draft.useShare ? t('c2c.publish.split') : t('c2c.publish.full')}
          childElementPosition="right"
        >
          <Switch
            checked={draft.useShare}
            onChange={(v) => set('useShare', v)}
            data-testid="publish-useshare"
          />
        </Form.Item>
        <Form.Item
          label={`${t('c2c.publish.takerMinOrders')} (${t('common.optional')})`}
          description={t('c2c.publish.takerHint')}
        >
          <TextInput
            testId="publish-takerMinOrders"
            value={draft.takerMinOrders}
            onChange={(v) => set('takerMinOrders', v.replace(/\D/g, '').slice(0, 5))}
            inputMode="numeric"
            placeholder="0"
          />
        </Form.Item>
        <Form.Item label={`${t('c2c.publish.takerMinDays')} (${t('common.optional')})`}>
          <TextInput
            testId="publish-takerMinDays"
            value={draft.takerMinDays}
            onChange={(v) => set('takerMinDays', v.replace(/\D/g, '').slice(0, 4))}
            inputMode="numeric"
            placeholder="0"
          />
        </Form.Item>
        <Form.Item label={t('c2c.publish.takerMinLevel')} description={t('c2c.publish.takerLevelHint')}>
          <Selector
            columns={2}
            options={([1, 2] as const).map((level) => ({
              label: t(`identity.level.name${level}`),
              value: level,
            }))}
            value={[draft.takerMinLevel]}
            onChange={(v) => v[0] && set('takerMinLevel', v[0])}
            data-testid="publish-takerMinLevel"
          />
        </Form.Item>
      </Form>
    </Page>
  );
};

export default PublishPage;
