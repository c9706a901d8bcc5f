import { createContractClient, type Transport, type TransportRequest } from '@chatpay/shared';

/** The URL of a request: the base, the path, and GET input as a query string (arrays repeat the key). */
export const requestUrl = (baseUrl: string, req: TransportRequest) => {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(req.query ?? {}))
    for (const item of Array.isArray(value) ? value : [value]) params.append(key, item);
  const query = params.toString();
  return `${baseUrl}${req.path}${query ? `?${query}` : ''}`;
};

/** The body as JSON when it is JSON, else as text (a proxy's error page, an empty 502). */
export const readBody = async (res: Response): Promise<unknown> => {
  const text = await res.text();
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
};

/** Sends over real HTTP with fetch to a running server (`baseUrl` without `/api`). */
export const fetchTransport =
  (baseUrl: string, { timeoutMs }: { timeoutMs?: number } = {}): Transport =>
  async (req) => {
    const isGet = req.method === 'GET';
    const res = await fetch(requestUrl(baseUrl, req), {
      method: req.method,
      headers: {
        ...(isGet ? {} : { 'content-type': 'application/json' }),
        ...(req.token ? { authorization: req.token } : {}),
      },
      ...(isGet ? {} : { body: JSON.stringify(req.body) }),
      ...(timeoutMs ? { signal: AbortSignal.timeout(timeoutMs) } : {}),
    });
    return { status: res.status, body: await readBody(res) };
  };

/** A typed client of a running server (browser-test set-up, benchmarks, tests against server processes). */
export const httpClient = (baseUrl: string, opts: { timeoutMs?: number } = {}) =>
  createContractClient(fetchTransport(baseUrl, opts));
