import { RED_PACKET_GREETING_MAX, RED_PACKET_MAX_COUNT, type RedPacketKind } from '@chatpay/shared';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { Button } from '../../components/Button.tsx';
import { Loading } from '../../components/Loading.tsx';
import { Page } from '../../components/Page.tsx';
import { TextInput } from '../../components/TextInput.tsx';
import { useSessionDetail } from '../../features/chat/index.ts';
import {
  checkPacket,
  type PacketProblem,
  packetTotal,
  showTotal,
  useSendRedPacket,
} from '../../features/redpacket/index.ts';
import { createAttempt, sanitizeAmount, showUsdt, useBalance } from '../../features/wallet/index.ts';
import { PaySheet, usePinGuard } from '../../features/wallet/ui.ts';
import { back } from '../../lib/router/navigate.ts';
import '../../features/wallet/wallet.css';
import '../../features/redpacket/redpacket.css';

const problemKey: Record<PacketProblem, string> = {
  count: 'redPacket.send.countRange',
  countAboveMembers: 'errors.1415',
  amount: 'transfer.invalidAmount',
  shareTooSmall: 'errors.1413',
  totalTooLarge: 'errors.1414',
  aboveBalance: 'errors.1401',
};

/**
 * Sending a red packet (docs/product.md#red-packets): in a group, lucky (random shares of a total) or equal
 * (the same each) with a count up to the group's size; in a single chat one packet. Greeting, the total, then
 * the PIN.
 */
const RedPacketSendPage = () => {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const sessionId = Number(params.get('id')) || 0;
  const session = useSessionDetail(sessionId);
  const balance = useBalance();
  const send = useSendRedPacket();
  const pinGuard = usePinGuard();
  const attempt = useRef(createAttempt()).current;
  const group = session.data?.groupInfo ?? null;
  const [kindChoice, setKind] = useState<RedPacketKind>('lucky');
  const [countText, setCountText] = useState('');
  const [amount, setAmount] = useState('');
  const [greeting, setGreeting] = useState('');
  const [paying, setPaying] = useState(false);

  // A single chat sends one packet to the other member: one share, the amount is the packet.
  const kind: RedPacketKind = group ? kindChoice : 'equal';
  const count = group ? Number(countText) || 0 : 1;
  const members = group?.memberCount ?? null;
  const available = balance.data?.available ?? null;
  const check = checkPacket({ kind, count, amount, members, balance: available });
  const touched = amount !== '' || countText !== '';
  const problem =
    !check.ok && touched && !(check.problem === 'amount' && amount === '') ? check.problem : null;
  const total = packetTotal(kind, count, amount);

  const pay = async (pin: string) => {
    if (!check.ok) return;
    const text = greeting.trim();
    const requestId = attempt.idFor(`${sessionId}|${kind}|${count}|${amount}|${text}`);
    await send.mutateAsync({ sessionId, kind, count, amount, greeting: text, pin, requestId });
    attempt.done();
    setPaying(false);
    back();
  };

  if (!session.data) {
    return (
      <Page title={t('redPacket.send.title')}>
        <Loading />
      </Page>
    );
  }

  return (
    <Page title={t('redPacket.send.title')} bodyClassName="rp-send-body">
      <div className="pay-form" data-testid="rp-send">
        {group ? (
          <>
            <div className="rp-send-row">
              <span>{t('redPacket.send.count')}</span>
              <input
                data-testid="rp-count"
                aria-label={t('redPacket.send.count')}
                inputMode="numeric"
                placeholder={t('redPacket.send.countPlaceholder')}
                value={countText}
                onChange={(e) => setCountText(e.target.value.replace(/\D/g, '').slice(0, 3))}
              />
              <span className="unit">{t('redPacket.send.countUnit')}</span>
            </div>
            <div className="rp-send-hint">
              {t('redPacket.send.members', { count: members ?? 0, max: RED_PACKET_MAX_COUNT })}
            </div>
          </>
        ) : null}
        <div className="rp-send-row">
          <span>
            {kind === 'lucky'
              ? t('redPacket.send.total')
              : group
                ? t('redPacket.send.each')
                : t('redPacket.send.amount')}
          </span>
          <input
            data-testid="rp-amount"
            aria-label={t('redPacket.send.amount')}
            inputMode="decimal"
            placeholder="0.00"
            value={amount}
            onChange={(e) => setAmount(sanitizeAmount(e.target.value, 2))}
          />
          <span className="unit">{t('common.usdt')}</span>
        </div>
        {group ? (
          <div className="rp-kind-switch">
            <span>{t(kind === 'lucky' ? 'redPacket.send.currentLucky' : 'redPacket.send.currentEqual')}</span>
            <button
              type="button"
              className="link"
              onClick={() => setKind(kind === 'lucky' ? 'equal' : 'lucky')}
              data-testid="rp-kind-switch"
              data-kind={kind}
            >
              {t(kind === 'lucky' ? 'redPacket.send.toEqual' : 'redPacket.send.toLucky')}
            </button>
          </div>
        ) : null}
        {problem ? (
          <div className="rp-send-hint error" data-testid="rp-problem">
            {t(problemKey[problem], { max: RED_PACKET_MAX_COUNT })}
          </div>
        ) : null}
        <div className="rp-send-greeting">
          <TextInput
            testId="rp-greeting"
            value={greeting}
            onChange={setGreeting}
            maxLength={RED_PACKET_GREETING_MAX}
            placeholder={t('redPacket.defaultGreeting')}
          />
        </div>
        <div className="rp-send-total" data-testid="rp-total">
          <small>{t('common.usdt')}</small>
          {showTotal(total)}
        </div>
        <Button
          className="rp-send-button"
          size="large"
          color="danger"
          style={{ '--background-color': 'var(--packet-red)', '--border-color': 'var(--packet-red)' }}
          disabled={!check.ok}
          onClick={async () => {
            if (await pinGuard()) setPaying(true);
          }}
          data-testid="rp-submit"
        >
          {t('redPacket.send.submit')}
        </Button>
        <p className="page-hint pay-note">
          {available !== null ? t('wallet.availableLine', { amount: showUsdt(available) }) : ''}
          {' · '}
          {t('redPacket.send.note')}
        </p>
      </div>
      <PaySheet
        visible={paying}
        purpose={t('redPacket.name')}
        amount={check.ok ? showTotal(check.total) : '0'}
        onClose={() => setPaying(false)}
        onPay={pay}
      />
    </Page>
  );
};

export default RedPacketSendPage;
