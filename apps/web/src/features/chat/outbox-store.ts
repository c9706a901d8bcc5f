import { StorageKey, storage } from '../../lib/storage.ts';

/** A message written and not yet stored by the server, kept in local storage so it survives a reload. */
export interface SavedSend {
  sessionId: number;
  clientMsgId: string;
  contentType: string;
  content: Record<string, unknown>;
  createTime: string;
}

const keyOf = (userId: number) => `${StorageKey.Outbox}-${userId}`;

const isSaved = (v: unknown): v is SavedSend => {
  const s = v as Partial<SavedSend> | null;
  return (
    typeof s?.sessionId === 'number' &&
    typeof s.clientMsgId === 'string' &&
    typeof s.contentType === 'string' &&
    typeof s.createTime === 'string' &&
    typeof s.content === 'object' &&
    s.content !== null
  );
};

/** My unsent messages, oldest first (the order they were written, which is the order they go out). */
export const savedSends = (userId: number): SavedSend[] => {
  const raw = storage.getJson<unknown[]>(keyOf(userId));
  return Array.isArray(raw) ? raw.filter(isSaved) : [];
};

export const saveSend = (userId: number, item: SavedSend) => {
  const list = savedSends(userId).filter((s) => s.clientMsgId !== item.clientMsgId);
  storage.setJson(keyOf(userId), [...list, item]);
};

/** The server stored it (or refused it for good): it no longer waits. */
export const forgetSend = (userId: number, clientMsgId: string) => {
  const list = savedSends(userId);
  const next = list.filter((s) => s.clientMsgId !== clientMsgId);
  if (next.length === list.length) return;
  if (next.length === 0) storage.remove(keyOf(userId));
  else storage.setJson(keyOf(userId), next);
};
