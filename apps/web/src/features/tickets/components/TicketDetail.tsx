import type { Ticket, TicketKind } from '@chatpay/shared';
import { Image, ImageViewer, List, Tag } from 'antd-mobile';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { LoadError } from '../../../components/LoadError.tsx';
import { Loading } from '../../../components/Loading.tsx';
import { Page } from '../../../components/Page.tsx';
import { statusColor, typeLabel } from '../kinds.ts';
import { useTicket, useTicketTypes } from '../queries.ts';
import '../tickets.css';
import { dateTime } from '../../../lib/i18n/time.ts';

/** What a complaint is about, as the server names it now (a record removed since has no name). */
const targetText = (t: TFunction, target: NonNullable<Ticket['target']>) => {
  if (!target.label) return t(target.kind === 'moment' ? 'ticket.about.momentNoText' : 'ticket.about.gone');
  return t(`ticket.about.${target.kind}`, { label: target.label });
};

/** One complaint or feedback (?id=): what I sent, its status and the support reply. */
export const TicketDetail = ({ kind }: { kind: TicketKind }) => {
  const { t, i18n } = useTranslation();
  const [params] = useSearchParams();
  const id = Number(params.get('id')) || 0;
  const ticket = useTicket(kind, id);
  const types = useTicketTypes(kind);
  const title = t(kind === 'complain' ? 'titles.complainDetail' : 'titles.feedbackDetail');
  const x = ticket.data;
  if (!x) {
    return (
      <Page title={title}>
        {ticket.isError ? (
          <LoadError error={ticket.error} onRetry={() => void ticket.refetch()} />
        ) : (
          <Loading />
        )}
      </Page>
    );
  }
  const when = (iso: string) => dateTime(iso, i18n.language);
  const name = types.data?.find((e) => e.value === x.type)?.name;
  return (
    <Page title={title}>
      <div className="ticket-head">
        <Tag color={statusColor[x.status]} data-testid="ticket-status">
          {t(`ticket.status.${x.status}`)}
        </Tag>
        <span className="ticket-head-type" data-testid="ticket-type">
          {typeLabel(t, kind, x.type, name)}
        </span>
      </div>
      {x.target ? (
        <List>
          <List.Item data-testid="ticket-target-view" data-kind={x.target.kind}>
            <span className="ticket-target-label">{targetText(t, x.target)}</span>
          </List.Item>
        </List>
      ) : null}
      <List>
        <List.Item description={when(x.createTime)}>{t('ticket.submittedAt')}</List.Item>
        <List.Item
          description={
            <div className="ticket-text" data-testid="ticket-text-view">
              {x.text}
            </div>
          }
        >
          {t('ticket.text')}
        </List.Item>
        {x.images.length > 0 ? (
          <List.Item
            description={
              <div className="ticket-images" data-testid="ticket-images-view">
                {x.images.map((src, i) => (
                  <Image
                    key={src}
                    src={src}
                    alt={t('upload.picture', { n: i + 1 })}
                    width={72}
                    height={72}
                    fit="cover"
                    onClick={() => ImageViewer.Multi.show({ images: x.images, defaultIndex: i })}
                  />
                ))}
              </div>
            }
          >
            {t('ticket.pictures')}
          </List.Item>
        ) : null}
        {x.contact ? <List.Item extra={x.contact}>{t('ticket.contact')}</List.Item> : null}
      </List>
      <List header={t('ticket.reply')}>
        <List.Item description={x.replyTime ? when(x.replyTime) : undefined}>
          <div className={`ticket-reply${x.reply ? '' : ' none'}`} data-testid="ticket-reply">
            {x.reply || t('ticket.noReply')}
          </div>
        </List.Item>
      </List>
    </Page>
  );
};
