import { ErrorCode } from '@chatpay/shared';
import { Mask } from 'antd-mobile';
import { CloseOutline } from 'antd-mobile-icons';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { UserAvatar } from '../../../components/UserAvatar.tsx';
import { ApiError, errorText } from '../../../lib/errors.ts';
import { navigate } from '../../../lib/router/navigate.ts';
import { Paths } from '../../../lib/router/paths.ts';
import { toastError } from '../../../lib/toast.ts';
import { bubbleState, countUpFrame } from '../logic.ts';
import { useOpenPacket } from '../openStore.ts';
import { useClaimRedPacket, useRedPacket } from '../queries.ts';
import '../redpacket.css';

const FRAMES = 18;
const FRAME_MS = 40;

/** Counts a claimed amount up from zero, in integer micro-units. */
const CountUp = ({ amount }: { amount: string }) => {
  const [i, setI] = useState(0);
  useEffect(() => {
    if (i >= FRAMES - 1) return;
    const timer = setTimeout(() => setI(i + 1), FRAME_MS);
    return () => clearTimeout(timer);
  }, [i]);
  return <>{countUpFrame(amount, i, FRAMES)}</>;
};

/** Refusals that mean "nothing left for you": the view says so and offers the claim list. */
const LATE = new Set<number>([
  ErrorCode.RedPacketFinished,
  ErrorCode.RedPacketExpired,
  ErrorCode.RedPacketAlreadyClaimed,
]);

/**
 * WeChat's opening view: the sender, the greeting and a big "Open" button; after the claim the amount
 * counts up. A packet with nothing left for me says so, with a link to see who got what.
 */
export const OpenPacket = () => {
  const { t } = useTranslation();
  const packetId = useOpenPacket((s) => s.packetId);
  const close = useOpenPacket((s) => s.close);
  const packet = useRedPacket(packetId ?? 0);
  const claim = useClaimRedPacket();
  const [won, setWon] = useState<string | null>(null);
  const [late, setLate] = useState<string | null>(null);

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new packet starts a fresh view
  useEffect(() => {
    setWon(null);
    setLate(null);
    claim.reset();
  }, [packetId]);

  const toDetail = () => {
    const id = packetId;
    close();
    if (id) navigate({ path: Paths.redPacket, query: { id } });
  };

  const open = async () => {
    if (!packetId || claim.isPending) return;
    try {
      const result = await claim.mutateAsync(packetId);
      setWon(result.amount);
    } catch (error) {
      if (error instanceof ApiError && error.code === ErrorCode.RedPacketOwnPacket) return toDetail();
      if (error instanceof ApiError && LATE.has(error.code)) setLate(error.message);
      else toastError(error);
    }
  };

  const data = packet.data;
  const state = bubbleState(data, Date.now());
  const lateText =
    late ??
    (packet.error ? errorText(packet.error) : null) ??
    (state.state === 'finished'
      ? t('redPacket.open.tooLate')
      : state.state === 'expired'
        ? t('errors.1411')
        : null);

  return (
    <Mask visible={packetId !== null} onMaskClick={close} opacity={0.6} destroyOnClose>
      <div className="rp-open-mask">
        <div className="rp-open-card" data-testid="rp-open" role="dialog" aria-modal="true">
          <button
            type="button"
            className="rp-open-close"
            onClick={close}
            aria-label={t('common.cancel')}
            data-testid="rp-open-close"
          >
            <CloseOutline />
          </button>
          <div className="rp-open-sender">
            <UserAvatar src={data?.sender.avatar} size={30} />
            <span>{data ? t('redPacket.from', { name: data.sender.nickName }) : ''}</span>
          </div>
          {won !== null ? (
            <>
              <div className="rp-open-amount" data-testid="rp-open-amount" data-amount={won}>
                <CountUp amount={won} />
                <small>{t('common.usdt')}</small>
              </div>
              <div className="rp-open-note">{t('redPacket.savedToWallet')}</div>
              <button type="button" className="rp-open-link" onClick={toDetail} data-testid="rp-open-detail">
                {t('redPacket.open.details')}
              </button>
            </>
          ) : lateText && !claim.isPending ? (
            <>
              <div className="rp-open-late" data-testid="rp-open-late">
                {lateText}
              </div>
              <button type="button" className="rp-open-link" onClick={toDetail} data-testid="rp-open-detail">
                {t('redPacket.open.seeLuck')}
              </button>
            </>
          ) : (
            <>
              <div className="rp-open-greeting">{data?.greeting || t('redPacket.defaultGreeting')}</div>
              <button
                type="button"
                className={`rp-open-button${claim.isPending ? ' spinning' : ''}`}
                onClick={() => void open()}
                disabled={!data}
                data-testid="rp-open-button"
              >
                {t('redPacket.open.button')}
              </button>
            </>
          )}
        </div>
      </div>
    </Mask>
  );
};
