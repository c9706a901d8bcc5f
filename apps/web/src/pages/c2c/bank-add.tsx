import { type PaymentType, paymentTypes } from '@chatpay/shared';
import { Form, Selector } from 'antd-mobile';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { Button } from '../../components/Button.tsx';
import { Loading } from '../../components/Loading.tsx';
import { Page } from '../../components/Page.tsx';
import { TextInput } from '../../components/TextInput.tsx';
import { UploadQueue } from '../../components/UploadQueue.tsx';
import { useAddBank, useBank, useUpdateBank } from '../../features/c2c/index.ts';
import { Proof } from '../../features/c2c/ui.ts';
import { useKycStatus } from '../../features/identity/index.ts';
import { back, navigate } from '../../lib/router/navigate.ts';
import { Paths } from '../../lib/router/paths.ts';
import { toast, toastError, toastSuccess } from '../../lib/toast.ts';
import { isCanceled, useUploadTasks } from '../../lib/upload-tasks.ts';

interface Draft {
  type: PaymentType;
  name: string;
  account: string;
  qrCode: string;
  cardNumber: string;
  bankName: string;
  branch: string;
  iban: string;
  publishKey: string;
  secretKey: string;
  dailyMaxOrders: string;
}

const blank = (type: PaymentType): Draft => ({
  type,
  name: '',
  account: '',
  qrCode: '',
  cardNumber: '',
  bankName: '',
  branch: '',
  iban: '',
  publishKey: '',
  secretKey: '',
  dailyMaxOrders: '0',
});

type Field = Exclude<keyof Draft, 'type' | 'qrCode' | 'dailyMaxOrders'>;
/** The form per type (docs/product.md#payment-methods); `true` marks optional fields. */
const FIELDS: Record<PaymentType, [Field, boolean][]> = {
  bank: [
    ['name', false],
    ['bankName', false],
    ['cardNumber', false],
    ['branch', true],
    ['iban', true],
  ],
  alipay: [
    ['name', false],
    ['account', false],
  ],
  wechat: [
    ['name', false],
    ['account', false],
  ],
  card: [
    ['name', false],
    ['publishKey', false],
    ['secretKey', false],
  ],
};

/** Add or edit a payment method (/pages/c2c/bank-add, docs/product.md#payment-methods). */
const BankAddPage = () => {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const id = Number(params.get('id')) || 0;
  const presetType = params.get('type') as PaymentType | null;
  const existing = useBank(id);
  // The account holder is the member's verified name (docs/design/identity.md): filled in, and said why.
  const kyc = useKycStatus();
  const verifiedName = kyc.data?.realName ?? null;
  const add = useAddBank();
  const update = useUpdateBank();
  const [draft, setDraft] = useState<Draft>(() =>
    blank(presetType && paymentTypes.includes(presetType) ? presetType : 'bank'),
  );
  const [loaded, setLoaded] = useState(id === 0);
  const qrUpload = useUploadTasks();
  const uploading = qrUpload.busy;
  const fileRef = useRef<HTMLInputElement>(null);
  const set = (key: keyof Draft, value: string) => setDraft((d) => ({ ...d, [key]: value }));

  useEffect(() => {
    if (id === 0 && verifiedName)
      setDraft((d) => (d.name || d.type === 'card' ? d : { ...d, name: verifiedName }));
  }, [id, verifiedName]);

  useEffect(() => {
    const m = existing.data;
    if (!m || loaded) return;
    setDraft({ ...blank(m.type), ...m, secretKey: '', dailyMaxOrders: String(m.dailyMaxOrders) });
    setLoaded(true);
  }, [existing.data, loaded]);

  if (!loaded) return <Page title={t('c2c.titles.bankAdd')}>{<Loading />}</Page>;
  const holder = draft.type !== 'card';

  const pickQr = async (file: File | undefined) => {
    if (!file) return;
    if (fileRef.current) fileRef.current.value = '';
    try {
      set('qrCode', await qrUpload.run(file));
    } catch (error) {
      if (!isCanceled(error)) toastError(error);
    }
  };

  const submit = async () => {
    for (const [field, optional] of FIELDS[draft.type]) {
      // Editing a card provider without a new secret keeps the stored one.
      if (field === 'secretKey' && id) continue;
      if (!optional && !draft[field].trim())
        return void toast(t('c2c.bank.required', { field: t(`c2c.bank.${field}`) }));
    }
    const daily = Number(draft.dailyMaxOrders || '0');
    if (!Number.isInteger(daily) || daily < 0) return void toast(t('c2c.bank.dailyInvalid'));
    const common = { name: draft.name, dailyMaxOrders: daily };
    const input =
      draft.type === 'bank'
        ? {
            type: 'bank' as const,
            ...common,
            cardNumber: draft.cardNumber,
            bankName: draft.bankName,
            branch: draft.branch,
            iban: draft.iban,
          }
        : draft.type === 'card'
          ? { type: 'card' as const, ...common, publishKey: draft.publishKey, secretKey: draft.secretKey }
          : {
              type: draft.type,
              ...common,
              account: draft.account,
              ...(draft.qrCode ? { qrCode: draft.qrCode } : {}),
            };
    try {
      if (id) {
        const withId = { ...input, id };
        if (withId.type === 'card' && !withId.secretKey) delete (withId as { secretKey?: string }).secretKey;
        await update.mutateAsync(withId as never);
      } else await add.mutateAsync(input as never);
      toastSuccess(t('common.saved'));
      back();
    } catch (error) {
      toastError(error);
    }
  };

  return (
    <Page title={id ? t('c2c.titles.bankEdit') : t('c2c.titles.bankAdd')}>
      <Form
        className="page-form c2c-boxed-form"
        layout="vertical"
        footer={
          <Button
            block
            color="primary"
            size="large"
            loading={add.isPending || update.isPending}
            disabled={uploading}
            onClick={submit}
            data-testid="bank-submit"
          >
            {t('common.save')}
          </Button>
        }
      >
        {kyc.data?.level === 0 ? (
          <Form.Item>
            <Button
              block
              fill="outline"
              color="primary"
              onClick={() => void navigate(Paths.userIdentity)}
              data-testid="bank-verify-first"
            >
              {t('c2c.bank.verifyFirst')}
            </Button>
          </Form.Item>
        ) : null}
        <Form.Item label={t('c2c.bank.type')}>
          <Selector
            columns={4}
            disabled={id > 0}
            options={paymentTypes.map((p) => ({ label: t(`c2c.payType.${p}`), value: p }))}
            value={[draft.type]}
            onChange={(v) => v[0] && setDraft((d) => ({ ...blank(v[0] as PaymentType), name: d.name }))}
            data-testid="bank-type"
          />
        </Form.Item>
        {FIELDS[draft.type].map(([field, optional]) => (
          <Form.Item
            key={field}
            label={optional ? `${t(`c2c.bank.${field}`)} (${t('common.optional')})` : t(`c2c.bank.${field}`)}
            description={
              field === 'secretKey' && id
                ? t('c2c.bank.secretKeep', { masked: existing.data?.secretKeyMasked ?? '' })
                : field === 'name' && holder
                  ? verifiedName
                    ? t('c2c.bank.holderIsVerified', { name: verifiedName })
                    : undefined
                  : undefined
            }
          >
            <TextInput
              testId={`bank-${field}`}
              value={draft[field]}
              onChange={(v) => set(field, v)}
              type={field === 'secretKey' ? 'password' : 'text'}
              autoComplete="off"
              placeholder={t(`c2c.bank.${field}Placeholder`, { defaultValue: '' })}
            />
          </Form.Item>
        ))}
        {draft.type === 'wechat' || draft.type === 'alipay' ? (
          <Form.Item label={`${t('c2c.bank.qrCode')} (${t('common.optional')})`}>
            {draft.qrCode ? <Proof url={draft.qrCode} /> : null}
            <input
              ref={fileRef}
              className="hidden-input"
              type="file"
              accept="image/*"
              data-testid="bank-qr-file"
              onChange={(e) => void pickQr(e.target.files?.[0])}
            />
            <Button
              size="small"
              loading={uploading}
              onClick={() => fileRef.current?.click()}
              style={{ marginTop: 6 }}
            >
              {draft.qrCode ? t('c2c.bank.qrReplace') : t('c2c.bank.qrUpload')}
            </Button>
            <UploadQueue tasks={qrUpload.tasks} />
          </Form.Item>
        ) : null}
        <Form.Item label={t('c2c.bank.dailyMax')} description={t('c2c.bank.dailyMaxHint')}>
          <TextInput
            testId="bank-dailyMaxOrders"
            value={draft.dailyMaxOrders}
            onChange={(v) => set('dailyMaxOrders', v.replace(/\D/g, ''))}
            inputMode="numeric"
            placeholder={t('c2c.bank.dailyMaxPlaceholder')}
          />
        </Form.Item>
      </Form>
    </Page>
  );
};

export default BankAddPage;
