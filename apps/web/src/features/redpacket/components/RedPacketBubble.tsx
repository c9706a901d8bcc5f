import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { navigate } from '../../../lib/router/navigate.ts';
import { Paths } from '../../../lib/router/paths.ts';
import type { UiMessage } from '../../chat/index.ts';
import { useSessionDetail } from '../../chat/index.ts';
import { bubbleState, tapAction } from '../logic.ts';
import { useOpenPacket } from '../openStore.ts';
import { useRedPacket } from '../queries.ts';
import '../../wallet/money-bubble.css';
import '../redpacket.css';

/** Longest wait for one timer (setTimeout overflows past about 24.8 days). */
const MAX_TIMER_MS = 2 ** 31 - 1;

/** Re-renders when the packet's time is up, so an unclaimed bubble turns "Expired" without a refresh. */
const useExpiryTick = (expireTime: string | undefined, open: boolean) => {
  const [, setTick] = useState(0);
  useEffect(() => {
    if (!expireTime || !open) return;
    const wait = Date.parse(expireTime) - Date.now();
    if (!(wait > 0) || wait > MAX_TIMER_MS) return;
    const timer = setTimeout(() => setTick((n) => n + 1), wait + 500);
    return () => clearTimeout(timer);
  }, [expireTime, open]);
};

/** A red packet in the chat: red with its greeting; pale once nothing is left for me to open. */
export const RedPacketBubble = ({ m, mine }: { m: UiMessage; mine: boolean }) => {
  const { t } = useTranslation();
  const packetId = typeof m.content.packetId === 'number' ? m.content.packetId : 0;
  const greeting = typeof m.content.greeting === 'string' ? m.content.greeting : '';
  const lucky = m.content.kind === 'lucky';
  const packet = useRedPacket(packetId);
  const session = useSessionDetail(m.sessionId);
  const { state, done } = bubbleState(packet.data, Date.now());
  useExpiryTick(packet.data?.expireTime, state === 'open');
  const open = useOpenPacket((s) => s.open);
  const onTap = () => {
    const single = session.data?.type === 'single';
    const action = tapAction(packet.data, { mine, single, now: Date.now() });
    if (action === 'detail') navigate({ path: Paths.redPacket, query: { id: packetId } });
    else open(packetId);
  };
  return (
    <button
      type="button"
      className={`money-bubble rp-bubble${done ? ' done' : ''}${mine ? ' mine' : ''}`}
      onClick={onTap}
      data-testid={`rp-bubble-${packetId}`}
      data-state={state}
    >
      <span className="money-bubble-top">
        <span className="rp-envelope" aria-hidden="true" />
        <span className="money-bubble-text">
          <span className="rp-greeting">{greeting || t('redPacket.defaultGreeting')}</span>
          {state === 'open' ? null : (
            <span className="money-bubble-sub">{t(`redPacket.state.${state}`)}</span>
          )}
        </span>
      </span>
      <span className="money-bubble-foot">{lucky ? t('redPacket.luckyName') : t('redPacket.name')}</span>
    </button>
  );
};
