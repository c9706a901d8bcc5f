import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * One cache entry per endpoint: every query of the web app is cached under exactly one key factory, and a
 * key factory caches one endpoint. Two keys for one call means two copies that drift apart (the wallet
 * balance once lived under walletKeys.balance() and c2cKeys.balance(), so the wallet showed an old balance
 * after a market order). This reads the sources and builds the registry endpoint → key factory.
 */

const SRC = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const QUERY_CALLS =
  /\b(useQuery|useInfiniteQuery|useSuspenseQuery|fetchQuery|prefetchQuery|ensureQueryData)\(/g;

const sources = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) return sources(full);
    return /\.tsx?$/.test(e.name) && !/\.test\.tsx?$/.test(e.name) ? [full] : [];
  });

/** The text between the parenthesis at `open` and its partner. */
const argumentsAt = (text: string, open: number) => {
  let depth = 0;
  for (let i = open; i < text.length; i++) {
    if (text[i] === '(') depth++;
    if (text[i] === ')' && --depth === 0) return text.slice(open + 1, i);
  }
  return text.slice(open + 1);
};

/** The endpoints a query function calls: inline, or a named function of the same file. */
const endpointsOf = (options: string, file: string) => {
  const calls = (text: string) =>
    [...text.matchAll(/\bcall\(\s*([\w.]+(?:\[\w+\])?\.\w+)/g)].map((m) => m[1]!);
  const found = calls(options);
  const named = /queryFn:\s*([A-Za-z_$][\w$]*)\s*[,}\n]/.exec(options)?.[1];
  if (named) {
    const start = file.search(new RegExp(`(?:const|function)\\s+${named}\\b`));
    if (start >= 0) {
      const rest = file.slice(start + 1);
      const end = rest.search(/\n(?:export )?(?:const|function) /);
      found.push(...calls(end < 0 ? rest : rest.slice(0, end)));
    }
  }
  return found;
};

interface Use {
  file: string;
  key: string;
  endpoints: string[];
}

const uses: Use[] = sources(SRC).flatMap((file) => {
  const text = readFileSync(file, 'utf8');
  return [...text.matchAll(QUERY_CALLS)].map((m) => {
    const options = argumentsAt(text, m.index + m[0].length - 1);
    const key = /queryKey:\s*(\[|[\w.]+)/.exec(options)?.[1] ?? '(none)';
    return { file: path.relative(SRC, file), key, endpoints: endpointsOf(options, text) };
  });
});

const registry = (by: (u: Use) => [string, string][]) => {
  const map = new Map<string, Set<string>>();
  for (const u of uses) for (const [a, b] of by(u)) map.set(a, (map.get(a) ?? new Set()).add(b));
  return map;
};

describe('query keys', () => {
  it('finds the queries (the scan itself works)', () => {
    expect(uses.length).toBeGreaterThan(40);
    expect(uses.find((u) => u.endpoints.includes('walletApi.balance'))?.key).toBe('walletKeys.balance');
    // A query function named elsewhere in its file is followed.
    expect(uses.find((u) => u.key === 'chatKeys.sessions')?.endpoints).toEqual(['sessionApi.page']);
  });

  it('every query has a key from a key factory and calls one endpoint', () => {
    const bad = uses.filter((u) => !/^\w+Keys\.\w+$/.test(u.key) || u.endpoints.length !== 1);
    expect(bad).toEqual([]);
  });

  it('caches each endpoint under one key factory', () => {
    const shared = [...registry((u) => u.endpoints.map((e) => [e, u.key]))].filter(
      ([, keys]) => keys.size > 1,
    );
    expect(shared.map(([endpoint, keys]) => `${endpoint}: ${[...keys].join(', ')}`)).toEqual([]);
  });

  it('uses each key factory for one endpoint', () => {
    const mixed = [...registry((u) => u.endpoints.map((e) => [u.key, e]))].filter(([, eps]) => eps.size > 1);
    expect(mixed.map(([key, eps]) => `${key}: ${[...eps].join(', ')}`)).toEqual([]);
  });
});
