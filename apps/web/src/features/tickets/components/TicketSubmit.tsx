import { TICKET_IMAGES_MAX, TICKET_TEXT_MAX, type TicketKind, ticketTargetKinds } from '@chatpay/shared';
import { type ImageUploadItem, List, Selector, TextArea } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { Button } from '../../../components/Button.tsx';
import { ImagePicker } from '../../../components/ImagePicker.tsx';
import { LoadError } from '../../../components/LoadError.tsx';
import { Page } from '../../../components/Page.tsx';
import { TextInput } from '../../../components/TextInput.tsx';
import { UserAvatar } from '../../../components/UserAvatar.tsx';
import { navigate } from '../../../lib/router/navigate.ts';
import { toast, toastError, toastSuccess } from '../../../lib/toast.ts';
import { useUserQuery } from '../../chat/index.ts';
import { ticketPaths, typeLabel } from '../kinds.ts';
import { useSubmitTicket, useTicketTypes } from '../queries.ts';
import '../tickets.css';

/** The member a complaint is about (from the user card's Complain action). */
const Target = ({ userId }: { userId: number }) => {
  const { t } = useTranslation();
  const user = useUserQuery({ userId });
  if (!user.data) return null;
  return (
    <List header={t('ticket.target')}>
      <List.Item prefix={<UserAvatar src={user.data.avatar} size={36} />} data-testid="ticket-target">
        {user.data.remark || user.data.nickName}
      </List.Item>
    </List>
  );
};

/**
 * An order, group or moment a complaint is about, named as the page that opened this one named it
 * (`?targetKind=order&targetId=7&label=2024…`): the server checks it, the label only tells the member.
 */
const OtherTarget = ({ kind, label }: { kind: string; label: string }) => {
  const { t } = useTranslation();
  return (
    <List>
      <List.Item data-testid="ticket-target">
        <span className="ticket-target-label">
          {kind === 'moment' && !label
            ? t('ticket.about.momentNoText')
            : t(`ticket.about.${kind}`, { label })}
        </span>
      </List.Item>
    </List>
  );
};

type OtherKind = Exclude<(typeof ticketTargetKinds)[number], 'member'>;
const otherKinds: readonly string[] = ticketTargetKinds.filter((k) => k !== 'member');

/** The target named in the address: a member (`userId`) or another kind with its id; none for feedback. */
const useTarget = (kind: TicketKind) => {
  const [params] = useSearchParams();
  if (kind !== 'complain') return null;
  const userId = Number(params.get('userId')) || 0;
  if (userId) return { kind: 'member' as const, id: userId, label: '' };
  const other = params.get('targetKind') ?? '';
  const id = Number(params.get('targetId')) || 0;
  if (!id || !otherKinds.includes(other)) return null;
  return { kind: other as OtherKind, id, label: params.get('label') ?? '' };
};

/** Submit a complaint or feedback: type from the dictionary, text, up to 6 pictures, contact. */
export const TicketSubmit = ({ kind }: { kind: TicketKind }) => {
  const { t } = useTranslation();
  const target = useTarget(kind);
  const types = useTicketTypes(kind);
  const [type, setType] = useState('');
  const [text, setText] = useState('');
  const [images, setImages] = useState<ImageUploadItem[]>([]);
  const [pending, setPending] = useState(0);
  const [contact, setContact] = useState('');
  const submit = useSubmitTicket(kind);
  const paths = ticketPaths[kind];

  const send = () => {
    if (!type) return void toast(t('ticket.typeRequired'));
    if (!text.trim()) return void toast(t('common.contentEmpty'));
    submit.mutate(
      {
        type,
        text: text.trim(),
        images: images.map((i) => i.url),
        contact: contact.trim(),
        ...(target?.kind === 'member'
          ? { targetUserId: target.id }
          : target
            ? { targetKind: target.kind, targetId: target.id }
            : {}),
      },
      {
        onSuccess: (ticket) => {
          toastSuccess(t('ticket.submitted'));
          navigate({ path: paths.detail, query: { id: ticket.id }, mode: 'redirectTo' });
        },
        onError: toastError,
      },
    );
  };

  return (
    <Page
      title={t(kind === 'complain' ? 'titles.complainSubmit' : 'titles.feedbackSubmit')}
      right={
        <button
          type="button"
          className="nav-text"
          onClick={() => navigate(paths.list)}
          data-testid="ticket-records"
        >
          {t('ticket.records')}
        </button>
      }
    >
      {target?.kind === 'member' ? <Target userId={target.id} /> : null}
      {target && target.kind !== 'member' ? <OtherTarget kind={target.kind} label={target.label} /> : null}
      <List header={t('ticket.type')}>
        <List.Item>
          {types.isError ? (
            <LoadError error={types.error} onRetry={() => void types.refetch()} />
          ) : (
            <Selector
              className="ticket-types"
              columns={2}
              value={type ? [type] : []}
              onChange={(v) => setType(v[0] ?? '')}
              options={(types.data ?? []).map((e) => ({
                value: e.value,
                label: (
                  <span data-testid={`ticket-type-${e.value}`}>{typeLabel(t, kind, e.value, e.name)}</span>
                ),
              }))}
            />
          )}
        </List.Item>
      </List>
      <List header={t('ticket.text')}>
        <List.Item>
          <TextArea
            value={text}
            onChange={setText}
            placeholder={t(`ticket.textPlaceholder.${kind}`)}
            autoSize={{ minRows: 4, maxRows: 10 }}
            maxLength={TICKET_TEXT_MAX}
            showCount
            data-testid="ticket-text"
          />
        </List.Item>
      </List>
      <List header={t('ticket.images', { count: TICKET_IMAGES_MAX })}>
        <List.Item>
          <ImagePicker
            value={images}
            onChange={setImages}
            max={TICKET_IMAGES_MAX}
            onPendingChange={setPending}
            testId="ticket-images"
          />
        </List.Item>
      </List>
      <List header={t('ticket.contact')}>
        <List.Item>
          <TextInput
            value={contact}
            onChange={setContact}
            maxLength={100}
            placeholder={t('ticket.contactPlaceholder')}
            testId="ticket-contact"
          />
        </List.Item>
      </List>
      <div className="page-actions">
        <Button
          block
          color="primary"
          size="large"
          disabled={pending > 0 || !type || !text.trim()}
          loading={submit.isPending}
          onClick={send}
          data-testid="ticket-submit"
        >
          {t('common.submit')}
        </Button>
      </div>
    </Page>
  );
};
