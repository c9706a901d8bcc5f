import { MIN_TRANSFER, type TransferResult } from '@chatpay/shared';
import { CheckCircleFill } from 'antd-mobile-icons';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { Button } from '../../components/Button.tsx';
import { Page } from '../../components/Page.tsx';
import '../../features/wallet/wallet.css';
import { TextInput } from '../../components/TextInput.tsx';
import { UserAvatar } from '../../components/UserAvatar.tsx';
import {
  checkAmount,
  createAttempt,
  showUsdt,
  useBalance,
  useVerifyMember,
  useWalletTransfer,
} from '../../features/wallet/index.ts';
import { AmountField, PaySheet, usePinGuard } from '../../features/wallet/ui.ts';
import { errorText } from '../../lib/errors.ts';
import { navigate } from '../../lib/router/navigate.ts';
import { Paths } from '../../lib/router/paths.ts';

type Recipient = { memberId: string; nickName: string; avatar: string };

/** Why an amount cannot be sent yet, in words (null when it can). */
const useAmountProblem = (amount: string, available: string | null) => {
  const { t } = useTranslation();
  const check = checkAmount(amount, { min: MIN_TRANSFER, balance: available });
  if (check.ok || check.problem === 'empty') return { ok: check.ok, text: null };
  if (check.problem === 'belowMinimum')
    return { ok: false, text: t('transfer.minimum', { min: MIN_TRANSFER }) };
  if (check.problem === 'aboveBalance') return { ok: false, text: t('errors.1401') };
  return { ok: false, text: t('transfer.invalidAmount') };
};

const Result = ({ result, onDone }: { result: TransferResult; onDone: () => void }) => {
  const { t } = useTranslation();
  return (
    <div className="pay-result" data-testid="transfer-result">
      <CheckCircleFill className="pay-result-icon" />
      <div className="pay-result-title">{t('transfer.success')}</div>
      <div className="pay-result-amount">
        <span className="pay-result-unit">{t('common.usdt')}</span>
        {showUsdt(result.amount)}
      </div>
      <div className="pay-result-line">
        {t('transfer.toWho', { name: result.recipient.nickName, id: result.recipient.memberId })}
      </div>
      <Button block color="primary" size="large" onClick={onDone} data-testid="transfer-done">
        {t('pay.done')}
      </Button>
    </div>
  );
};

/**
 * Transfer to a member id (docs/product.md#transfers): look the member up, confirm who it is, amount, PIN,
 * result.
 */
const TransferPage = () => {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const [memberId, setMemberId] = useState(params.get('memberId') ?? '');
  const [recipient, setRecipient] = useState<Recipient | null>(null);
  const [lookupError, setLookupError] = useState('');
  const [amount, setAmount] = useState('');
  const [paying, setPaying] = useState(false);
  const [result, setResult] = useState<TransferResult | null>(null);
  const attempt = useRef(createAttempt()).current;
  const verify = useVerifyMember();
  const transfer = useWalletTransfer();
  const balance = useBalance();
  const pinGuard = usePinGuard();
  const available = balance.data?.available ?? null;
  const problem = useAmountProblem(amount, available);

  const lookup = async (id = memberId.trim()) => {
    if (!/^\d{4,16}$/.test(id)) {
      setLookupError(t('transfer.memberIdInvalid'));
      return;
    }
    setLookupError('');
    try {
      setRecipient(await verify.mutateAsync(id));
    } catch (error) {
      setLookupError(errorText(error));
    }
  };

  // A member id given in the address (from a profile or a QR code) is looked up at once.
  // biome-ignore lint/correctness/useExhaustiveDependencies: only the id the page was opened with
  useEffect(() => {
    const given = params.get('memberId');
    if (given) void lookup(given);
  }, []);

  const pay = async (pin: string) => {
    if (!recipient) return;
    const check = checkAmount(amount, { min: MIN_TRANSFER });
    if (!check.ok) return;
    // The same recipient and amount reuse the attempt's id: a retry cannot pay twice.
    const requestId = attempt.idFor(`${recipient.memberId}|${check.micro}`);
    const done = await transfer.mutateAsync({ memberId: recipient.memberId, amount, pin, requestId });
    attempt.done();
    setPaying(false);
    setResult(done);
  };

  if (result) {
    return (
      <Page title={t('transfer.title')} back={false}>
        <Result result={result} onDone={() => navigate({ path: Paths.usdtWallet, mode: 'redirectTo' })} />
      </Page>
    );
  }

  return (
    <Page title={t('transfer.title')}>
      <div className="pay-form">
        {recipient ? (
          <div className="recipient-card" data-testid="transfer-recipient">
            <UserAvatar src={recipient.avatar} size={48} />
            <div className="recipient-text">
              <div className="recipient-name" data-testid="transfer-recipient-name">
                {recipient.nickName}
              </div>
              <div className="recipient-id">{t('transfer.memberIdShort', { id: recipient.memberId })}</div>
            </div>
            <button
              type="button"
              className="link"
              onClick={() => {
                setRecipient(null);
                setAmount('');
              }}
              data-testid="transfer-change"
            >
              {t('transfer.change')}
            </button>
          </div>
        ) : (
          <div className="pay-block">
            <div className="amount-field-label">{t('transfer.memberId')}</div>
            <div className="member-id-row">
              <TextInput
                testId="transfer-member-id"
                value={memberId}
                onChange={(v) => setMemberId(v.replace(/\D/g, '').slice(0, 16))}
                inputMode="numeric"
                placeholder={t('transfer.memberIdPlaceholder')}
                onEnter={() => void lookup()}
                autoFocus
              />
            </div>
            {lookupError ? (
              <div className="amount-field-hint error" data-testid="transfer-lookup-error">
                {lookupError}
              </div>
            ) : (
              <div className="amount-field-hint">{t('transfer.memberIdHint')}</div>
            )}
            <Button
              block
              color="primary"
              size="large"
              className="pay-submit"
              loading={verify.isPending}
              disabled={memberId.trim().length < 4}
              onClick={() => void lookup()}
              data-testid="transfer-next"
            >
              {t('transfer.next')}
            </Button>
          </div>
        )}
        {recipient ? (
          <div className="pay-block">
            <AmountField
              label={t('transfer.amount')}
              value={amount}
              onChange={setAmount}
              testId="transfer-amount"
              placeholder={t('transfer.minimumPlaceholder', { min: MIN_TRANSFER })}
              autoFocus
              error={Boolean(problem.text)}
              hint={
                problem.text ??
                (available !== null ? t('wallet.availableLine', { amount: showUsdt(available) }) : null)
              }
            />
            <Button
              block
              color="primary"
              size="large"
              className="pay-submit"
              disabled={!problem.ok}
              onClick={async () => {
                if (await pinGuard()) setPaying(true);
              }}
              data-testid="transfer-submit"
            >
              {t('transfer.submit')}
            </Button>
          </div>
        ) : null}
      </div>
      <PaySheet
        visible={paying}
        purpose={t('transfer.toName', { name: recipient?.nickName ?? '' })}
        amount={amount}
        onClose={() => setPaying(false)}
        onPay={pay}
      />
      <p className="page-hint pay-note">{t('transfer.note')}</p>
    </Page>
  );
};

export default TransferPage;
