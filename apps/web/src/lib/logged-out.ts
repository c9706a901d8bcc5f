/**
 * Shows why the member was logged out. The dialog (antd-mobile) loads on demand, so this module stays free
 * of UI imports (unit tests run it in node).
 */
export const showLoggedOut = (reason: 'kicked' | 'frozen' | 'ended') => {
  void import('./dialog.tsx').then((m) => m.showLoggedOut(reason));
};

/**
 * Tells the member why the server ended their session, from the `reason` it sent (a 401's data, a refused
 * refresh or socket handshake, a `user` `ended` event): a sign-in on another device or an operator freeze.
 * Answers whether a reason was recognised.
 */
export const explainLogout = (data: unknown): boolean => {
  const reason = (data as { reason?: unknown } | null | undefined)?.reason;
  if (reason === 'frozen') showLoggedOut('frozen');
  else if (reason === 'replaced') showLoggedOut('kicked');
  else return false;
  return true;
};
