import { type TicketStatus, ticketStatuses } from '@chatpay/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router-dom';
import { Button } from '../../components/Button.tsx';
import {
  useComplainReply,
  useComplaintsPage,
  useFeedbackPage,
  useFeedbackReply,
} from '../../features/console/index.ts';
import {
  Choice,
  type Column,
  ConsoleList,
  ConsolePage,
  formatTime,
  OrderChoice,
  TicketContent,
  TicketFrom,
  TicketSummary,
  TicketTarget,
  TicketType,
} from '../../features/console/ui.ts';
import { Paths } from '../../lib/router/paths.ts';
import { toast, toastError, toastSuccess } from '../../lib/toast.ts';

const filters = ['all', ...ticketStatuses] as const;

/** Complaints and feedback inbox: by status, answer with a reply the member sees and set a status. */
const TicketsPage = () => {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const kind = pathname === Paths.consoleFeedback ? 'feedback' : 'complain';
  const [status, setStatus] = useState<(typeof filters)[number]>('pending');
  const [page, setPage] = useState(1);
  const [replyTo, setReplyTo] = useState<number | null>(null);
  const [reply, setReply] = useState('');
  const [next, setNext] = useState<TicketStatus>('resolved');
  const [order, setOrder] = useState<'asc' | 'desc'>('desc');
  const input = { ...(status === 'all' ? {} : { status }), order, page, size: 20 };
  const complaints = useComplaintsPage(input, kind === 'complain');
  const feedback = useFeedbackPage(input, kind === 'feedback');
  const query = kind === 'feedback' ? feedback : complaints;
  const complainReply = useComplainReply();
  const feedbackReply = useFeedbackReply();
  const send = kind === 'feedback' ? feedbackReply : complainReply;
  type Row = NonNullable<typeof query.data>['list'][number];
  const answering = query.data?.list.find((r) => r.id === replyTo);
  const submit = async () => {
    if (replyTo === null) return;
    if (!reply.trim()) return void toast(t('common.contentEmpty'));
    try {
      await send.mutateAsync({ id: replyTo, reply: reply.trim(), status: next });
      toastSuccess(t('console.ticket.replied'));
      setReply('');
      setReplyTo(null);
    } catch (error) {
      toastError(error);
    }
  };
  const columns: Column<Row>[] = [
    { key: 'id', title: t('console.col.id'), render: (r) => r.id },
    { key: 'member', title: t('console.col.member'), render: (r) => <TicketFrom r={r} /> },
    {
      key: 'type',
      title: t('console.ticket.type'),
      render: (r) => <TicketType kind={kind} value={r.type} />,
    },
    ...(kind === 'complain'
      ? [{ key: 'target', title: t('console.ticket.target'), render: (r: Row) => <TicketTarget r={r} /> }]
      : []),
    { key: 'text', title: t('console.ticket.text'), render: (r) => <TicketContent r={r} /> },
    { key: 'status', title: t('console.col.status'), render: (r) => t(`ticket.status.${r.status}`) },
    { key: 'reply', title: t('console.ticket.reply'), render: (r) => r.reply || '—' },
    { key: 'created', title: t('console.col.created'), render: (r) => formatTime(r.createTime) },
    {
      key: 'actions',
      title: t('console.col.actions'),
      render: (r) => (
        <Button size="mini" onClick={() => setReplyTo(r.id)} data-testid={`ticket-reply-${r.id}`}>
          {t('console.ticket.answer')}
        </Button>
      ),
    },
  ];
  return (
    <ConsolePage
      title={kind === 'feedback' ? t('console.menu.feedback') : t('console.menu.complaints')}
      testId={`console-tickets-${kind}`}
      filters={
        <>
          <Choice
            title={t('console.col.status')}
            value={status}
            values={filters}
            label={(v) => (v === 'all' ? t('console.all') : t(`ticket.status.${v}`))}
            onChange={(v) => {
              setStatus(v);
              setPage(1);
            }}
            testId="tickets-status"
          />
          <OrderChoice
            value={order}
            onChange={(v) => {
              setOrder(v);
              setPage(1);
            }}
            testId="tickets-order"
          />
        </>
      }
    >
      {replyTo !== null ? (
        <div className="console-panel" data-testid="ticket-reply-panel">
          <h2>{t('console.ticket.replyTo', { id: replyTo })}</h2>
          {answering ? <TicketSummary kind={kind} r={answering} /> : null}
          <label className="console-field">
            <span>{t('console.ticket.reply')}</span>
            <textarea
              value={reply}
              maxLength={2000}
              onChange={(e) => setReply(e.target.value)}
              data-testid="ticket-reply-text"
            />
          </label>
          <div className="console-actions">
            <Choice
              title={t('console.col.status')}
              value={next}
              values={ticketStatuses}
              label={(v) => t(`ticket.status.${v}`)}
              onChange={setNext}
              testId="ticket-reply-status"
            />
            <Button
              color="primary"
              loading={send.isPending}
              onClick={() => void submit()}
              data-testid="ticket-reply-send"
            >
              {t('console.ticket.send')}
            </Button>
            <Button onClick={() => setReplyTo(null)}>{t('common.cancel')}</Button>
          </div>
        </div>
      ) : null}
      <ConsoleList
        query={query}
        columns={columns}
        rowKey={(r) => r.id}
        testId="tickets"
        empty={t('console.ticket.empty')}
        page={page}
        onPage={setPage}
      />
    </ConsolePage>
  );
};

export default TicketsPage;
