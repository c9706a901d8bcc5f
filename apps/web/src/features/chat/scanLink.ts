/**
 * The in-app route a scanned text points to, or null. The app's QR codes are links to its hash routes,
 * e.g. `https://host/#/pages/chat/user-detail?code=AB12CD`; a bare `#/pages/...` or `/pages/...` route is
 * accepted too. Only /pages/chat/user-detail is opened from a foreign host (a share code is harmless there).
 */
export const appRouteFromText = (text: string, origin: string): string | null => {
  const value = text.trim();
  let hash: string | null = null;
  if (value.startsWith('#/pages/')) hash = value.slice(1);
  else if (value.startsWith('/pages/')) hash = value;
  else {
    try {
      const url = new URL(value);
      if (url.hash.startsWith('#/pages/')) {
        hash = url.hash.slice(1);
        if (url.origin !== origin && !hash.startsWith('/pages/chat/user-detail?')) return null;
      }
    } catch {
      return null;
    }
  }
  if (!hash || !/^\/pages\/[\w/-]+(\?[\w%=&.~-]*)?$/.test(hash)) return null;
  return hash;
};
