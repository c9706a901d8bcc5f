import { Dialog } from 'antd-mobile';
import type { Action } from 'antd-mobile/es/components/dialog';
import { t } from './i18n/index.ts';

/** antd-mobile forwards `data-*` of an action to its button; its type does not declare them. */
const action = (key: string, text: string, testId: string, extra: Partial<Action> = {}): Action =>
  ({ key, text, 'data-testid': testId, ...extra }) as Action;

/**
 * Asks for confirmation; answers true when confirmed. The buttons carry the test ids
 * `<testId>-cancel` and `<testId>-confirm` (modal buttons Cancel and OK, docs/product.md#limits).
 */
export const confirm = (content: string, testId: string, confirmText = t('common.ok'), danger = false) =>
  new Promise<boolean>((resolve) => {
    Dialog.show({
      'aria-label': content,
      content,
      closeOnAction: true,
      onClose: () => resolve(false),
      actions: [
        [
          action('cancel', t('common.cancel'), `${testId}-cancel`, { onClick: () => resolve(false) }),
          action('confirm', confirmText, `${testId}-confirm`, {
            bold: true,
            danger,
            onClick: () => resolve(true),
          }),
        ],
      ],
    });
  });

/**
 * Says why the member was logged out (the single-session kick of docs/product.md#tokens: a login on another
 * device; an operator froze the account). The OK button carries the test id `logged-out-ok`.
 */
export const showLoggedOut = (reason: 'kicked' | 'frozen' | 'ended') => {
  Dialog.show({
    'aria-label': t('pwa.loggedOutTitle'),
    title: t('pwa.loggedOutTitle'),
    content: <span data-testid={`logged-out-${reason}`}>{t(`pwa.${reason}`)}</span>,
    closeOnAction: true,
    actions: [action('ok', t('pwa.ok'), 'logged-out-ok', { bold: true })],
  });
};
