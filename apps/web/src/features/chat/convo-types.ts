import type { ReactionEmoji } from '@chatpay/shared';
import type { Mentions } from './mentions.ts';
import type { UiMessage } from './thread.ts';

/**
 * One open conversation's own life (convo-agent.ts), apart from the page's view of it (convo.ts, which adds
 * the session detail: a dissolved group, a session that cannot load).
 *
 *               open() / load()               first page in (or what the phone kept)
 *   idle ─────────────────────► loading ──────────────────────────────────────► ready ⇄ backgrounded
 *                                │  │  ▲                                          │   background() ▸
 *                                │  │  └──── load() ──── offline                  │   ◂ open()
 *                                │  └── no network, nothing kept ──▸ offline      │
 *                                └───── refused ──▸ error ◂── catch-up refused ───┘
 *                                                     ├── load() ──▸ loading (ready when loaded)
 *                          (error or offline) ── background() ──▸ idle
 *
 * A chat being loaded when its page leaves goes on loading and ends `backgrounded`. `error` and
 * `offline` are what a page is told: when it leaves they go back to `idle`, and a load that fails with no
 * page showing the chat leaves it as it was (idle, or backgrounded when loaded); its next opening loads
 * again.
 *
 * - `ready`: loaded and shown by the chat page: it sends, marks read, scrolls back. A network failure while
 *   catching up leaves it `ready` with that error noted (sends wait in the outbox; the page retries once
 *   the connection is back).
 * - `backgrounded`: loaded, the page has left (or shows another chat). Live messages, changes and the
 *   catch-up after a reconnect still reach its thread, so opening it again only catches up; it offers no
 *   action until `open()` makes it `ready` again.
 * - `offline`: the first load failed for want of a network and nothing was kept: `load()` again once
 *   connected. `error`: the server refused (no longer a member, no such chat): the page leaves.
 * - Dropped: a convo lives as long as its thread in the chat store, that is until logout, when the store
 *   and every convo are cleared (the next member starts clean).
 */
export type ConvoStatus = 'idle' | 'loading' | 'ready' | 'backgrounded' | 'offline' | 'error';

/** What a convo is now and what may be done to it (only the states that allow an action carry it). */
export type ConvoState =
  | { status: 'idle'; sessionId: number }
  | { status: 'loading'; sessionId: number }
  | { status: 'offline'; sessionId: number; error: unknown }
  | { status: 'error'; sessionId: number; error: unknown }
  | ({ status: 'ready'; sessionId: number; error: unknown } & WriteActions)
  | { status: 'backgrounded'; sessionId: number };

/** What a chat whose history can only be read allows. */
export interface ReadActions {
  /** History upward; answers how many messages arrived. */
  loadOlder: () => Promise<number>;
  /** Marks what is shown read. */
  markRead: () => Promise<void>;
  /** Deletes a message for me only. */
  removeForMe: (message: UiMessage) => Promise<void>;
  /** Deletes one of my messages that failed to send (it never reached the server). */
  deleteFailed: (message: UiMessage) => void;
}

/** What a live chat allows besides reading. */
export interface WriteActions extends ReadActions {
  /** Sends a text; with `quote`, as a reply quoting that stored message; with `mentions`, naming members. */
  sendText: (text: string, quote?: UiMessage | null, mentions?: Mentions) => void;
  sendFile: (kind: 'image' | 'video' | 'file', file: File) => Promise<void>;
  sendVoice: (blob: Blob, seconds: number) => void;
  /** Sends every failed message of the chat again, in order. */
  retryFailed: () => void;
  recall: (message: UiMessage) => Promise<void>;
  /** Replaces the text of my text message (within its `editableUntil`). */
  edit: (message: UiMessage, text: string) => Promise<void>;
  /** Sets (`active`) or takes back my reaction with one emoji. */
  react: (message: UiMessage, emoji: ReactionEmoji, active: boolean) => Promise<void>;
}
