import { convos } from './convo-agent.ts';
import type { UiMessage } from './thread.ts';

/*
 * The chat engine's front: what the rest of the web app calls. Per-conversation state and machinery live
 * in one Convo per session (convo-agent.ts, states in convo-types.ts); these functions hand each call to
 * the session's convo. The app-wide parts stay app-wide: the query cache and the session list
 * (engine-app.ts), the outbox that spans sessions and survives reloads (outbox-send.ts).
 */

export {
  convos,
  receive,
  receiveChange,
  receiveClear,
  receiveRemoval,
  receiveStored,
  withMyReads,
} from './convo-agent.ts';
export {
  bindQueryClient,
  invalidate,
  isOpen,
  myId,
  refreshSessionsSoon,
  sessionsOf,
  setSession,
  setSessions,
  visible,
} from './engine-app.ts';
export {
  deleteFailed,
  forgetRestore,
  onSendError,
  outbox,
  restoreOutbox,
  retryFailed,
  sendMessage,
} from './outbox-send.ts';

/** Catch-up by seq of one session (see Convo.catchUp). */
export const catchUp = (sessionId: number) => convos.get(sessionId).catchUp();
/** Catch-up by changes of one session (see Convo.syncChanges). */
export const syncChanges = (sessionId: number) => convos.get(sessionId).syncChanges();
/** Loads a chat without showing it (start-up, beside the page's code); the page's opening joins it. */
export const openThread = (sessionId: number) => convos.get(sessionId).load();
export const loadOlder = (sessionId: number) => convos.get(sessionId).loadOlder();
export const markRead = (sessionId: number) => convos.get(sessionId).markRead();
export const recallMessage = (message: UiMessage) => convos.get(message.sessionId).recall(message);
export const removeForMe = (message: UiMessage) => convos.get(message.sessionId).removeForMe(message);
/** Logout: every conversation goes with the chat store's threads; the next member starts clean. */
export const dropConvos = () => convos.clear();
