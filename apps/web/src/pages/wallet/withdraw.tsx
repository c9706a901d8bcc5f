import type { ChainRecord, Network } from '@chatpay/shared';
import { addressLooksValid, MIN_WITHDRAWAL } from '@chatpay/shared';
import { CheckCircleFill, ClockCircleFill, ScanningOutline } from 'antd-mobile-icons';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { Button } from '../../components/Button.tsx';
import { LoadError } from '../../components/LoadError.tsx';
import { Loading } from '../../components/Loading.tsx';
import { Page } from '../../components/Page.tsx';
import '../../features/wallet/wallet.css';
import '../../features/chain/chain.css';
import {
  usableOn,
  useAddressBook,
  useChainRecords,
  useEstimate,
  useWithdraw,
} from '../../features/chain/index.ts';
import { NetworkChooser, pickNetwork, RecordRow } from '../../features/chain/ui.ts';
import {
  checkAmount,
  createAttempt,
  showUsdt,
  useBalance,
  useWalletInfo,
} from '../../features/wallet/index.ts';
import { AmountField, PaySheet, usePinGuard } from '../../features/wallet/ui.ts';
import { navigate } from '../../lib/router/navigate.ts';
import { Paths } from '../../lib/router/paths.ts';

/** "ethereum:0xabc…@1?value=…" (a wallet's QR) → "0xabc…"; anything else trimmed. */
export const addressFromText = (text: string) =>
  text
    .trim()
    .replace(/^(ethereum|tron|bnb|bsc):/i, '')
    .replace(/[@?].*$/, '');

/**
 * Withdraw (docs/product.md#routes usdt-out): network, address (paste or scan), amount, live fee, PIN,
 * minimum; then its state.
 */
const UsdtOutPage = () => {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const info = useWalletInfo();
  const balance = useBalance();
  const [chosen, setChosen] = useState<Network | null>(null);
  const network = chosen ?? pickNetwork(info.data?.networks, params.get('network'));
  const settings = info.data?.networks.find((n) => n.network === network);
  const [address, setAddress] = useState(addressFromText(params.get('address') ?? ''));
  const [amount, setAmount] = useState('');
  const [paying, setPaying] = useState(false);
  const [sent, setSent] = useState<ChainRecord | null>(null);
  const attempt = useRef(createAttempt()).current;
  const pinGuard = usePinGuard();
  const withdraw = useWithdraw();
  const records = useChainRecords('withdrawal');
  const book = useAddressBook();
  const saved = usableOn(book.data, network);

  const min = settings?.minWithdrawal ?? MIN_WITHDRAWAL;
  const check = checkAmount(amount, { min, balance: null });
  const estimate = useEstimate(network, check.ok ? amount : null);
  const total = estimate.data && check.ok ? estimate.data.total : null;
  const available = balance.data?.available ?? null;
  const aboveBalance =
    total !== null &&
    available !== null &&
    (() => {
      const c = checkAmount(total, { min: '0', balance: available });
      return !c.ok && c.problem === 'aboveBalance';
    })();
  const problem =
    check.ok || check.problem === 'empty'
      ? aboveBalance
        ? t('errors.1401')
        : null
      : check.problem === 'belowMinimum'
        ? t('chain.minWithdrawal', { min: showUsdt(min) })
        : t('transfer.invalidAmount');
  const addressOk = network !== null && addressLooksValid(network, address);
  // Why the button is disabled, in words: the first thing still missing.
  const blocker = !network
    ? null
    : !address.trim()
      ? t('chain.needAddress')
      : !addressOk
        ? t('chain.invalidAddress', { network })
        : check.ok
          ? aboveBalance
            ? t('errors.1401')
            : null
          : check.problem === 'empty'
            ? t('chain.needAmount', { min: showUsdt(min) })
            : problem;

  // The state of what I just sent, kept fresh by the records list (socket events and polling).
  const live = sent
    ? (records.data?.list.find((r) => r.type === 'withdrawal' && r.id === sent.id) ?? sent)
    : null;
  useEffect(() => {
    if (params.get('address')) setAddress(addressFromText(params.get('address')!));
  }, [params]);

  const pay = async (pin: string) => {
    if (!network || !check.ok) return;
    const requestId = attempt.idFor(`${network}|${address.trim()}|${check.micro}`);
    const done = await withdraw.mutateAsync({ network, address: address.trim(), amount, pin, requestId });
    attempt.done();
    setPaying(false);
    setSent(done);
  };

  if (info.isPending) return <Page title={t('chain.outTitle')}>{<Loading />}</Page>;
  if (info.error)
    return (
      <Page title={t('chain.outTitle')}>
        <LoadError error={info.error} onRetry={() => info.refetch()} />
      </Page>
    );

  if (live) {
    return (
      <Page title={t('chain.outTitle')} back={false}>
        <div className="pay-result" data-testid="withdraw-result" data-status={live.status}>
          {live.status === 'completed' ? (
            <CheckCircleFill className="pay-result-icon" />
          ) : (
            <ClockCircleFill className="pay-result-icon" />
          )}
          <div className="pay-result-title">
            {live.status === 'completed' ? t('chain.status.completed') : t('chain.submitted')}
          </div>
          <div className="pay-result-amount">
            <span className="pay-result-unit">{t('common.usdt')}</span>
            {showUsdt(live.amount)}
          </div>
          <div className="chain-records">
            <RecordRow record={live} />
          </div>
          <p className="page-hint">{t('chain.outHint')}</p>
          <Button
            block
            color="primary"
            size="large"
            onClick={() => {
              navigate({ path: Paths.usdtWallet, mode: 'redirectTo' });
            }}
            data-testid="withdraw-done"
          >
            {t('pay.done')}
          </Button>
        </div>
      </Page>
    );
  }

  return (
    <Page title={t('chain.outTitle')}>
      <NetworkChooser networks={info.data.networks} value={network} onChange={setChosen} />
      <div className="pay-form">
        <div className="pay-block">
          <div className="saved-address-head">
            <span className="amount-field-label">{t('chain.address')}</span>
            <button
              type="button"
              className="link"
              onClick={() => navigate(Paths.usdtAddressBook)}
              data-testid="withdraw-address-book"
            >
              {t('chain.book.title')}
            </button>
          </div>
          <div className="chain-address-row">
            <input
              value={address}
              onChange={(e) => setAddress(e.target.value.trim())}
              placeholder={
                network === 'TRC20'
                  ? t('chain.addressPlaceholderTron')
                  : t('chain.addressPlaceholderEvm', { network: network ?? '' })
              }
              data-testid="withdraw-address"
              autoComplete="off"
              spellCheck={false}
            />
            <button
              type="button"
              className="link"
              onClick={async () => {
                const text = await navigator.clipboard?.readText().catch(() => '');
                if (text) setAddress(addressFromText(text));
              }}
              data-testid="withdraw-paste"
            >
              {t('chain.paste')}
            </button>
            <button
              type="button"
              className="link"
              aria-label={t('chain.scan')}
              onClick={() =>
                navigate({ path: Paths.scanQr, query: { for: 'usdt-out', network: network ?? '' } })
              }
              data-testid="withdraw-scan"
            >
              <ScanningOutline />
            </button>
          </div>
          {saved.length > 0 ? (
            <div className="saved-picks" data-testid="withdraw-saved">
              {saved.map((a) => (
                <Button
                  key={a.id}
                  size="mini"
                  fill={address === a.address ? 'solid' : 'outline'}
                  color={a.usable ? 'primary' : 'default'}
                  onClick={() => setAddress(a.address)}
                  data-testid={`withdraw-saved-${a.id}`}
                >
                  {a.usable ? a.label : t('chain.book.pickNotYet', { label: a.label })}
                </Button>
              ))}
            </div>
          ) : null}
        </div>
        <div className="pay-block">
          <AmountField
            label={t('chain.amount')}
            value={amount}
            onChange={setAmount}
            testId="withdraw-amount"
            placeholder={t('chain.minWithdrawal', { min: showUsdt(min) })}
            error={Boolean(problem)}
            hint={
              problem ??
              (available !== null ? t('wallet.availableLine', { amount: showUsdt(available) }) : null)
            }
          />
          {estimate.data && check.ok ? (
            <div className="chain-fee-lines" data-testid="withdraw-estimate">
              <div>
                <span>{t('chain.fee')}</span>
                <span data-testid="withdraw-fee">
                  {t('chain.feeWithDetail', {
                    fee: showUsdt(estimate.data.fee),
                    detail: t('chain.feeDetail', {
                      gas: showUsdt(estimate.data.gasFee),
                      percent: settings?.feePercent ?? '0',
                    }),
                  })}
                </span>
              </div>
              <div>
                <span>{t('chain.receive')}</span>
                <span>{showUsdt(estimate.data.receive)}</span>
              </div>
              <div>
                <span>{t('chain.total')}</span>
                <strong data-testid="withdraw-total">{showUsdt(estimate.data.total)}</strong>
              </div>
            </div>
          ) : null}
          <Button
            block
            color="primary"
            size="large"
            className="pay-submit"
            disabled={!network || !addressOk || !check.ok || aboveBalance}
            onClick={async () => {
              if (await pinGuard()) setPaying(true);
            }}
            data-testid="withdraw-submit"
          >
            {t('chain.submit')}
          </Button>
          {blocker ? (
            <div className="withdraw-blocker" role="status" data-testid="withdraw-reason">
              {blocker}
            </div>
          ) : null}
        </div>
      </div>
      <PaySheet
        visible={paying}
        purpose={t('chain.withdrawTo', { network: network ?? '' })}
        amount={total ?? amount}
        onClose={() => setPaying(false)}
        onPay={pay}
      />
      <div className="chain-section-title">{t('chain.recentWithdrawals')}</div>
      <div className="chain-records" data-testid="withdraw-records">
        {(records.data?.list ?? []).map((r) => (
          <RecordRow key={`${r.type}-${r.id}`} record={r} />
        ))}
      </div>
    </Page>
  );
};

export default UsdtOutPage;
