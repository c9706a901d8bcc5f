import { type AutoReplyContentType, autoReplyContentTypes, uploadAccept } from '@chatpay/shared';
import { List, Selector, Switch, TextArea } from 'antd-mobile';
import { type ChangeEvent, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/Button.tsx';
import { LoadError } from '../../components/LoadError.tsx';
import { Loading } from '../../components/Loading.tsx';
import { Page } from '../../components/Page.tsx';
import { UploadQueue } from '../../components/UploadQueue.tsx';
import { useAutoReply, useSetAutoReply } from '../../features/chat/index.ts';
import { thumbUrl } from '../../lib/media-url.ts';
import { toast, toastError, toastSuccess } from '../../lib/toast.ts';
import { isCanceled, useUploadTasks } from '../../lib/upload-tasks.ts';

interface Draft {
  enabled: boolean;
  contentType: AutoReplyContentType;
  text: string;
  url: string;
}

/**
 * My auto-reply (/pages/user/reply, docs/product.md#messages): when it is on, a member who writes to me in a
 * single chat gets this text, picture or video once per conversation.
 */
const ReplyPage = () => {
  const { t } = useTranslation();
  const reply = useAutoReply();
  const save = useSetAutoReply();
  const upload = useUploadTasks();
  const fileInput = useRef<HTMLInputElement>(null);
  const [draft, setDraft] = useState<Draft | null>(null);

  useEffect(() => {
    if (!reply.data || draft) return;
    const { enabled, contentType, content } = reply.data;
    setDraft({
      enabled,
      contentType,
      text: contentType === 'text' ? String(content?.text ?? '') : '',
      url: contentType === 'text' ? '' : String(content?.url ?? ''),
    });
  }, [reply.data, draft]);

  if (!draft) {
    return (
      <Page title={t('titles.userReply')}>
        {reply.isError ? <LoadError error={reply.error} onRetry={() => void reply.refetch()} /> : <Loading />}
      </Page>
    );
  }

  const media = draft.contentType !== 'text';
  const onFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    try {
      // The percentage, cancel and retry show under the picker (UploadQueue).
      const url = await upload.run(file);
      setDraft((d) => (d ? { ...d, url } : d));
    } catch (error) {
      if (!isCanceled(error)) toastError(error);
    }
  };
  const submit = () => {
    if (media ? !draft.url : !draft.text.trim()) {
      toast(t('common.contentEmpty'));
      return;
    }
    save.mutate(
      {
        enabled: draft.enabled,
        contentType: draft.contentType,
        content: media ? { url: draft.url } : { text: draft.text.trim() },
      },
      { onSuccess: () => toastSuccess(t('common.saved')), onError: toastError },
    );
  };

  return (
    <Page title={t('titles.userReply')}>
      <List className="entry-list">
        <List.Item
          description={t('reply.hint')}
          extra={
            <Switch
              checked={draft.enabled}
              onChange={(enabled) => setDraft({ ...draft, enabled })}
              aria-label={t('reply.enabled')}
              data-testid="reply-enabled"
            />
          }
        >
          {t('reply.enabled')}
        </List.Item>
      </List>
      <List header={t('reply.content')}>
        <List.Item>
          <Selector
            columns={3}
            value={[draft.contentType]}
            onChange={(v) => v[0] && setDraft({ ...draft, contentType: v[0], url: '' })}
            options={autoReplyContentTypes.map((type) => ({
              value: type,
              label: <span data-testid={`reply-type-${type}`}>{t(`reply.type.${type}`)}</span>,
            }))}
          />
        </List.Item>
        <List.Item>
          {media ? (
            <div className="reply-media" data-testid="reply-media" data-url={draft.url}>
              {draft.url && draft.contentType === 'image' ? (
                <img src={thumbUrl(draft.url, 160)} alt={t('reply.type.image')} className="reply-preview" />
              ) : null}
              {draft.url && draft.contentType === 'video' ? (
                <video src={draft.url} className="reply-preview" muted playsInline preload="metadata" />
              ) : null}
              <Button size="small" onClick={() => fileInput.current?.click()} data-testid="reply-pick">
                {draft.url ? t('reply.change') : t(`reply.pick.${draft.contentType}`)}
              </Button>
              {upload.busy ? <UploadQueue tasks={upload.tasks} /> : null}
            </div>
          ) : (
            <TextArea
              value={draft.text}
              onChange={(text) => setDraft({ ...draft, text })}
              autoSize={{ minRows: 3, maxRows: 8 }}
              maxLength={500}
              showCount
              placeholder={t('reply.placeholder')}
              data-testid="reply-text"
            />
          )}
        </List.Item>
      </List>
      <input
        ref={fileInput}
        className="hidden-input"
        type="file"
        accept={uploadAccept(draft.contentType === 'video' ? 'video' : 'image')}
        aria-label={t(`reply.type.${draft.contentType}`)}
        data-testid="reply-file"
        onChange={(e) => void onFile(e)}
      />
      <div className="page-actions">
        <Button block color="primary" loading={save.isPending} onClick={submit} data-testid="reply-save">
          {t('common.save')}
        </Button>
      </div>
    </Page>
  );
};

export default ReplyPage;
