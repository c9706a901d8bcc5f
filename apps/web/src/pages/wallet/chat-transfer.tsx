import { CHAT_TRANSFER_REMARK_MAX, MIN_TRANSFER } from '@chatpay/shared';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { Button } from '../../components/Button.tsx';
import { Loading } from '../../components/Loading.tsx';
import { Page } from '../../components/Page.tsx';
import { TextInput } from '../../components/TextInput.tsx';
import { UserAvatar } from '../../components/UserAvatar.tsx';
import { sessionAvatar, useSessionDetail } from '../../features/chat/index.ts';
import {
  checkAmount,
  createAttempt,
  showUsdt,
  useBalance,
  useSendChatTransfer,
} from '../../features/wallet/index.ts';
import { AmountField, PaySheet, usePinGuard } from '../../features/wallet/ui.ts';
import { back } from '../../lib/router/navigate.ts';
import '../../features/wallet/wallet.css';
import '../../features/redpacket/redpacket.css';

/**
 * A transfer to the other member of a single chat (docs/product.md#transfers): amount, remark, PIN; it shows
 * as a bubble.
 */
const ChatTransferPage = () => {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const sessionId = Number(params.get('id')) || 0;
  const session = useSessionDetail(sessionId);
  const balance = useBalance();
  const send = useSendChatTransfer();
  const pinGuard = usePinGuard();
  const attempt = useRef(createAttempt()).current;
  const [amount, setAmount] = useState('');
  const [remark, setRemark] = useState('');
  const [paying, setPaying] = useState(false);
  const available = balance.data?.available ?? null;
  const check = checkAmount(amount, { min: MIN_TRANSFER, balance: available });
  const problem =
    check.ok || check.problem === 'empty'
      ? null
      : check.problem === 'belowMinimum'
        ? t('transfer.minimum', { min: MIN_TRANSFER })
        : check.problem === 'aboveBalance'
          ? t('errors.1401')
          : t('transfer.invalidAmount');
  const name = session.data?.name ?? '';

  const pay = async (pin: string) => {
    if (!check.ok) return;
    const requestId = attempt.idFor(`${sessionId}|${check.micro}|${remark.trim()}`);
    await send.mutateAsync({ sessionId, amount, remark: remark.trim(), pin, requestId });
    attempt.done();
    setPaying(false);
    back();
  };

  return (
    <Page title={t('transfer.title')} bodyClassName="rp-send-body">
      {session.data ? (
        <div className="pay-form">
          <div className="tf-send-to">
            <UserAvatar src={sessionAvatar(session.data)} size={44} />
            <span className="tf-send-name">{t('transfer.toName', { name })}</span>
          </div>
          <div className="pay-block">
            <AmountField
              label={t('transfer.amount')}
              value={amount}
              onChange={setAmount}
              testId="chat-transfer-amount"
              placeholder={t('transfer.minimumPlaceholder', { min: MIN_TRANSFER })}
              autoFocus
              error={Boolean(problem)}
              hint={
                problem ??
                (available !== null ? t('wallet.availableLine', { amount: showUsdt(available) }) : null)
              }
            />
            <div className="tf-send-remark">
              <TextInput
                testId="chat-transfer-remark"
                value={remark}
                onChange={setRemark}
                maxLength={CHAT_TRANSFER_REMARK_MAX}
                placeholder={t('transfer.remarkPlaceholder')}
              />
            </div>
            <Button
              block
              color="primary"
              size="large"
              className="pay-submit"
              disabled={!check.ok}
              onClick={async () => {
                if (await pinGuard()) setPaying(true);
              }}
              data-testid="chat-transfer-submit"
            >
              {t('transfer.submit')}
            </Button>
          </div>
          <p className="page-hint pay-note">{t('transfer.chatNote')}</p>
        </div>
      ) : (
        <Loading />
      )}
      <PaySheet
        visible={paying}
        purpose={t('transfer.toName', { name })}
        amount={amount}
        onClose={() => setPaying(false)}
        onPay={pay}
      />
    </Page>
  );
};

export default ChatTransferPage;
