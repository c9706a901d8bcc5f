import { hasPermission } from '@chatpay/shared';
import { Button, List } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { EmptyState } from '../../components/EmptyState.tsx';
import { LoadError } from '../../components/LoadError.tsx';
import { Loading } from '../../components/Loading.tsx';
import { Page } from '../../components/Page.tsx';
import { StatusTag } from '../../features/c2c/components/bits.tsx';
import { AppealCard, EventList, OrderAmounts, PayeeCard } from '../../features/c2c/components/OrderView.tsx';
import {
  useAppealInfo,
  useAppealMessages,
  useAppeals,
  useResolveAppeal,
  useSupportMessage,
  useTradeConfig,
} from '../../features/c2c/queries.ts';
import { useAuth } from '../../lib/auth.ts';
import { confirm } from '../../lib/dialog.tsx';
import { navigate } from '../../lib/router/navigate.ts';
import { Paths } from '../../lib/router/paths.ts';
import { toast, toastError, toastSuccess } from '../../lib/toast.ts';

const messageText = (content: Record<string, unknown>, contentType: string) =>
  typeof content.text === 'string'
    ? content.text
    : typeof content.url === 'string'
      ? content.url
      : `[${contentType}]`;

const AppealList = () => {
  const { t } = useTranslation();
  const appeals = useAppeals();
  if (appeals.isPending) return <Loading />;
  if (appeals.isError) return <LoadError error={appeals.error} onRetry={() => void appeals.refetch()} />;
  if (appeals.data.list.length === 0) return <EmptyState title={t('support.empty')} testId="appeals-empty" />;
  return (
    <List header={t('support.open', { n: appeals.data.pagination.total })}>
      {appeals.data.list.map((o) => (
        <List.Item
          key={o.orderId}
          onClick={() => void navigate({ path: Paths.supportAppeals, query: { id: o.orderId } })}
          description={o.appealReason}
          extra={t('common.usdtAmount', { amount: o.amountCoin })}
          data-testid={`appeal-${o.orderId}`}
        >
          #{o.orderId} · {o.buyer.nickName} → {o.seller.nickName}
        </List.Item>
      ))}
    </List>
  );
};

const AppealDetail = ({ id }: { id: number }) => {
  const { t } = useTranslation();
  const order = useAppealInfo(id);
  const messages = useAppealMessages(id);
  const fiat = useTradeConfig().data?.fiat ?? '';
  const resolve = useResolveAppeal();
  const send = useSupportMessage();
  const [note, setNote] = useState('');
  const [text, setText] = useState('');
  if (order.isPending) return <Loading />;
  if (order.isError) return <LoadError error={order.error} onRetry={() => void order.refetch()} />;
  const o = order.data;

  const finish = async (result: 'completed' | 'canceled') => {
    if (!note.trim()) return void toast(t('support.noteRequired'));
    const warn = result === 'completed' ? t('support.completeConfirm') : t('support.cancelConfirm');
    if (!(await confirm(warn, `resolve-${result}`, t('common.confirm'), result === 'canceled'))) return;
    try {
      await resolve.mutateAsync({ id, result, note: note.trim() });
      toastSuccess(t('support.resolved'));
      void order.refetch();
    } catch (error) {
      toastError(error);
    }
  };
  const post = async () => {
    if (!text.trim()) return void toast(t('common.contentEmpty'));
    try {
      await send.mutateAsync({ id, text: text.trim() });
      setText('');
      void messages.refetch();
    } catch (error) {
      toastError(error);
    }
  };

  return (
    <div data-testid="appeal-detail" data-status={o.status}>
      <div className="c2c-status-head">
        <div className="c2c-card-title">
          <span className="c2c-status-title">#{o.orderId}</span>
          <StatusTag status={o.status} />
        </div>
      </div>
      <AppealCard order={o} />
      <OrderAmounts order={o} fiat={fiat} />
      <PayeeCard order={o} />
      <EventList events={o.events} />
      <div className="c2c-card">
        <div className="c2c-card-title">{t('support.chat')}</div>
        <div className="c2c-messages" data-testid="appeal-messages">
          {(messages.data ?? []).map((m) => (
            <div key={m.id}>
              <b>
                {t('support.speaker', {
                  name:
                    m.senderId === o.buyer.userId
                      ? o.buyer.nickName
                      : m.senderId === o.seller.userId
                        ? o.seller.nickName
                        : t('support.system'),
                })}
              </b>{' '}
              {messageText(m.content, m.contentType)}
            </div>
          ))}
        </div>
        <textarea
          className="c2c-textarea"
          value={text}
          onChange={(e) => setText(e.target.value)}
          placeholder={t('support.messagePlaceholder')}
          data-testid="appeal-message"
        />
        <Button size="small" loading={send.isPending} onClick={post} data-testid="appeal-message-send">
          {t('support.send')}
        </Button>
      </div>
      {o.status === 'appealing' ? (
        <div className="c2c-card">
          <div className="c2c-card-title">{t('support.resolve')}</div>
          <textarea
            className="c2c-textarea"
            value={note}
            maxLength={500}
            onChange={(e) => setNote(e.target.value)}
            placeholder={t('support.notePlaceholder')}
            data-testid="resolve-note"
          />
          <div className="c2c-ad-actions">
            <Button
              color="danger"
              fill="outline"
              loading={resolve.isPending}
              onClick={() => void finish('canceled')}
              data-testid="resolve-cancel"
            >
              {t('support.cancelOrder')}
            </Button>
            <Button
              color="primary"
              loading={resolve.isPending}
              onClick={() => void finish('completed')}
              data-testid="resolve-complete"
            >
              {t('support.completeOrder')}
            </Button>
          </div>
        </div>
      ) : null}
    </div>
  );
};

/** Support desk (issue 6): open appeals, one order with events, chat and proof, resolve with a note. */
const AppealsPage = () => {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const id = Number(params.get('id')) || 0;
  const payload = useAuth((s) => s.payload);
  const allowed = payload ? hasPermission(payload, 'c2c:appeal:page') : false;
  return (
    <Page title={id ? t('support.appealTitle', { id }) : t('c2c.titles.support')}>
      {!allowed ? (
        <EmptyState title={t('support.forbidden')} testId="support-forbidden" />
      ) : id ? (
        <AppealDetail id={id} />
      ) : (
        <AppealList />
      )}
    </Page>
  );
};

export default AppealsPage;
