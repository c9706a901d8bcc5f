import { ErrorCode } from '@chatpay/shared';
import { useCallback } from 'react';
import { useAuth } from '../../lib/auth.ts';
import { confirm } from '../../lib/dialog.tsx';
import { ApiError } from '../../lib/errors.ts';
import { t } from '../../lib/i18n/index.ts';
import { navigate } from '../../lib/router/navigate.ts';
import { Paths } from '../../lib/router/paths.ts';
import { usePerson } from '../user/index.ts';

/** Offers to set the payment PIN (second password page); answers after the dialog closes. */
export const askToSetPin = async () => {
  if (await confirm(t('pay.pinNotSet'), 'pin-not-set', t('pay.setPinNow'))) {
    navigate({ path: Paths.userPassword2 });
  }
};

export const isPinNotSet = (error: unknown) =>
  error instanceof ApiError && error.code === ErrorCode.PinNotSet;

/**
 * Before a PIN pad opens: a member without a payment PIN is led to set one first. Answers whether the pad
 * may open.
 */
export const usePinGuard = () => {
  const person = usePerson();
  return useCallback(async () => {
    const hasPin = person.data?.hasPin ?? useAuth.getState().user?.hasPin;
    if (hasPin === false) {
      await askToSetPin();
      return false;
    }
    return true;
  }, [person.data?.hasPin]);
};
