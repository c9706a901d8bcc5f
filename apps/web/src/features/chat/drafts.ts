import { create } from 'zustand';
import { StorageKey, storage } from '../../lib/storage.ts';

/**
 * What a member has typed and not sent, per chat, kept on this device across reloads (a new
 * order or a reload must not lose a half-written message). Keyed by member, so the next member on a shared
 * device does not see them.
 */
const keyOf = (userId: number) => `${StorageKey.Drafts}-${userId}`;

const read = (userId: number): Record<string, string> => {
  const raw = storage.getJson<unknown>(keyOf(userId));
  if (!raw || typeof raw !== 'object') return {};
  return Object.fromEntries(Object.entries(raw).filter(([, v]) => typeof v === 'string')) as Record<
    string,
    string
  >;
};

export const draftOf = (userId: number | null, sessionId: number) =>
  userId === null ? '' : (read(userId)[String(sessionId)] ?? '');

export const saveDraft = (userId: number | null, sessionId: number, text: string) => {
  if (userId === null) return;
  const all = read(userId);
  if (text) all[String(sessionId)] = text;
  else delete all[String(sessionId)];
  if (Object.keys(all).length === 0) storage.remove(keyOf(userId));
  else storage.setJson(keyOf(userId), all);
};

/**
 * Whether the member is in the middle of writing: the open chat's input has text in it. Order events then
 * show a banner instead of taking the member to the order page.
 */
export const useComposing = create<{ sessionId: number | null; setComposing: (id: number | null) => void }>()(
  (set) => ({ sessionId: null, setComposing: (sessionId) => set({ sessionId }) }),
);

export const isComposing = () => useComposing.getState().sessionId !== null;
