/**
 * The periodic catch-up: a live event lost between the server and this tab (a proxy dropping a frame, a
 * process restarting between store and emit) would leave its message waiting for the next message or
 * reconnect. While the app is visible and connected, every tick catches the open chat up by seq (one request
 * that answers nothing when nothing was missed) and every few ticks reloads the chat list, whose unread
 * counts cover the other chats. Hidden tabs and offline phones ask nothing: their reconnect or return to the
 * foreground catches up.
 */
export interface CatchUpTickDeps {
  connected(): boolean;
  visible(): boolean;
  /** The chat on screen, if any, and only when its thread is loaded. */
  openLoaded(): number | null;
  catchUp(sessionId: number): Promise<void>;
  reloadList(): void;
}

export const CATCH_UP_TICK_MS = 30_000;
/** The list reloads every fourth tick (two minutes). */
export const LIST_EVERY_TICKS = 4;

export const createCatchUpTick = (deps: CatchUpTickDeps) => {
  let ticks = 0;
  let timer: ReturnType<typeof setInterval> | null = null;
  const tick = () => {
    if (!deps.connected() || !deps.visible()) return;
    ticks += 1;
    const open = deps.openLoaded();
    if (open !== null) void deps.catchUp(open).catch(() => undefined);
    if (ticks % LIST_EVERY_TICKS === 0) deps.reloadList();
  };
  return {
    tick,
    start() {
      timer ??= setInterval(tick, CATCH_UP_TICK_MS);
    },
    stop() {
      if (timer) clearInterval(timer);
      timer = null;
    },
  };
};
