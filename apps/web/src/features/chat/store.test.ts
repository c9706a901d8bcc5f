import { beforeEach, describe, expect, it } from 'vitest';
import { getThread, useChatStore } from './store.ts';

const SID = 7;

describe('chat store', () => {
  beforeEach(() => {
    useChatStore.getState().reset();
    useChatStore.getState().update(SID, (t) => ({ ...t, loaded: true, syncedSeq: 3 }));
  });

  it('an update that changes nothing (a catch-up with nothing new) keeps the thread, so no page re-renders', () => {
    const before = useChatStore.getState();
    const thread = getThread(SID);
    let renders = 0;
    const off = useChatStore.subscribe(() => renders++);
    useChatStore.getState().update(SID, (t) => ({ ...t, changes: { ...t.changes } }));
    off();
    expect(renders).toBe(0);
    expect(useChatStore.getState()).toBe(before);
    expect(getThread(SID)).toBe(thread);
  });

  it('any field that moves is a change: seq, cursors, items, the older flag', () => {
    const seen: number[] = [];
    const off = useChatStore.subscribe((s) => seen.push(s.threads[SID]!.syncedSeq));
    const { update } = useChatStore.getState();
    update(SID, (t) => ({ ...t, syncedSeq: 4 }));
    update(SID, (t) => ({ ...t, changes: { ...t.changes, mine: 1 } }));
    update(SID, (t) => ({ ...t, changes: { ...t.changes, shared: 1 } }));
    update(SID, (t) => ({ ...t, items: [] }));
    update(SID, (t) => ({ ...t, hasMoreOlder: true }));
    off();
    expect(seen).toHaveLength(5);
    expect(getThread(SID)).toMatchObject({
      syncedSeq: 4,
      changes: { shared: 1, mine: 1 },
      hasMoreOlder: true,
    });
  });
});
