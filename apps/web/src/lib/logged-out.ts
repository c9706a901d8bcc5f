/**
 * Shows why the member was logged out. The dialog (antd-mobile) loads on demand, so this module stays free
 * of UI imports (unit tests run it in node).
 */
export const showLoggedOut = (reason: 'kicked' | 'frozen' | 'ended') => {
  void import('./dialog.tsx').then((m) => m.showLoggedOut(reason));
};
