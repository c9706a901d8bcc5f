/**
 * The deadlines a single process's HTTP server keeps (Node's `headersTimeout` and `requestTimeout`, which
 * Fastify sets from REQUEST_TIMEOUT_SECONDS): the request's headers within min(60 s, the request timeout) of
 * the connection's start, the whole request (headers and body) within the request timeout. Node checks them
 * only on a server that listens; in cluster mode the primary listens and the workers are handed connections,
 * so both enforce them here (docs/design/processes.md, docs/security.md "Production install").
 */
export const deadlinesOf = (requestTimeoutSeconds: number) => {
  const requestMs = requestTimeoutSeconds * 1000;
  return { headersMs: Math.min(60_000, requestMs), requestMs };
};

export type Deadlines = ReturnType<typeof deadlinesOf>;

/** What Node answers a request that missed its deadline. */
export const REQUEST_TIMEOUT_RESPONSE =
  'HTTP/1.1 408 Request Timeout\r\nConnection: close\r\nContent-Length: 0\r\n\r\n';
