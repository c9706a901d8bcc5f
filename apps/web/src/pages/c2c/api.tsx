import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/Button.tsx';
import { LoadError } from '../../components/LoadError.tsx';
import { Loading } from '../../components/Loading.tsx';
import { Page } from '../../components/Page.tsx';
import { TextInput } from '../../components/TextInput.tsx';
import { useMerchantInfo, useUpdateMerchant } from '../../features/c2c/index.ts';
import { ApiKeyPopup, CopyRow } from '../../features/c2c/ui.ts';
import { copyText } from '../../lib/clipboard.ts';
import { confirm } from '../../lib/dialog.tsx';
import { toastError, toastSuccess } from '../../lib/toast.ts';

const SIGNING = `string = METHOD + "\\n" + path?query + "\\n"
       + timestamp + "\\n" + nonce + "\\n" + body
x-signature = hex(HMAC_SHA256(merchantKey, string))

GET /api/open/c2c/balance
GET /api/open/c2c/order/page?page=1&size=20&status=all
GET /api/open/c2c/order/info?id=123`;

/**
 * Merchant API: id, key shown once with rotate, webhook URL, how to sign (docs/product.md#routes
 * /pages/c2c/api).
 */
const ApiPage = () => {
  const { t } = useTranslation();
  const info = useMerchantInfo();
  const [pinOpen, setPinOpen] = useState(false);
  const update = useUpdateMerchant();
  const [key, setKey] = useState<string | null>(null);
  const [webhook, setWebhook] = useState('');
  const current = info.data?.webhookUrl;
  useEffect(() => {
    if (current !== undefined) setWebhook(current);
  }, [current]);

  if (info.isPending) return <Page title={t('c2c.titles.api')}>{<Loading />}</Page>;
  if (info.isError || !info.data)
    return (
      <Page title={t('c2c.titles.api')}>
        <LoadError error={info.error} onRetry={() => void info.refetch()} />
      </Page>
    );
  const m = info.data;

  const newKey = async () => {
    const text = m.hasApiKey ? t('c2c.api.rotateConfirm') : t('c2c.api.createConfirm');
    if (!(await confirm(text, 'api-rotate', t('common.confirm'), m.hasApiKey))) return;
    setPinOpen(true);
  };

  const saveWebhook = async () => {
    try {
      await update.mutateAsync({ webhookUrl: webhook.trim() });
      toastSuccess(t('common.saved'));
    } catch (error) {
      toastError(error);
    }
  };

  return (
    <Page title={t('c2c.titles.api')}>
      <div className="c2c-card">
        <CopyRow label={t('c2c.api.merchantId')} value={m.merchantNo} testId="api-merchant-id" />
        <div className="c2c-field-label" style={{ marginTop: 8 }}>
          {t('c2c.api.merchantKey')}
        </div>
        {key ? (
          <>
            <div className="c2c-key" data-testid="api-key">
              {key}
            </div>
            <div className="c2c-warning">{t('c2c.api.keyOnce')}</div>
            <Button size="small" style={{ marginTop: 8 }} onClick={() => void copyText(key)}>
              {t('common.copy')}
            </Button>
          </>
        ) : (
          <div className="c2c-muted" data-testid="api-key-state">
            {m.hasApiKey ? t('c2c.api.keyHidden') : t('c2c.api.noKey')}
          </div>
        )}
        <Button
          block
          color={m.hasApiKey ? 'warning' : 'primary'}
          style={{ marginTop: 12 }}
          onClick={newKey}
          data-testid="api-rotate"
        >
          {m.hasApiKey ? t('c2c.api.rotate') : t('c2c.api.create')}
        </Button>
      </div>
      <div className="c2c-card">
        <div className="c2c-card-title">{t('c2c.api.webhook')}</div>
        <div className="c2c-input-row">
          <TextInput
            testId="api-webhook"
            value={webhook}
            onChange={setWebhook}
            placeholder="https://example.com/c2c/webhook"
          />
        </div>
        <div className="c2c-muted">{t('c2c.api.webhookHint')}</div>
        <Button
          size="small"
          color="primary"
          loading={update.isPending}
          onClick={saveWebhook}
          data-testid="api-webhook-save"
        >
          {t('common.save')}
        </Button>
      </div>
      <div className="c2c-card">
        <div className="c2c-card-title">{t('c2c.api.howTo')}</div>
        <div className="c2c-muted">{t('c2c.api.howToText')}</div>
        <pre className="c2c-code">{SIGNING}</pre>
      </div>
      <ApiKeyPopup
        visible={pinOpen}
        onClose={() => setPinOpen(false)}
        onKey={(k) => {
          setKey(k);
          void info.refetch();
        }}
      />
    </Page>
  );
};

export default ApiPage;
