import { adminChainApi, hasPermission, type Network } from '@chatpay/shared';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/Button.tsx';
import { useAuth } from '../../lib/auth.ts';
import { call } from '../../lib/request.ts';
import { toast, toastError, toastSuccess } from '../../lib/toast.ts';
import { Choice, TextField } from './components.tsx';
import { consoleKeys } from './keys.ts';

const FAUCET_PERMISSION = 'usdt:faucet';

/**
 * Development only: sends the member test USDT from the faucet to their deposit address, so a real deposit
 * arrives and is credited after its confirmations (README, "Test USDT"). The server answers no networks in
 * production, and then this panel is not shown.
 */
export const TestUsdt = ({ userId }: { userId: number }) => {
  const { t } = useTranslation();
  const payload = useAuth((s) => s.payload);
  const allowed = payload ? hasPermission(payload, FAUCET_PERMISSION) : false;
  const networks = useQuery({
    queryKey: consoleKeys.faucetNetworks(),
    queryFn: () => call(adminChainApi.faucetNetworks, {}),
    enabled: allowed,
    staleTime: Number.POSITIVE_INFINITY,
  });
  const [network, setNetwork] = useState<Network | null>(null);
  const [amount, setAmount] = useState('100');
  const [sending, setSending] = useState(false);
  const [sent, setSent] = useState<string | null>(null);
  const list = networks.data ?? [];
  if (!allowed || list.length === 0) return null;
  const chosen = network ?? list[0]!;
  const send = async () => {
    if (!/^\d+(\.\d{1,2})?$/.test(amount.trim()) || Number(amount) <= 0)
      return void toast(t('console.testUsdt.amountHint'));
    setSending(true);
    try {
      const done = await call(adminChainApi.faucet, { userId, network: chosen, amount: amount.trim() });
      setSent(done.txHash);
      toastSuccess(t('console.testUsdt.sent'));
    } catch (error) {
      toastError(error);
    } finally {
      setSending(false);
    }
  };
  return (
    <div className="console-panel" data-testid="test-usdt">
      <h2>{t('console.testUsdt.title')}</h2>
      <p className="console-muted">{t('console.testUsdt.about')}</p>
      <div className="console-actions">
        <Choice
          title={t('console.withdrawal.network')}
          value={chosen}
          values={list}
          label={(v) => v}
          onChange={setNetwork}
          testId="test-usdt-network"
        />
        <TextField
          title={t('console.col.amount')}
          value={amount}
          onChange={setAmount}
          testId="test-usdt-amount"
        />
        <Button color="primary" loading={sending} onClick={() => void send()} data-testid="test-usdt-send">
          {t('console.testUsdt.send')}
        </Button>
      </div>
      {sent ? (
        <p className="console-muted" data-testid="test-usdt-tx">
          {t('console.testUsdt.tx', { hash: sent })}
        </p>
      ) : null}
    </div>
  );
};
