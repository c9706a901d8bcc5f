import { List, Popup } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/Button.tsx';
import { TextInput } from '../../components/TextInput.tsx';
import { arrivalInviteCode, forgetInviteCode } from '../../lib/router/deep-link.ts';
import { toastError, toastSuccess } from '../../lib/toast.ts';
import { usePerson, useShareCodeCheck, useSignShareCode } from './queries.ts';

/**
 * Settings row "Invited by" (`signShareCode`): shows the inviter, or lets a member who signed up without a
 * code bind one later (once), with the same live check as the sign-up form.
 */
export const InviterItem = () => {
  const { t } = useTranslation();
  const person = usePerson();
  const sign = useSignShareCode();
  const [open, setOpen] = useState(false);
  const [code, setCode] = useState('');
  const check = useShareCodeCheck(code);
  const inviter = person.data?.invitedBy ?? null;

  const submit = async () => {
    try {
      await sign.mutateAsync(code.trim().toUpperCase());
      forgetInviteCode();
      setOpen(false);
      toastSuccess(t('invite.bound'));
    } catch (error) {
      toastError(error);
    }
  };

  return (
    <>
      <List.Item
        data-testid="set-inviter"
        extra={inviter ?? t('invite.none')}
        onClick={
          inviter
            ? undefined
            : () => {
                setCode(arrivalInviteCode());
                setOpen(true);
              }
        }
      >
        {t('invite.invitedBy')}
      </List.Item>
      <Popup visible={open} onMaskClick={() => setOpen(false)} bodyClassName="edit-popup">
        <form
          className="edit-form"
          onSubmit={(e) => {
            e.preventDefault();
            void submit();
          }}
        >
          <h2 className="edit-title">{t('invite.bindTitle')}</h2>
          <div className="edit-box">
            <TextInput
              testId="inviter-code"
              value={code}
              onChange={setCode}
              placeholder={t('sign.shareCode')}
              maxLength={16}
              autoFocus
            />
          </div>
          {check.data ? (
            <p
              className="invite-check"
              role="status"
              data-testid="inviter-check"
              data-valid={String(check.data.valid)}
            >
              {check.data.valid
                ? t('sign.invitedBy', { name: check.data.nickName ?? '' })
                : t('sign.codeUnknown')}
            </p>
          ) : null}
          <div className="edit-actions">
            <Button block onClick={() => setOpen(false)}>
              {t('common.cancel')}
            </Button>
            <Button
              block
              color="primary"
              type="submit"
              loading={sign.isPending}
              disabled={!check.data?.valid}
              data-testid="inviter-save"
            >
              {t('common.save')}
            </Button>
          </div>
        </form>
      </Popup>
    </>
  );
};
