/**
 * The push services of the browsers that support Web Push: Chrome and Edge on Android and desktop (FCM),
 * Firefox (autopush), Safari (Apple), Edge/Windows (WNS), Samsung Internet and Opera use FCM.
 */
export const KNOWN_PUSH_HOSTS = [
  'fcm.googleapis.com',
  'android.googleapis.com',
  'updates.push.services.mozilla.com',
  'push.services.mozilla.com',
  'web.push.apple.com',
  'notify.windows.com',
];

/**
 * Which hosts a push endpoint may name: `PUSH_ENDPOINT_HOSTS` when set (`*`: any), else the known push services
 * in production and any host elsewhere. `null` means any host (the private-address check still applies).
 */
export const allowedPushHosts = (config: {
  NODE_ENV: string;
  PUSH_ENDPOINT_HOSTS?: string[] | undefined;
}): string[] | null => {
  const set = config.PUSH_ENDPOINT_HOSTS;
  if (set) return set.includes('*') ? null : set;
  return config.NODE_ENV === 'production' ? KNOWN_PUSH_HOSTS : null;
};

/** Whether `endpoint`'s host is one of `hosts` or a subdomain of one. */
export const pushHostAllowed = (endpoint: string, hosts: string[] | null) => {
  if (hosts === null) return true;
  const host = new URL(endpoint).hostname.toLowerCase();
  return hosts.some((h) => host === h || host.endsWith(`.${h}`));
};
