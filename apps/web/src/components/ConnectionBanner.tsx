import { useTranslation } from 'react-i18next';
import { useAuth } from '../lib/auth.ts';
import { useConnection } from '../lib/connection.ts';

const textKey = {
  connecting: 'pwa.connecting',
  offline: 'pwa.offline',
  timeout: 'pwa.timeout',
  reconnected: 'pwa.reconnected',
} as const;

// The socket module is loaded by then (the banner shows only in a session): not part of the first screen.
const reconnectNow = () => void import('../lib/socket.ts').then((m) => m.reconnectNow());

/**
 * The connection state over every page while logged in (docs/product.md#errors); a timed-out connection
 * retries on a tap.
 */
export const ConnectionBanner = () => {
  const { t } = useTranslation();
  const state = useConnection((s) => s.state);
  const token = useAuth((s) => s.token);
  if (!token || state === 'idle' || state === 'ok') return null;
  return (
    <button
      type="button"
      className={`connection-banner connection-${state}`}
      data-testid="connection-banner"
      data-state={state}
      aria-live="polite"
      onClick={state === 'timeout' || state === 'connecting' ? reconnectNow : undefined}
    >
      {t(textKey[state])}
    </button>
  );
};
