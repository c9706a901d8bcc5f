import { type ChatMessage, PUSH_TAP_DELAY_MS } from '@chatpay/shared';
import { t } from '../../lib/i18n/index.ts';
import { navigate } from '../../lib/router/navigate.ts';
import { Paths } from '../../lib/router/paths.ts';
import { notifyAllowed } from '../settings/index.ts';
import { previewText } from './format.ts';

const supported = () => typeof window !== 'undefined' && 'Notification' in window;

/** Whether the browser lets this app show notifications (asked for when the setting is turned on). */
export const notificationPermission = (): NotificationPermission | 'unsupported' =>
  supported() ? Notification.permission : 'unsupported';

/** Asks the browser for permission; answers whether notifications can be shown now. */
export const requestNotificationPermission = async () => {
  if (!supported()) return false;
  if (Notification.permission === 'default') await Notification.requestPermission();
  return Notification.permission === 'granted';
};

/**
 * A system notification for a new message while the app is in the background (the open app has the sound
 * and the badges). Nothing when notifications are off in the settings or not permitted by the browser.
 */
export const notifyMessage = (m: ChatMessage, sessionName: string) => {
  if (!notifyAllowed() || !supported() || Notification.permission !== 'granted') return;
  if (document.visibilityState === 'visible') return;
  const title = sessionName || t('app.name');
  // The same tag as a Web Push of this chat (docs/design/push.md): one replaces the other, never two.
  const options = {
    body: previewText(m.contentType, m.content) || t('chat.preview.message'),
    tag: `chat-${m.sessionId}`,
    icon: './icon-192.png',
    data: { url: `#${Paths.chatIndex}?id=${m.sessionId}` },
  };
  // Android Chrome only shows notifications through the service worker (its tap handler opens the chat).
  if ('serviceWorker' in navigator && navigator.serviceWorker.controller) {
    void navigator.serviceWorker.ready
      .then((reg) => reg.showNotification(title, options))
      .catch(() => undefined);
    return;
  }
  try {
    const n = new Notification(title, options);
    // A tapped notification opens its chat after PUSH_TAP_DELAY_MS, once the app is in front
    // (docs/product.md#routes).
    n.onclick = () => {
      window.focus();
      n.close();
      setTimeout(() => navigate({ path: Paths.chatIndex, query: { id: m.sessionId } }), PUSH_TAP_DELAY_MS);
    };
  } catch {
    // Some mobile browsers only notify through a service worker; the badge still tells.
  }
};
