import { mccApi } from '@chatpay/shared';
import { useMutation } from '@tanstack/react-query';
import { List, Popup } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/Button.tsx';
import { TextInput } from '../../../components/TextInput.tsx';
import { call } from '../../../lib/request.ts';
import { toastError } from '../../../lib/toast.ts';
import { CopyRow } from './bits.tsx';

/**
 * A merchant's guest accounts (`mcc/createGuest`): a member made for a customer, with a generated user name
 * and password shown once (to copy and hand over), a few per day.
 */
export const GuestAccountItem = () => {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [nickName, setNickName] = useState('');
  const create = useMutation({
    mutationFn: (name: string) => call(mccApi.createGuest, name ? { nickName: name } : {}),
  });
  const made = create.data;

  const close = () => {
    setOpen(false);
    setNickName('');
    create.reset();
  };

  return (
    <>
      <List.Item onClick={() => setOpen(true)} data-testid="my-guest">
        {t('c2c.guest.title')}
      </List.Item>
      <Popup visible={open} onMaskClick={close} bodyClassName="edit-popup">
        <div className="edit-form" data-testid="guest-popup">
          <h2 className="edit-title">{t('c2c.guest.title')}</h2>
          {made ? (
            <div className="c2c-card" data-testid="guest-made">
              <p className="c2c-muted">{t('c2c.guest.once')}</p>
              <CopyRow label={t('c2c.guest.nickName')} value={made.nickName} testId="guest-nickname" />
              <CopyRow label={t('c2c.guest.memberId')} value={made.memberId} testId="guest-member-id" />
              <CopyRow label={t('c2c.guest.username')} value={made.username} testId="guest-username" />
              <CopyRow label={t('c2c.guest.password')} value={made.password} testId="guest-password" />
            </div>
          ) : (
            <>
              <p className="c2c-muted">{t('c2c.guest.hint')}</p>
              <div className="edit-box">
                <TextInput
                  testId="guest-nickname-input"
                  value={nickName}
                  onChange={setNickName}
                  placeholder={t('c2c.guest.nickNamePlaceholder')}
                  maxLength={32}
                  ariaLabel={t('c2c.guest.nickName')}
                />
              </div>
            </>
          )}
          <div className="edit-actions">
            <Button block onClick={close} data-testid="guest-close">
              {made ? t('c2c.guest.close') : t('common.cancel')}
            </Button>
            {made ? null : (
              <Button
                block
                color="primary"
                loading={create.isPending}
                onClick={() => create.mutate(nickName.trim(), { onError: toastError })}
                data-testid="guest-create"
              >
                {t('c2c.guest.create')}
              </Button>
            )}
          </div>
        </div>
      </Popup>
    </>
  );
};
