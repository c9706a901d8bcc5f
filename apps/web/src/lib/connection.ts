import { SOCKET_CONNECT_TIMEOUT_MS } from '@chatpay/shared';
import { create } from 'zustand';

/**
 * What the connection banner shows (docs/product.md#errors): `connecting` (first connect or reconnecting),
 * `offline` (the browser has no network), `timeout` (connecting for too long: a tap retries), `reconnected`
 * (briefly, after trouble), `ok` (nothing to show). `idle` when logged out.
 */
export type ConnectionState = 'idle' | 'connecting' | 'offline' | 'timeout' | 'reconnected' | 'ok';

interface ConnectionStore {
  state: ConnectionState;
  set: (state: ConnectionState) => void;
}

export const useConnection = create<ConnectionStore>()((set) => ({
  state: 'idle',
  set: (state) => set({ state }),
}));

/**
 * How long "Connected" stays after trouble, and how long connecting may take before it counts as timed out:
 * the socket's own connect timeout, so the banner says "timed out" when the socket gives up, not before.
 */
export const RECONNECTED_SHOWN_MS = 2000;
export const CONNECTING_TIMEOUT_MS = SOCKET_CONNECT_TIMEOUT_MS;
const FIRST_CONNECT_QUIET_MS = 1000;

const online = () => typeof navigator === 'undefined' || navigator.onLine !== false;

let reconnectedTimer: ReturnType<typeof setTimeout> | null = null;
let timeoutTimer: ReturnType<typeof setTimeout> | null = null;
let hadTrouble = false;

const clearTimers = () => {
  if (reconnectedTimer) clearTimeout(reconnectedTimer);
  if (timeoutTimer) clearTimeout(timeoutTimer);
  reconnectedTimer = null;
  timeoutTimer = null;
};

/** The socket layer reports here (lib/socket.ts). */
export const connectionEvents = {
  connecting() {
    const { state, set } = useConnection.getState();
    if (!online()) {
      hadTrouble = true;
      set('offline');
      return;
    }
    if (state === 'connecting' || state === 'timeout' || timeoutTimer) return;
    if (state !== 'idle') hadTrouble = true;
    clearTimers();
    // The first connect of a page load usually takes a moment: no banner unless it takes longer than that.
    if (state === 'idle' || state === 'ok') {
      reconnectedTimer = setTimeout(() => {
        reconnectedTimer = null;
        if (!timeoutTimer) return;
        hadTrouble = true;
        useConnection.getState().set('connecting');
      }, FIRST_CONNECT_QUIET_MS);
    } else set('connecting');
    timeoutTimer = setTimeout(() => {
      timeoutTimer = null;
      hadTrouble = true;
      useConnection.getState().set('timeout');
    }, CONNECTING_TIMEOUT_MS);
  },
  connected() {
    clearTimers();
    const { set } = useConnection.getState();
    if (!hadTrouble) {
      set('ok');
      return;
    }
    hadTrouble = false;
    set('reconnected');
    reconnectedTimer = setTimeout(() => {
      if (useConnection.getState().state === 'reconnected') useConnection.getState().set('ok');
    }, RECONNECTED_SHOWN_MS);
  },
  offline() {
    clearTimers();
    hadTrouble = true;
    if (useConnection.getState().state !== 'idle') useConnection.getState().set('offline');
  },
  stopped() {
    clearTimers();
    hadTrouble = false;
    useConnection.getState().set('idle');
  },
};
