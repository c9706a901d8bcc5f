import { APP_VERSION } from '@chatpay/shared';
import { loadContract } from '../../lib/contract.ts';
import { call } from '../../lib/request.ts';
import { arrivalInviteCode, inviteCodeOf } from '../../lib/router/deep-link.ts';
import { StorageKey, storage } from '../../lib/storage.ts';

/**
 * Records this browser's first app open (SPEC useDownloadLog), with the invite code of the link it came by,
 * once: the operator counts installs per invite. A failure is tried again at the next open.
 */
export const logAppOpen = () => {
  if (storage.get(StorageKey.OpenLogged)) return;
  const code = inviteCodeOf(window.location.hash.replace(/^#/, '')) ?? arrivalInviteCode();
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
};
