import { type InputOf, type UserProfile, userApi } from '@chatpay/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useAuth } from '../../lib/auth.ts';
import { replacingOwnSession } from '../../lib/own-session.ts';
import { call } from '../../lib/request.ts';
import { userKeys } from './keys.ts';

export { userKeys } from './keys.ts';

/** The caller's profile; mirrors it into the auth store (stored user info, docs/product.md#tokens). */
export const usePerson = () => {
  const token = useAuth((s) => s.token);
  const cached = useAuth((s) => s.user);
  return useQuery({
    queryKey: userKeys.person(),
    queryFn: async () => {
      const person = await call(userApi.person, {});
      useAuth.getState().setUser(person);
      return person;
    },
    enabled: Boolean(token),
    placeholderData: cached ?? undefined,
  });
};

export const useLoginByName = () =>
  useMutation({
    mutationFn: (input: InputOf<typeof userApi.loginByName>) => call(userApi.loginByName, input),
  });

export const useRegisterByName = () =>
  useMutation({
    mutationFn: (input: InputOf<typeof userApi.registerByName>) => call(userApi.registerByName, input),
  });

/** Changes one profile key, showing the new value at once and rolling back if the server refuses. */
export const useSetUser = () => {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: InputOf<typeof userApi.setUser>) => call(userApi.setUser, input),
    onMutate: async ({ dataKey, dataValue }) => {
      await qc.cancelQueries({ queryKey: userKeys.person() });
      const before = qc.getQueryData<UserProfile>(userKeys.person());
      if (before) qc.setQueryData<UserProfile>(userKeys.person(), { ...before, [dataKey]: dataValue.trim() });
      return { before };
    },
    onError: (_error, _input, context) => {
      if (context?.before) qc.setQueryData(userKeys.person(), context.before);
    },
    onSuccess: (profile) => {
      qc.setQueryData(userKeys.person(), profile);
      useAuth.getState().setUser(profile);
    },
  });
};

/** Changes the login password; the answer is a new login that replaces the stored tokens. */
export const useChangePassword = () =>
  useMutation({
    // The new login is stored inside the tracked call: the server's announcement of it is this device's own.
    mutationFn: (input: InputOf<typeof userApi.changePassword>) =>
      replacingOwnSession(
        call(userApi.changePassword, input).then((result) => {
          useAuth.getState().setLogin(result);
          return result;
        }),
      ),
  });

/** Sets or changes the 6-digit payment PIN. */
export const useSetPayPassword = () => {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: InputOf<typeof userApi.setPayPassword>) => call(userApi.setPayPassword, input),
    onSuccess: () => {
      const before = qc.getQueryData<UserProfile>(userKeys.person());
      if (before) qc.setQueryData<UserProfile>(userKeys.person(), { ...before, hasPin: true });
      useAuth.getState().updateUser('hasPin', true);
    },
  });
};

const SHARE_CODE = /^[A-Z0-9]{4,16}$/;

/** Whether an invite code exists and whose it is (`checkShareCode`), asked while it is typed. */
export const useShareCodeCheck = (code: string) => {
  const [debounced, setDebounced] = useState(code);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(code), 300);
    return () => clearTimeout(timer);
  }, [code]);
  const normalized = debounced.trim().toUpperCase();
  return useQuery({
    queryKey: userKeys.shareCode(normalized),
    queryFn: () => call(userApi.checkShareCode, { shareCode: normalized }),
    enabled: SHARE_CODE.test(normalized),
    staleTime: 60_000,
  });
};

/** Binds an inviter after sign-up (once): the profile answered shows who. */
export const useSignShareCode = () => {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (shareCode: string) => call(userApi.signShareCode, { shareCode }),
    onSuccess: (profile) => {
      qc.setQueryData(userKeys.person(), profile);
      useAuth.getState().setUser(profile);
    },
  });
};

/** My live sessions and latest sign-ins, right and wrong. */
export const useLoginActivity = () =>
  useQuery({ queryKey: userKeys.loginActivity(), queryFn: () => call(userApi.loginActivity, {}) });

/** Ends one of my sessions (another device's; this one signs out through logout). */
export const useEndSession = () => {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (sid: string) => call(userApi.endSession, { sid }),
    onSuccess: () => qc.invalidateQueries({ queryKey: userKeys.loginActivity() }),
  });
};
