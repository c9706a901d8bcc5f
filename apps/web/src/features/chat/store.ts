import type { ChangeCursors } from '@chatpay/shared';
import { create } from 'zustand';
import type { UiMessage } from './thread.ts';

/** One session's messages held in memory. */
export interface Thread {
  items: UiMessage[];
  /** The highest seq up to which this thread holds every message (catch-up starts after it). */
  syncedSeq: number;
  /**
   * Up to which change seqs (recalls; my deletions and clears) the held messages are known to be current
   * (docs/design/chat-delivery.md "Changes since"): catch-up by changes starts after them.
   */
  changes: ChangeCursors;
  hasMoreOlder: boolean;
  loaded: boolean;
}

interface ChatState {
  threads: Record<number, Thread>;
  /** The session whose chat page is open and visible (for read state and the sound). */
  openId: number | null;
  setOpen: (id: number | null) => void;
  update: (id: number, fn: (thread: Thread) => Thread) => void;
  reset: () => void;
}

export const emptyThread: Thread = {
  items: [],
  syncedSeq: 0,
  changes: { shared: 0, mine: 0 },
  hasMoreOlder: false,
  loaded: false,
};

/**
 * Whether an update changed nothing a page shows or the engine reads: a catch-up that found nothing new
 * builds a new thread object with the same fields, and re-rendering the open chat for it is wasted work.
 */
const sameThread = (a: Thread, b: Thread) =>
  a === b ||
  ((Object.keys(a) as (keyof Thread)[]).every((key) => a[key] === b[key] || key === 'changes') &&
    Object.keys(a).length === Object.keys(b).length &&
    a.changes.shared === b.changes.shared &&
    a.changes.mine === b.changes.mine);

export const useChatStore = create<ChatState>()((set) => ({
  threads: {},
  openId: null,
  setOpen: (openId) => set({ openId }),
  update: (id, fn) =>
    set((state) => {
      const before = state.threads[id] ?? emptyThread;
      const after = fn(before);
      return sameThread(after, before) ? state : { threads: { ...state.threads, [id]: after } };
    }),
  reset: () => set({ threads: {}, openId: null }),
}));

export const getThread = (id: number) => useChatStore.getState().threads[id] ?? emptyThread;
