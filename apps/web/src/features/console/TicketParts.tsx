import type { AdminTicket, TicketKind } from '@chatpay/shared';
import { useTranslation } from 'react-i18next';
import { thumbUrl } from '../../lib/media-url.ts';
import { typeLabel, useTicketTypes } from '../tickets/index.ts';
import { formatTime } from './components.tsx';

/** A member's file in the console, where staff see everything about them. */
const memberFile = (userId: number) => `#/admin/members?id=${userId}`;

/** The member who wrote the ticket, linked to their file, with the contact they left. */
export const TicketFrom = ({ r }: { r: AdminTicket }) => {
  const { t } = useTranslation();
  return (
    <div className="ticket-cell">
      <a href={memberFile(r.userId)} data-testid={`ticket-from-${r.id}`}>{`${r.nickName} (${r.username})`}</a>
      {r.contact ? (
        <span className="console-muted" data-testid={`ticket-contact-${r.id}`}>
          {t('console.ticket.contactIs', { contact: r.contact })}
        </span>
      ) : null}
    </div>
  );
};

/** The type in words: our translation of a seeded type, else the dictionary's name, else the value. */
export const TicketType = ({ kind, value }: { kind: TicketKind; value: string }) => {
  const { t } = useTranslation();
  const types = useTicketTypes(kind);
  return <>{typeLabel(t, kind, value, types.data?.find((e) => e.value === value)?.name)}</>;
};

/** The whole text and the pictures, each a thumbnail opening the original in a new tab. */
export const TicketContent = ({ r }: { r: AdminTicket }) => {
  const { t } = useTranslation();
  return (
    <div className="ticket-cell">
      <span className="ticket-text" data-testid={`ticket-text-${r.id}`}>
        {r.text}
      </span>
      {r.images.length > 0 ? (
        <span className="ticket-images" data-testid={`ticket-images-${r.id}`}>
          {r.images.map((url, i) => (
            <a key={url} href={url} target="_blank" rel="noreferrer">
              <img src={thumbUrl(url, 64)} alt={t('upload.picture', { n: i + 1 })} width={64} height={64} />
            </a>
          ))}
        </span>
      ) : null}
    </div>
  );
};

/**
 * What a complaint is about: a member linked to their file, an order by number linked to its view in the
 * appeals desk, a group by name, a moment by its text (docs/product.md#tickets).
 */
export const TicketTarget = ({ r }: { r: AdminTicket }) => {
  const { t } = useTranslation();
  const target = r.target;
  if (!target) return <>{'—'}</>;
  const kind = t(`console.ticket.targetKind.${target.kind}`);
  const label = target.label || t('console.ticket.targetGone', { id: target.id });
  const shown =
    target.kind === 'member' ? (
      <a href={memberFile(target.id)}>{`${label} (#${target.id})`}</a>
    ) : target.kind === 'order' ? (
      <a href={`#/admin/appeals?id=${target.id}`}>{label}</a>
    ) : (
      <span className="ticket-text">{label}</span>
    );
  return (
    <span className="ticket-target" data-testid={`ticket-target-${r.id}`} data-kind={target.kind}>
      <span className="console-muted">{kind}</span>
      {shown}
    </span>
  );
};

/** Everything the member sent, above the reply form. */
export const TicketSummary = ({ kind, r }: { kind: TicketKind; r: AdminTicket }) => {
  const { t } = useTranslation();
  return (
    <dl className="ticket-summary" data-testid="ticket-reply-summary">
      <dt>{t('console.col.member')}</dt>
      <dd>
        <TicketFrom r={r} />
      </dd>
      <dt>{t('console.ticket.type')}</dt>
      <dd>
        <TicketType kind={kind} value={r.type} />
      </dd>
      {kind === 'complain' ? (
        <>
          <dt>{t('console.ticket.target')}</dt>
          <dd>
            <TicketTarget r={r} />
          </dd>
        </>
      ) : null}
      <dt>{t('console.ticket.text')}</dt>
      <dd>
        <TicketContent r={r} />
      </dd>
      <dt>{t('console.col.created')}</dt>
      <dd>{formatTime(r.createTime)}</dd>
    </dl>
  );
};
