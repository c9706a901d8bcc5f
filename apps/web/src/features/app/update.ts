import { APP_VERSION, APP_VERSION_CODE, type AppVersion } from '@chatpay/shared';
import { create } from 'zustand';
import { loadContract } from '../../lib/contract.ts';
import { call } from '../../lib/request.ts';
import { StorageKey, storage } from '../../lib/storage.ts';

/** The server's answer to the version check (`appVersionApi.check`) for this build. */
export interface VersionCheck {
  latest: AppVersion | null;
  hasUpdate: boolean;
  forced: boolean;
}

/**
 * What the member pages show about a newer version: nothing; a notice they may close (`available`); or, when
 * the server says this version must update (`forced`: a newer version is forced), a full-screen block whose only
 * way out is the update itself. The console is never blocked: it has a layout of its own (app/layouts.tsx),
 * and it is where staff publish the version that fixes a wrong one.
 */
export type UpdatePrompt =
  | { kind: 'none' }
  | { kind: 'available'; latest: AppVersion }
  | { kind: 'forced'; latest: AppVersion };

/**
 * The prompt for a check's answer; `dismissed` is the version code whose notice the member closed (a newer
 * one shows again).
 */
export const updatePrompt = (check: VersionCheck | null, dismissed: number | null): UpdatePrompt => {
  if (!check?.hasUpdate || !check.latest) return { kind: 'none' };
  if (check.forced) return { kind: 'forced', latest: check.latest };
  if (dismissed !== null && dismissed >= check.latest.versionCode) return { kind: 'none' };
  return { kind: 'available', latest: check.latest };
};

const dismissedCode = () => {
  const raw = Number(storage.get(StorageKey.UpdateDismissed));
  return Number.isInteger(raw) && raw > 0 ? raw : null;
};

/** The latest check's answer (at start-up, or the About page's) and the notice the member closed. */
export const useAppUpdate = create<{
  check: VersionCheck | null;
  dismissed: number | null;
  setCheck: (check: VersionCheck) => void;
  dismiss: (versionCode: number) => void;
}>()((set) => ({
  check: null,
  dismissed: dismissedCode(),
  setCheck: (check) => set({ check }),
  dismiss: (versionCode) => {
    storage.set(StorageKey.UpdateDismissed, String(versionCode));
    set({ dismissed: versionCode });
  },
}));

/**
 * Asks the server at start-up whether this build may still be used (the check About also makes). It runs when
 * `later` says: start-up passes "when idle", so the API contract it loads does not compete with the first
 * screen (docs/design/web-start.md). No answer (offline, server down) blocks nothing.
 */
export const checkForUpdate = (later: (work: () => void) => void = (work) => work()) =>
  later(() => {
    void loadContract()
      .then(({ appVersionApi }) =>
        call(appVersionApi.check, { platform: 'web', version: APP_VERSION, versionCode: APP_VERSION_CODE }),
      )
      .then((check) => useAppUpdate.getState().setCheck(check))
      .catch(() => undefined);
  });
