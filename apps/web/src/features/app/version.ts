import {
  APP_VERSION,
  APP_VERSION_CODE,
  type AppPlatform,
  type AppVersion,
  appVersionApi,
} from '@chatpay/shared';
import { useQuery } from '@tanstack/react-query';
import { call } from '../../lib/request.ts';

export const versionKeys = {
  all: ['app', 'version'] as const,
  check: (platform: AppPlatform, versionCode?: number) => ['app', 'version', platform, versionCode] as const,
};

/** Asks the server whether a newer web version is published (the version check). */
export const useVersionCheck = () =>
  useQuery({
    queryKey: versionKeys.check('web', APP_VERSION_CODE),
    queryFn: () =>
      call(appVersionApi.check, { platform: 'web', version: APP_VERSION, versionCode: APP_VERSION_CODE }),
    staleTime: 5 * 60_000,
    retry: false,
  });

export type UpdateAction = { kind: 'reload' } | { kind: 'open'; url: string } | { kind: 'invalid' };

/**
 * How the web app updates: without a download URL (or with one on this site) it reloads, which makes the
 * service worker fetch the new build; an http(s) address elsewhere is opened; anything else is refused.
 */
export const updateAction = (latest: Pick<AppVersion, 'downloadUrl'>, origin: string): UpdateAction => {
  const raw = latest.downloadUrl.trim();
  if (!raw) return { kind: 'reload' };
  let url: URL;
  try {
    url = new URL(raw, origin);
  } catch {
    return { kind: 'invalid' };
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return { kind: 'invalid' };
  if (url.origin === origin) return { kind: 'reload' };
  return { kind: 'open', url: url.href };
};

/** The latest published version of one platform (the public check call without a version of our own). */
export const useLatestVersion = (platform: AppPlatform) =>
  useQuery({
    queryKey: versionKeys.check(platform),
    queryFn: () => call(appVersionApi.check, { platform }),
    staleTime: 0,
  });
