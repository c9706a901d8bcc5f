import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { clearCache, queryCacheSize } from './cache.ts';

/** An in-memory Cache Storage with the calls clearCache uses. */
const fakeCaches = (contents: Record<string, string[]>) => {
  const stores = new Map(Object.entries(contents));
  return {
    keys: async () => [...stores.keys()],
    open: async (name: string) => ({
      keys: async () => (stores.get(name) ?? []).map((_, i) => `${name}/${i}`),
      match: async (key: string) => {
        const [name2, i] = key.split('/');
        return new Response(stores.get(name2 ?? '')?.[Number(i)] ?? '');
      },
    }),
    delete: async (name: string) => stores.delete(name),
    names: () => [...stores.keys()],
  };
};

describe('clear cache', () => {
  it('drops the loaded data and the cached files, keeps the app shell, and counts the bytes', async () => {
    const qc = new QueryClient();
    qc.setQueryData(['a'], { text: 'hello' });
    qc.setQueryData(['b'], [1, 2, 3]);
    const dataBytes = queryCacheSize(qc);
    expect(dataBytes).toBe(JSON.stringify({ text: 'hello' }).length + JSON.stringify([1, 2, 3]).length);
    const storage = fakeCaches({
      'workbox-precache-v2-x': ['<html>'],
      media: ['12345', '678'],
    });
    const freed = await clearCache(qc, storage as unknown as CacheStorage);
    expect(freed).toBe(dataBytes + 8);
    expect(qc.getQueryCache().getAll()).toHaveLength(0);
    expect(storage.names()).toEqual(['workbox-precache-v2-x']);
  });

  it('works where there is no Cache Storage', async () => {
    const qc = new QueryClient();
    expect(await clearCache(qc, undefined)).toBe(0);
  });
});
