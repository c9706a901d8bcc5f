import { type OrderStatus, orderStatuses } from '@chatpay/shared';
import { Selector } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router-dom';
import { Button } from '../../components/Button.tsx';
import { LoadError } from '../../components/LoadError.tsx';
import { Loading } from '../../components/Loading.tsx';
import {
  useAppealInfo,
  useAppealMessages,
  useAppealMessageVersions,
  useResolveAppeal,
  useSupportMessage,
  useTradeConfig,
} from '../../features/c2c/index.ts';
import {
  AppealCard,
  EventList,
  OrderAmounts,
  PayeeCard,
  PayeeNotice,
  Proof,
  StatusTag,
} from '../../features/c2c/ui.ts';
import { noticeText } from '../../features/chat/index.ts';
import { useAppealsPage } from '../../features/console/index.ts';
import { Choice, type Column, ConsoleList, ConsolePage, OrderChoice } from '../../features/console/ui.ts';
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

/** An edited message: "edited", and on demand its earlier texts (the server audits each look). */
const EditedVersions = ({ orderId, messageId }: { orderId: number; messageId: number }) => {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const versions = useAppealMessageVersions(orderId, messageId, open);
  return (
    <span className="appeal-edited" data-testid={`appeal-edited-${messageId}`}>
      {' '}
      <Button
        size="mini"
        fill="none"
        color="primary"
        onClick={() => setOpen(true)}
        disabled={open}
        data-testid={`appeal-versions-${messageId}`}
      >
        {t('chat.edit.versions')}
      </Button>
      {open && versions.data ? (
        <ol className="appeal-versions" data-testid={`appeal-versions-list-${messageId}`}>
          {versions.data.map((v) => (
            <li key={v.replacedTime}>
              {t('chat.edit.version', {
                text: messageText(v.content, 'text'),
                time: new Date(v.writtenTime).toLocaleString(),
              })}
            </li>
          ))}
        </ol>
      ) : null}
    </span>
  );
};

const AppealList = () => {
  const { t } = useTranslation();
  const [status, setStatus] = useState<OrderStatus>('appealing');
  const [page, setPage] = useState(1);
  // Open appeals are worked oldest first (who waited longest); closed ones are read newest first.
  const [order, setOrder] = useState<'asc' | 'desc' | null>(null);
  const direction = order ?? (status === 'appealing' ? 'asc' : 'desc');
  const query = useAppealsPage({ status, order: direction, page, size: 20 });
  type Row = NonNullable<typeof query.data>['list'][number];
  const columns: Column<Row>[] = [
    { key: 'id', title: t('console.col.order'), render: (o) => `#${o.orderId}` },
    {
      key: 'parties',
      title: t('console.col.parties'),
      render: (o) => `${o.buyer.nickName} → ${o.seller.nickName}`,
    },
    {
      key: 'amount',
      title: t('console.col.amount'),
      render: (o) => t('common.usdtAmount', { amount: o.amountCoin }),
    },
    { key: 'reason', title: t('console.col.reason'), render: (o) => o.appealReason },
    { key: 'status', title: t('console.col.status'), render: (o) => <StatusTag status={o.status} /> },
    {
      key: 'resolvedBy',
      title: t('console.appeal.resolver'),
      render: (o) => (o.resolvedBy ? `${o.resolvedBy.nickName} (#${o.resolvedBy.id})` : '—'),
    },
  ];
  return (
    <ConsolePage
      title={t('console.menu.appeals')}
      testId="console-appeals"
      filters={
        <>
          <Choice
            title={t('console.col.status')}
            value={status}
            values={orderStatuses}
            label={(v) => t(`c2c.status.${v}`)}
            onChange={(v) => {
              setStatus(v);
              setPage(1);
            }}
            testId="appeals-status"
          />
          <OrderChoice
            value={direction}
            onChange={(v) => {
              setOrder(v);
              setPage(1);
            }}
            testId="appeals-order"
          />
        </>
      }
    >
      <ConsoleList
        query={query}
        columns={columns}
        rowKey={(o) => o.orderId}
        testId="appeals"
        empty={t('support.empty')}
        page={page}
        onPage={setPage}
        onRow={(o) => void navigate({ path: Paths.supportAppeals, query: { id: o.orderId } })}
      />
    </ConsolePage>
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
  const [fault, setFault] = useState<'none' | 'buyer' | 'seller'>('none');
  const [text, setText] = useState('');
  if (order.isPending) return <Loading />;
  if (order.isError) return <LoadError error={order.error} onRetry={() => void order.refetch()} />;
  const o = order.data;

  const finish = async (result: 'completed' | 'canceled') => {
    if (!note.trim()) return void toast(t('support.noteRequired'));
    const warn = result === 'completed' ? t('support.completeConfirm') : t('support.cancelConfirm');
    if (!(await confirm(warn, `resolve-${result}`, t('common.confirm'), result === 'canceled'))) return;
    try {
      await resolve.mutateAsync({ id, result, note: note.trim(), fault });
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
          <span className="c2c-status-title" data-testid="appeal-order-no">
            #{o.orderNo}
          </span>
          <StatusTag status={o.status} />
        </div>
      </div>
      <AppealCard order={o} />
      {o.resolvedBy ? (
        <div className="c2c-card" data-testid="appeal-resolved-by">
          {t('console.appeal.resolvedBy', { name: o.resolvedBy.nickName, id: o.resolvedBy.id })}
        </div>
      ) : null}
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
                        : t('trade.support'),
                })}
              </b>{' '}
              {m.contentType === 'notice' && m.content.type === 'c2c.payee' ? (
                <PayeeNotice content={m.content} />
              ) : m.contentType === 'image' && typeof m.content.url === 'string' ? (
                <Proof url={m.content.url} />
              ) : m.contentType === 'notice' ? (
                noticeText(m.content)
              ) : (
                messageText(m.content, m.contentType)
              )}
              {m.editTime ? <EditedVersions orderId={id} messageId={m.id} /> : null}
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
          <div className="c2c-field-label">{t('support.fault')}</div>
          <Selector
            columns={3}
            options={(['none', 'buyer', 'seller'] as const).map((f) => ({
              label: t(`support.faults.${f}`),
              value: f,
            }))}
            value={[fault]}
            onChange={(v) => v[0] && setFault(v[0])}
            data-testid="resolve-fault"
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

/** Support desk, moved into the console: appeals, one order with events, chat, resolve. */
const AppealsPage = () => {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const id = Number(params.get('id')) || 0;
  if (!id) return <AppealList />;
  return (
    <ConsolePage title={t('support.appealTitle', { id })} testId="console-appeal">
      <Link to={Paths.supportAppeals} data-testid="appeal-back">
        {t('console.backToList')}
      </Link>
      <AppealDetail id={id} />
    </ConsolePage>
  );
};

export default AppealsPage;
