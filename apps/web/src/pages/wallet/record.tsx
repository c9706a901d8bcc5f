import { List } from 'antd-mobile';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { LoadError } from '../../components/LoadError.tsx';
import { Loading } from '../../components/Loading.tsx';
import { Page } from '../../components/Page.tsx';
import '../../features/wallet/wallet.css';
import {
  entryAmount,
  entryReference,
  entryStatus,
  entryTitle,
  isNeutral,
  showSigned,
  showUsdtUnit,
  useWalletEntry,
} from '../../features/wallet/index.ts';
import { copyText } from '../../lib/clipboard.ts';
import { dateTime } from '../../lib/i18n/time.ts';
import { navigate } from '../../lib/router/navigate.ts';
import { Paths } from '../../lib/router/paths.ts';

const Field = ({ label, testId, children }: { label: string; testId: string; children: ReactNode }) => (
  <List.Item extra={<span data-testid={testId}>{children}</span>}>{label}</List.Item>
);

/**
 * One record of the wallet history (docs/product.md#history): type, amount, fee, balance after, time,
 * counterparty, order or reference, status, and the tx hash of a chain record. Another member's is not found.
 */
const WalletRecordPage = () => {
  const { t, i18n } = useTranslation();
  const [params] = useSearchParams();
  const id = Number(params.get('id')) || 0;
  const entry = useWalletEntry(id);
  const e = entry.data;
  const ref = e ? entryReference(t, e) : '';
  const c2cOrder = e?.reference?.type === 'c2c-order' ? e.reference.id : null;
  return (
    <Page title={t('wallet.record.title')}>
      {entry.isPending && id > 0 ? <Loading /> : null}
      {entry.error || id <= 0 ? (
        <LoadError error={entry.error ?? new Error('not found')} onRetry={() => entry.refetch()} />
      ) : null}
      {e ? (
        <div data-testid="wallet-record" data-action={e.action} data-flow={e.flow}>
          <section className="record-head">
            <div className="record-title" data-testid="record-type">
              {entryTitle(t, e)}
            </div>
            <div className={`record-amount ${isNeutral(e) ? 'neutral' : e.flow}`} data-testid="record-amount">
              {entryAmount(t, e, showSigned)}
            </div>
          </section>
          <List className="record-fields">
            {e.fee ? (
              <Field label={t('wallet.record.fee')} testId="record-fee">
                {showUsdtUnit(e.fee)}
              </Field>
            ) : null}
            {e.balanceAfter ? (
              <Field label={t('wallet.record.balanceAfter')} testId="record-balance">
                {showUsdtUnit(e.balanceAfter)}
              </Field>
            ) : null}
            <Field label={t('wallet.record.time')} testId="record-time">
              {dateTime(e.createTime, i18n.language)}
            </Field>
            {e.counterparty ? (
              <Field label={t('wallet.record.counterparty')} testId="record-counterparty">
                {t('wallet.record.member', { name: e.counterparty.nickName, id: e.counterparty.memberId })}
              </Field>
            ) : null}
            {ref ? (
              <List.Item
                extra={<span data-testid="record-ref">{ref}</span>}
                clickable={c2cOrder !== null}
                arrowIcon={c2cOrder !== null}
                onClick={
                  c2cOrder !== null
                    ? () => navigate({ path: Paths.c2cDetail, query: { id: c2cOrder } })
                    : undefined
                }
              >
                {t('wallet.record.reference')}
              </List.Item>
            ) : null}
            <Field label={t('wallet.record.status')} testId="record-status">
              {entryStatus(t, e)}
            </Field>
            {e.txHash ? (
              <List.Item
                extra={<span data-testid="record-tx">{e.txHash}</span>}
                onClick={() => copyText(e.txHash!)}
              >
                {t('wallet.record.txHash')}
              </List.Item>
            ) : null}
            <Field label={t('wallet.record.id')} testId="record-id">
              {String(e.id)}
            </Field>
          </List>
        </div>
      ) : null}
    </Page>
  );
};

export default WalletRecordPage;
