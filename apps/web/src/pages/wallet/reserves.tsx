import { formatRatio, formatUsdt, micro, type PorSnapshot } from '@chatpay/shared';
import { CheckCircleFill, CloseCircleFill } from 'antd-mobile-icons';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/Button.tsx';
import { EmptyState } from '../../components/EmptyState.tsx';
import { LoadError } from '../../components/LoadError.tsx';
import { Loading } from '../../components/Loading.tsx';
import { Page } from '../../components/Page.tsx';
import '../../features/wallet/wallet.css';
import {
  fetchReserveTree,
  type ReservesVerdict,
  useLatestReserves,
  useMyReserveProof,
  useReservesVerdict,
} from '../../features/reserves/index.ts';
import { usePerson } from '../../features/user/index.ts';
import { downloadJson } from '../../lib/download.ts';
import { dateTime } from '../../lib/i18n/time.ts';
import { toast } from '../../lib/toast.ts';

/** micro-USDT integer text (as hashed) → USDT text: "1234500000" → "1234.50". */
const usdt = (units: string) => formatUsdt(micro(BigInt(units)));

const Status = ({ verdict }: { verdict: ReservesVerdict | undefined }) => {
  const { t } = useTranslation();
  const state = !verdict ? 'checking' : verdict.ok ? 'verified' : 'failed';
  return (
    <section
      className={`por-status por-status-${state}`}
      data-testid="reserves-status"
      data-state={state}
      aria-live="polite"
    >
      <div className="por-status-head">
        {state === 'verified' ? <CheckCircleFill aria-hidden /> : null}
        {state === 'failed' ? <CloseCircleFill aria-hidden /> : null}
        <strong>{t(`reserves.state.${state}`)}</strong>
      </div>
      <p>
        {state === 'checking'
          ? t('reserves.checkingHint')
          : state === 'verified'
            ? t(verdict?.leafChecked ? 'reserves.verifiedHint' : 'reserves.verifiedNoLeaf')
            : t('reserves.failedHint')}
      </p>
      {verdict && !verdict.ok ? (
        <ul className="por-problems" data-testid="reserves-problems">
          {verdict.problems.map((p) => (
            <li key={p}>{p}</li>
          ))}
        </ul>
      ) : null}
    </section>
  );
};

const Figures = ({ s }: { s: PorSnapshot }) => {
  const { t, i18n } = useTranslation();
  const ratio = formatRatio(BigInt(s.reserves), BigInt(s.liabilities));
  const covered = BigInt(s.reserves) >= BigInt(s.liabilities);
  return (
    <section className="por-card" data-testid="reserves-figures">
      <div className="por-ratio">
        <span>{t('reserves.ratio')}</span>
        <strong className={covered ? 'por-good' : 'por-bad'} data-testid="reserves-ratio">
          {ratio === null ? '—' : t('reserves.percent', { value: ratio })}
        </strong>
      </div>
      <dl className="por-list">
        <dt>{t('reserves.reserves')}</dt>
        <dd data-testid="reserves-reserves">{`${usdt(s.reserves)} USDT`}</dd>
        <dt>{t('reserves.liabilities')}</dt>
        <dd data-testid="reserves-liabilities">{`${usdt(s.liabilities)} USDT`}</dd>
        <dt>{t('reserves.members')}</dt>
        <dd>{s.members}</dd>
        <dt>{t('reserves.time')}</dt>
        <dd>{dateTime(s.time, i18n.language, { seconds: true })}</dd>
        <dt>{t('reserves.position')}</dt>
        <dd>{`#${s.ledgerPosition}`}</dd>
      </dl>
    </section>
  );
};

const Details = ({ s, expectedKey }: { s: PorSnapshot; expectedKey: string }) => {
  const { t } = useTranslation();
  return (
    <section className="por-card" data-testid="reserves-details">
      <h2 className="por-subtitle">{t('reserves.onChain')}</h2>
      {s.addresses.length === 0 ? <p className="por-muted">{t('reserves.noAddresses')}</p> : null}
      <ul className="por-addresses">
        {s.addresses.map((a) => (
          <li key={`${a.network}-${a.address}`}>
            <span>{`${a.network} · ${t(`reserves.kind.${a.kind}`)}`}</span>
            <code>{a.address}</code>
            <span>{t('reserves.atBlock', { amount: usdt(a.balance), block: a.block })}</span>
          </li>
        ))}
      </ul>
      {s.skipped.map((k) => (
        <p key={k.network} className="por-muted" data-testid={`reserves-skipped-${k.network}`}>
          {t('reserves.skipped', { network: k.network, reason: k.reason })}
        </p>
      ))}
      <h2 className="por-subtitle">{t('reserves.operatorKey')}</h2>
      <code className="por-code" data-testid="reserves-key">
        {expectedKey}
      </code>
      <h2 className="por-subtitle">{t('reserves.root')}</h2>
      <code className="por-code">{s.root}</code>
      <h2 className="por-subtitle">{t('reserves.signature')}</h2>
      <code className="por-code">{s.signature}</code>
    </section>
  );
};

/**
 * Wallet → Proof of reserves (docs/design/reserves.md): the latest signed snapshot, checked here in the browser
 * (the operator's signature, and my own balance's path up to the signed root), with my proof and the whole
 * tree to download for `npm run por:verify` or another implementation.
 */
const ReservesPage = () => {
  const { t } = useTranslation();
  const latest = useLatestReserves();
  const me = usePerson();
  const snapshot = latest.data?.snapshot ?? null;
  const proof = useMyReserveProof(snapshot?.id);
  const verdict = useReservesVerdict(snapshot, proof.data?.proof, latest.data?.publicKey, me.data?.memberId);
  const [downloading, setDownloading] = useState(false);

  const body = () => {
    if (latest.isPending) return <Loading />;
    if (latest.error) return <LoadError error={latest.error} onRetry={() => latest.refetch()} />;
    if (!snapshot)
      return (
        <EmptyState title={t('reserves.none')} description={t('reserves.noneHint')} testId="reserves-none" />
      );
    if (proof.error) return <LoadError error={proof.error} onRetry={() => proof.refetch()} />;
    const mine = proof.data?.proof;
    return (
      <>
        <Status verdict={verdict} />
        <Figures s={snapshot} />
        <section className="por-card" data-testid="reserves-mine">
          <h2 className="por-subtitle">{t('reserves.myLeaf')}</h2>
          {mine === undefined ? (
            <Loading />
          ) : mine === null ? (
            <p className="por-muted" data-testid="reserves-no-leaf">
              {t('reserves.noLeaf')}
            </p>
          ) : (
            <>
              <p className="por-mine" data-testid="reserves-my-balance">
                {`${usdt(mine.leaf.balance)} USDT`}
              </p>
              <p className="por-muted">{t('reserves.myLeafHint', { index: mine.leaf.index + 1 })}</p>
              <Button
                block
                color="primary"
                data-testid="reserves-download-proof"
                onClick={() =>
                  downloadJson(`proof-of-reserves-${snapshot.id}-${mine.leaf.memberId}.json`, mine)
                }
              >
                {t('reserves.downloadProof')}
              </Button>
            </>
          )}
          <Button
            block
            className="por-tree-button"
            loading={downloading}
            data-testid="reserves-download-tree"
            onClick={async () => {
              setDownloading(true);
              try {
                downloadJson(
                  `proof-of-reserves-${snapshot.id}-tree.json`,
                  await fetchReserveTree(snapshot.id),
                );
              } catch {
                toast(t('common.loadFailed'));
              } finally {
                setDownloading(false);
              }
            }}
          >
            {t('reserves.downloadTree')}
          </Button>
          <p className="por-muted">{t('reserves.cliHint')}</p>
        </section>
        <Details s={snapshot} expectedKey={latest.data!.publicKey} />
      </>
    );
  };

  return (
    <Page title={t('reserves.title')} bodyClassName="wallet-body por-body">
      {body()}
    </Page>
  );
};

export default ReservesPage;
