import type { ProfileKey } from '@chatpay/shared';
import { List, Popup } from 'antd-mobile';
import { type ChangeEvent, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/Button.tsx';
import { LoadError } from '../../components/LoadError.tsx';
import { Loading } from '../../components/Loading.tsx';
import { Page } from '../../components/Page.tsx';
import { TextInput } from '../../components/TextInput.tsx';
import { UploadQueue } from '../../components/UploadQueue.tsx';
import { UserAvatar } from '../../components/UserAvatar.tsx';
import { usePerson, useSetUser } from '../../features/user/index.ts';
import { toast, toastError, toastSuccess } from '../../lib/toast.ts';
import { isCanceled, useUploadTasks } from '../../lib/upload-tasks.ts';

type TextKey = Exclude<ProfileKey, 'avatar'>;

const fields: { key: TextKey; maxLength: number; inputMode?: 'tel' }[] = [
  { key: 'nickName', maxLength: 32 },
  { key: 'description', maxLength: 200 },
  { key: 'note', maxLength: 100 },
  { key: 'phone', maxLength: 20, inputMode: 'tel' },
];

/** Edit profile: avatar upload and one-field edits, each saved on its own with setUser. */
const EditPage = () => {
  const { t } = useTranslation();
  const person = usePerson();
  const setUser = useSetUser();
  const avatarUpload = useUploadTasks();
  const fileInput = useRef<HTMLInputElement>(null);
  const [editing, setEditing] = useState<TextKey | null>(null);
  const [draft, setDraft] = useState('');

  const user = person.data;
  if (!user) {
    return (
      <Page title={t('titles.userEdit')}>
        {person.isError ? (
          <LoadError error={person.error} onRetry={() => void person.refetch()} />
        ) : (
          <Loading />
        )}
      </Page>
    );
  }

  const open = (key: TextKey) => {
    setDraft(user[key]);
    setEditing(key);
  };

  const save = async () => {
    if (!editing) return;
    // Edit fields cannot be empty (docs/product.md#validation).
    if (!draft.trim()) return toast(t('common.contentEmpty'));
    try {
      await setUser.mutateAsync({ dataKey: editing, dataValue: draft.trim() });
      setEditing(null);
      toastSuccess(t('common.saved'));
    } catch (error) {
      toastError(error);
    }
  };

  const onFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    try {
      // The percentage, cancel and retry show under the avatar row (UploadQueue).
      const url = await avatarUpload.run(file);
      await setUser.mutateAsync({ dataKey: 'avatar', dataValue: url });
      toastSuccess(t('edit.avatarSaved'));
    } catch (error) {
      if (!isCanceled(error)) toastError(error);
    }
  };

  const label = (key: TextKey) => t(`edit.${key}`);

  return (
    <Page title={t('titles.userEdit')}>
      <List className="entry-list">
        <List.Item
          onClick={() => fileInput.current?.click()}
          extra={<UserAvatar src={user.avatar} size={48} testId="edit-avatar-image" />}
          data-testid="edit-avatar"
        >
          {t('edit.avatar')}
        </List.Item>
        {avatarUpload.busy ? (
          <List.Item data-testid="edit-avatar-upload">
            <UploadQueue tasks={avatarUpload.tasks} />
          </List.Item>
        ) : null}
        {fields.map(({ key }) => (
          <List.Item
            key={key}
            onClick={() => open(key)}
            extra={<span className="field-value">{user[key] || t('common.notSet')}</span>}
            data-testid={`edit-${key}`}
          >
            {label(key)}
          </List.Item>
        ))}
      </List>
      <List className="entry-list">
        <List.Item extra={<span className="field-value">{user.username}</span>}>
          {t('edit.username')}
        </List.Item>
        <List.Item extra={<span className="field-value">{user.memberId}</span>}>
          {t('edit.memberId')}
        </List.Item>
      </List>
      <input
        ref={fileInput}
        className="hidden-input"
        type="file"
        accept="image/*"
        data-testid="edit-avatar-input"
        aria-label={t('edit.avatar')}
        onChange={onFile}
      />
      <Popup visible={editing !== null} onMaskClick={() => setEditing(null)} bodyClassName="edit-popup">
        {editing && (
          <form
            className="edit-form"
            onSubmit={(e) => {
              e.preventDefault();
              void save();
            }}
          >
            <h2 className="edit-title">{t('edit.editField', { field: label(editing) })}</h2>
            <div className="edit-box">
              <TextInput
                testId="edit-input"
                value={draft}
                onChange={setDraft}
                placeholder={t('edit.placeholder', { field: label(editing) })}
                maxLength={fields.find((f) => f.key === editing)?.maxLength}
                inputMode={fields.find((f) => f.key === editing)?.inputMode}
                autoFocus
              />
            </div>
            <div className="edit-actions">
              <Button block onClick={() => setEditing(null)} data-testid="edit-cancel">
                {t('common.cancel')}
              </Button>
              <Button block color="primary" type="submit" loading={setUser.isPending} data-testid="edit-save">
                {t('common.save')}
              </Button>
            </div>
          </form>
        )}
      </Popup>
    </Page>
  );
};

export default EditPage;
