import type { ChatMessage, MessageChanges } from '@chatpay/shared';

export type DeliveryStatus = 'pending' | 'sent' | 'failed';

/** A message as the chat page shows it: a stored one, or one of mine still in the outbox (seq 0). */
export interface UiMessage extends ChatMessage {
  status: DeliveryStatus;
  /** A local preview (object URL) of media still uploading. */
  localUrl?: string;
  /**
   * Failed for good: the server refused it (muted, not friends, blocked, a file type it does not take). Its
   * reason shows under it; sending it again cannot help, so it can only be deleted.
   */
  refused?: string;
}

/** A stored message as the server sent it: delivered. */
export const stored = (m: ChatMessage): UiMessage => ({ ...m, status: 'sent' });

const isLocal = (m: UiMessage) => m.status !== 'sent';

/**
 * Merges incoming stored messages into a thread. Strictly deduplicated by id (a re-emitted message, such as
 * a recall, an edit or a reaction, replaces the old copy when its change seq is higher) and by clientMsgId of the same sender (the socket echo of my own send
 * replaces the pending copy). Stored messages are ordered by seq; my unsent ones follow, in send order.
 * Answers the same array when nothing changed, so renders can be skipped.
 */
export const mergeMessages = (items: readonly UiMessage[], incoming: readonly ChatMessage[]): UiMessage[] => {
  if (incoming.length === 0) return items as UiMessage[];
  const byId = new Map<number, UiMessage>();
  const local: UiMessage[] = [];
  for (const m of items) {
    if (isLocal(m)) local.push(m);
    else byId.set(m.id, m);
  }
  let changed = false;
  const localKeys = new Set<string>();
  for (const m of incoming) {
    localKeys.add(`${m.senderId}:${m.clientMsgId}`);
    const prev = byId.get(m.id);
    // A change (recall, edit, reaction) carries a higher change seq: a copy at or below the held one is stale.
    if (prev && (m.changeSeq ?? 0) <= (prev.changeSeq ?? 0) && prev.recalled === m.recalled) continue;
    const echoOf = local.find((l) => l.senderId === m.senderId && l.clientMsgId === m.clientMsgId);
    byId.set(m.id, { ...stored(m), localUrl: prev?.localUrl ?? echoOf?.localUrl });
    changed = true;
  }
  const stillLocal = local.filter((m) => !localKeys.has(`${m.senderId}:${m.clientMsgId}`));
  if (!changed && stillLocal.length === local.length) return items as UiMessage[];
  return arrange([...byId.values(), ...stillLocal]);
};

const time = (m: UiMessage) => new Date(m.createTime).getTime() || 0;

/**
 * The order a thread shows: stored messages by seq; a failed message of mine where it was written (before
 * the first stored message written after it), not below everything that came later; messages still on their
 * way last, in the order they were written.
 */
export const arrange = (items: readonly UiMessage[]): UiMessage[] => {
  const sent = items.filter((m) => m.status === 'sent').sort((a, b) => a.seq - b.seq);
  const failed = items.filter((m) => m.status === 'failed').sort((a, b) => time(a) - time(b));
  const pending = items.filter((m) => m.status === 'pending');
  if (failed.length === 0) return [...sent, ...pending];
  const out: UiMessage[] = [];
  let f = 0;
  for (const m of sent) {
    while (f < failed.length && time(failed[f] as UiMessage) < time(m)) out.push(failed[f++] as UiMessage);
    out.push(m);
  }
  return [...out, ...failed.slice(f), ...pending];
};

/** The highest stored seq of a thread (0 when it has none). */
export const maxSeq = (items: readonly UiMessage[]) => {
  let max = 0;
  for (const m of items) if (m.status === 'sent' && m.seq > max) max = m.seq;
  return max;
};

/** The lowest stored seq, for loading older history (null when the thread has no stored message). */
export const minSeq = (items: readonly UiMessage[]) => {
  let min: number | null = null;
  for (const m of items) if (m.status === 'sent' && (min === null || m.seq < min)) min = m.seq;
  return min;
};

/**
 * Whether a message at `seq` leaves a hole after the highest seq this thread is known to hold contiguously:
 * the messages in between must be fetched with afterSeq before the thread is complete again.
 */
export const hasGap = (syncedSeq: number, seq: number) => seq > syncedSeq + 1;

/** Adds my message to the outbox tail of a thread (or updates it, matched by clientMsgId). */
export const upsertLocal = (items: readonly UiMessage[], message: UiMessage): UiMessage[] => {
  const i = items.findIndex((m) => isLocal(m) && m.clientMsgId === message.clientMsgId);
  if (i < 0) return [...items, message];
  const next = [...items];
  next[i] = message;
  return next;
};

/** Drops one of my unsent messages (a failed one I delete). */
export const removeLocal = (items: readonly UiMessage[], clientMsgId: string) =>
  items.filter((m) => !(isLocal(m) && m.clientMsgId === clientMsgId));

/** Drops messages by id (delete for me). */
export const removeById = (items: readonly UiMessage[], ids: readonly number[]) =>
  items.filter((m) => isLocal(m) || !ids.includes(m.id));

/** Messages I sent and have not been stored: what the page shows as pending or failed. */
export const unsent = (items: readonly UiMessage[]) => items.filter(isLocal);

/**
 * Applies changes (a `message/changes` answer, or one live event) to a thread: a changed message replaces the
 * held copy by id (one not held is left for the page that loads it), removed ids and everything at or below
 * the clear point go. Idempotent and order-free; answers the same array when nothing changed.
 */
export const applyChanges = (
  items: readonly UiMessage[],
  changes: Partial<Pick<MessageChanges, 'messages' | 'removedIds' | 'clearedSeq'>>,
): UiMessage[] => {
  const held = new Set(items.filter((m) => !isLocal(m)).map((m) => m.id));
  const replaced = mergeMessages(
    items,
    (changes.messages ?? []).filter((m) => held.has(m.id)),
  );
  const removed = new Set(changes.removedIds ?? []);
  const cleared = changes.clearedSeq ?? 0;
  const gone = (m: UiMessage) => !isLocal(m) && (removed.has(m.id) || m.seq <= cleared);
  return replaced.some(gone) ? replaced.filter((m) => !gone(m)) : replaced;
};

/**
 * Where a cursor goes on a live change: the next number moves it; a higher one leaves it and asks for the
 * changes in between (`gap`); one already seen changes nothing.
 */
export const nextCursor = (cursor: number, changeSeq: number) => ({
  cursor: changeSeq === cursor + 1 ? changeSeq : cursor,
  gap: changeSeq > cursor + 1,
});
