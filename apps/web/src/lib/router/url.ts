export type QueryValue = string | number | boolean | null | undefined;
export type QueryInput = Record<string, QueryValue>;

/**
 * The query is appended as key=value pairs (URL-encoded); undefined and null values are skipped
 * (docs/product.md#routes). A path that already has a query keeps it and gets the new pairs after `&`.
 */
export const buildUrl = (path: string, query?: QueryInput): string => {
  const pairs: string[] = [];
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value === undefined || value === null) continue;
    pairs.push(`${encodeURIComponent(key)}=${encodeURIComponent(String(value))}`);
  }
  if (pairs.length === 0) return path;
  return `${path}${path.includes('?') ? '&' : '?'}${pairs.join('&')}`;
};

/** Page parameters are read from the query string and URL-decoded (docs/product.md#routes). */
export const parseQuery = (search: string): Record<string, string> => {
  const out: Record<string, string> = {};
  for (const [key, value] of new URLSearchParams(search.replace(/^\?/, ''))) out[key] = value;
  return out;
};
