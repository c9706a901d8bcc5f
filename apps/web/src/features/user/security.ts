import { type FactorChallenge, type InputOf, securityApi } from '@chatpay/shared';
import { startAuthentication, startRegistration } from '@simplewebauthn/browser';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useAuth } from '../../lib/auth.ts';
import { deviceId } from '../../lib/device-id.ts';
import { call } from '../../lib/request.ts';
import { userKeys } from './keys.ts';

/** My second factors: authenticator app, passkeys, recovery codes left, whether staff must enrol. */
export const useSecurityStatus = (enabled = true) => {
  const token = useAuth((s) => s.token);
  return useQuery({
    queryKey: userKeys.security(),
    queryFn: () => call(securityApi.status, {}),
    enabled: Boolean(token) && enabled,
  });
};

/** A mutation of my second factors: the status is loaded again after it. */
const useFactorMutation = <I, O>(fn: (input: I) => Promise<O>) => {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSettled: () => qc.invalidateQueries({ queryKey: userKeys.security() }),
  });
};

export const useTotpStart = () => useFactorMutation(() => call(securityApi.totpStart, {}));
export const useTotpConfirm = () =>
  useFactorMutation((code: string) => call(securityApi.totpConfirm, { code }));
export const useTotpDisable = () =>
  useFactorMutation((code: string) => call(securityApi.totpDisable, { code }));
export const useRecoveryRegenerate = () => useFactorMutation(() => call(securityApi.recoveryRegenerate, {}));
export const usePasskeyRename = () =>
  useFactorMutation((input: InputOf<typeof securityApi.passkeyRename>) =>
    call(securityApi.passkeyRename, input),
  );
export const usePasskeyRemove = () =>
  useFactorMutation((id: number) => call(securityApi.passkeyRemove, { id }));

/** Creates a passkey on this device (the browser asks) and adds it under `name`. */
export const usePasskeyAdd = () =>
  useFactorMutation(async (name: string) => {
    const { challengeId, options } = await call(securityApi.passkeyOptions, {});
    const response = await startRegistration({ optionsJSON: options as never });
    return call(securityApi.passkeyRegister, { challengeId, name, response: response as never });
  });

/** Asks this device for an assertion of one of the challenge's passkeys. */
export const passkeyAssertion = async (options: Record<string, unknown>) =>
  (await startAuthentication({ optionsJSON: options as never })) as never;

/** A login with a passkey alone (of `username` when given, else any of this device's). */
export const loginWithPasskey = async (username?: string) => {
  const { challengeId, options } = await call(securityApi.passkeyLoginOptions, username ? { username } : {});
  const response = await passkeyAssertion(options);
  return call(securityApi.passkeyLogin, { challengeId, response, deviceId: deviceId() });
};

/** One answer to a login or step-up challenge. */
export type FactorAnswer = { code: string } | { recoveryCode: string } | { passkey: true };

/** The answer as the API takes it (a passkey answer asks the device now). */
export const answerInput = async (challenge: FactorChallenge, answer: FactorAnswer) => {
  if ('passkey' in answer)
    return {
      challengeId: challenge.challengeId,
      passkey: await passkeyAssertion(challenge.passkeyOptions ?? {}),
    };
  return { challengeId: challenge.challengeId, ...answer };
};

/** The second step of a password login. */
export const loginSecondFactor = async (challenge: FactorChallenge, answer: FactorAnswer) =>
  call(securityApi.loginSecondFactor, { ...(await answerInput(challenge, answer)), deviceId: deviceId() });

/** A step-up: answers a proof for the guarded action the member is doing. */
export const stepUpWith = async (challenge: FactorChallenge, answer: FactorAnswer) =>
  (await call(securityApi.stepUpVerify, await answerInput(challenge, answer))).proof;

export const startStepUp = () => call(securityApi.stepUpStart, {});
