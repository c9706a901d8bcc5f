import { GROUP_ANNOUNCEMENT_MAX, GROUP_NAME_MAX, GROUP_NOTE_MAX } from '@chatpay/shared';
import { TextArea } from 'antd-mobile';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { Button } from '../../components/Button.tsx';
import { Page } from '../../components/Page.tsx';
import { myId } from '../../features/chat/index.ts';
import { useGroupInfo, useSetGroupNote, useUpdateGroup } from '../../features/group/index.ts';
import { back } from '../../lib/router/navigate.ts';
import { orToast, toast, toastSuccess } from '../../lib/toast.ts';

type Field = 'name' | 'announcement' | 'note';
const fields: readonly string[] = ['name', 'announcement', 'note'];
const maxLength: Record<Field, number> = {
  name: GROUP_NAME_MAX,
  announcement: GROUP_ANNOUNCEMENT_MAX,
  note: GROUP_NOTE_MAX,
};
const titleKey: Record<Field, string> = {
  name: 'group.name',
  announcement: 'group.announcement',
  note: 'group.myNote',
};

/** Edit the group name or announcement (owner or manager), or my alias in the group (any member). */
const GroupEditPage = () => {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const sessionId = Number(params.get('id')) || 0;
  const asked = params.get('field') ?? '';
  const field = (fields.includes(asked) ? asked : 'name') as Field;
  const info = useGroupInfo(sessionId);
  const update = useUpdateGroup(sessionId);
  const setNote = useSetGroupNote(sessionId);
  const [value, setValue] = useState('');
  const me = myId();
  const initial =
    field === 'note' ? info.data?.members.find((m) => m.userId === me)?.note : info.data?.[field];
  useEffect(() => {
    if (initial !== undefined) setValue(initial);
  }, [initial]);

  const save = async () => {
    const g = info.data;
    if (!g) return;
    // An empty alias means "my nick name"; the name and the announcement cannot be empty.
    if (field !== 'note' && !value.trim()) return toast(t('common.contentEmpty'));
    const done = await orToast(
      field === 'note'
        ? setNote.mutateAsync({ groupId: g.groupId, note: value.trim() })
        : update.mutateAsync({ groupId: g.groupId, [field]: value.trim() }),
    );
    if (done) {
      toastSuccess(t('common.saved'));
      back();
    }
  };

  return (
    <Page title={t(titleKey[field])}>
      <div className="group-edit">
        <TextArea
          value={value}
          onChange={setValue}
          autoSize={{ minRows: field === 'announcement' ? 5 : 1, maxRows: 10 }}
          maxLength={maxLength[field]}
          placeholder={field === 'note' ? t('group.myNoteHint') : undefined}
          showCount
          data-testid="group-edit-input"
        />
      </div>
      <div className="group-actions">
        <Button block color="primary" onClick={() => void save()} data-testid="group-edit-save">
          {t('common.save')}
        </Button>
      </div>
    </Page>
  );
};

export default GroupEditPage;
