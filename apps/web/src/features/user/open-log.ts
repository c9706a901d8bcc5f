import { APP_VERSION } from '@chatpay/shared';
import { loadContract } from '../../lib/contract.ts';
import { call } from '../../lib/request.ts';
import { arrivalInviteCode, inviteCodeOf } from '../../lib/router/deep-link.ts';
import { StorageKey, storage } from '../../lib/storage.ts';

/**
 * Records this browser's first app open (`useDownloadLog`), with the invite code of the link it came by,
 * once: the operator counts installs per invite. A failure is tried again at the next open. The code is read
 * at once (the router may leave the link's address); the call itself runs when `later` says (start-up passes
 * "when idle", so loading the API contract does not compete with the first screen).
 */
export const logAppOpen = (later: (work: () => void) => void = (work) => work()) => {
  if (storage.get(StorageKey.OpenLogged)) return;
  const code = inviteCodeOf(window.location.hash.replace(/^#/, '')) ?? arrivalInviteCode();
  later(() => send(code));
};

const send = (code: string) =>
  void loadContract()
    .then(({ userApi }) =>
      call(userApi.useDownloadLog, {
        platform: 'web',
        version: APP_VERSION,
        ...(code ? { shareCode: code } : {}),
      }),
    )
    .then(
      () => storage.set(StorageKey.OpenLogged, '1'),
      () => {},
    );
