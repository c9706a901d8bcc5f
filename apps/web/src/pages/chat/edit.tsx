import { GROUP_ANNOUNCEMENT_MAX, GROUP_NAME_MAX, groupApi } from '@chatpay/shared';
import { Button, TextArea } from 'antd-mobile';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { Page } from '../../components/Page.tsx';
import { useGroupInfo, useGroupRun } from '../../features/chat/groups.ts';
import { call } from '../../lib/request.ts';
import { back } from '../../lib/router/navigate.ts';
import { toast, toastSuccess } from '../../lib/toast.ts';

/** Edit the group name or announcement (owner or manager). */
const GroupEditPage = () => {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const sessionId = Number(params.get('id')) || 0;
  const field = params.get('field') === 'announcement' ? 'announcement' : 'name';
  const info = useGroupInfo(sessionId);
  const run = useGroupRun();
  const [value, setValue] = useState('');
  const initial = info.data?.[field];
  useEffect(() => {
    if (initial !== undefined) setValue(initial);
  }, [initial]);

  const save = async () => {
    const g = info.data;
    if (!g) return;
    if (!value.trim()) return toast(t('common.contentEmpty'));
    const done = await run(() => call(groupApi.update, { groupId: g.groupId, [field]: value.trim() }));
    if (done) {
      toastSuccess(t('common.saved'));
      back();
    }
  };

  return (
    <Page title={t(field === 'name' ? 'group.name' : 'group.announcement')}>
      <div className="group-edit">
        <TextArea
          value={value}
          onChange={setValue}
          autoSize={{ minRows: field === 'name' ? 1 : 5, maxRows: 10 }}
          maxLength={field === 'name' ? GROUP_NAME_MAX : GROUP_ANNOUNCEMENT_MAX}
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
