import type { QueryClient } from '@tanstack/react-query';

const byteSize = (value: unknown) => {
  try {
    return new Blob([JSON.stringify(value) ?? '']).size;
  } catch {
    return 0;
  }
};

/** Roughly how much the loaded server data takes (its JSON size). */
export const queryCacheSize = (qc: QueryClient) =>
  qc
    .getQueryCache()
    .getAll()
    .reduce((sum, q) => sum + byteSize(q.state.data), 0);

/** The service worker's copy of the app itself: kept, or the app could not start offline. */
const isAppShell = (name: string) => name.includes('precache');

/** Deletes the Cache Storage caches except the app shell; answers the bytes they held. */
export const clearCacheStorage = async (storage: CacheStorage | undefined = globalThis.caches) => {
  if (!storage) return 0;
  let freed = 0;
  for (const name of await storage.keys()) {
    if (isAppShell(name)) continue;
    const cache = await storage.open(name);
    for (const request of await cache.keys()) {
      const response = await cache.match(request);
      if (response) freed += (await response.blob()).size;
    }
    await storage.delete(name);
  }
  return freed;
};

/**
 * Clear cache in the settings: the loaded server data and the cached files go, the login and the device
 * settings stay (they live in local storage). Pages fetch again what they show. Answers the bytes freed.
 */
export const clearCache = async (qc: QueryClient, storage?: CacheStorage) => {
  const dataBytes = queryCacheSize(qc);
  await qc.cancelQueries();
  qc.removeQueries();
  const fileBytes = await clearCacheStorage(storage);
  return dataBytes + fileBytes;
};
