import { create } from 'zustand';

/** Uploads in flight, by the local preview URL of their message: how far, and how to cancel. */
interface UploadProgressState {
  items: Record<string, { fraction: number; cancel: () => void }>;
  start: (localUrl: string, cancel: () => void) => void;
  set: (localUrl: string, fraction: number) => void;
  done: (localUrl: string) => void;
}

export const useUploadProgress = create<UploadProgressState>((set) => ({
  items: {},
  start: (localUrl, cancel) => set((s) => ({ items: { ...s.items, [localUrl]: { fraction: 0, cancel } } })),
  set: (localUrl, fraction) =>
    set((s) => {
      const item = s.items[localUrl];
      return item ? { items: { ...s.items, [localUrl]: { ...item, fraction } } } : s;
    }),
  done: (localUrl) =>
    set((s) => {
      const { [localUrl]: _, ...rest } = s.items;
      return { items: rest };
    }),
}));

/** Runs an upload of `localUrl`'s file with its progress shown and a cancel button. */
export const tracked = async <T>(
  localUrl: string,
  run: (opts: { onProgress: (f: number) => void; signal: AbortSignal }) => Promise<T>,
): Promise<T> => {
  const controller = new AbortController();
  const store = useUploadProgress.getState();
  store.start(localUrl, () => controller.abort());
  try {
    return await run({ onProgress: (f) => store.set(localUrl, f), signal: controller.signal });
  } finally {
    store.done(localUrl);
  }
};
