import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAuditPage } from '../../features/console/index.ts';
import {
  AuditActionText,
  Choice,
  type Column,
  ConsoleList,
  ConsolePage,
  formatTime,
  MemberField,
  type MemberLookup,
  TextField,
  useMemberLookup,
} from '../../features/console/ui.ts';

/** A member filter: none while the field is empty; the list waits while the field names nobody (yet). */
const memberFilter = (lookup: MemberLookup) =>
  lookup.state === 'empty'
    ? { ready: true, id: undefined }
    : { ready: lookup.state === 'found', id: lookup.member?.id };

/** The audit log: who did what to whom, filtered by actor, target and action, newest or oldest first. */
const AuditPage = () => {
  const { t } = useTranslation();
  const [actor, setActor] = useState('');
  const [target, setTarget] = useState('');
  const [action, setAction] = useState('');
  const [order, setOrder] = useState<'asc' | 'desc'>('desc');
  const [page, setPage] = useState(1);
  const actorLookup = useMemberLookup(actor);
  const targetLookup = useMemberLookup(target);
  const { ready: actorReady, id: actorId } = memberFilter(actorLookup);
  const { ready: targetReady, id: targetUserId } = memberFilter(targetLookup);
  const query = useAuditPage(
    {
      ...(actorId ? { actorId } : {}),
      ...(targetUserId ? { targetUserId } : {}),
      ...(action.trim() ? { action: action.trim() } : {}),
      order,
      page,
      size: 20,
    },
    actorReady && targetReady,
  );
  type Row = NonNullable<typeof query.data>['list'][number];
  const columns: Column<Row>[] = [
    { key: 'time', title: t('console.col.time'), render: (a) => formatTime(a.createTime) },
    { key: 'actor', title: t('console.audit.actor'), render: (a) => `#${a.actorId}` },
    { key: 'action', title: t('console.col.action'), render: (a) => <AuditActionText action={a.action} /> },
    {
      key: 'target',
      title: t('console.col.member'),
      render: (a) => (a.targetUserId ? `#${a.targetUserId}` : '—'),
    },
    { key: 'amount', title: t('console.col.amount'), render: (a) => a.amount ?? '—' },
    { key: 'reason', title: t('console.col.reason'), render: (a) => a.reason || '—' },
  ];
  const reset = (set: (v: string) => void) => (v: string) => {
    set(v);
    setPage(1);
  };
  return (
    <ConsolePage
      title={t('console.menu.audit')}
      testId="console-audit"
      filters={
        <>
          <MemberField
            title={t('console.audit.actor')}
            value={actor}
            onChange={reset(setActor)}
            lookup={actorLookup}
            testId="audit-actor"
          />
          <MemberField
            title={t('console.col.member')}
            value={target}
            onChange={reset(setTarget)}
            lookup={targetLookup}
            testId="audit-target"
          />
          <TextField
            title={t('console.col.action')}
            value={action}
            onChange={reset(setAction)}
            testId="audit-action"
          />
          <Choice
            title={t('console.order')}
            value={order}
            values={['desc', 'asc'] as const}
            label={(v) => t(`console.orderBy.${v}`)}
            onChange={setOrder}
            testId="audit-order"
          />
        </>
      }
    >
      <ConsoleList
        query={query}
        columns={columns}
        rowKey={(a) => a.id}
        testId="audit"
        empty={t('console.audit.empty')}
        page={page}
        onPage={setPage}
      />
    </ConsolePage>
  );
};

export default AuditPage;
