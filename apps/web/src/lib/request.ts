import { type Endpoint, ErrorCode, type InputOf, type OutputOf, REQUEST_TIMEOUT_MS } from '@chatpay/shared';
import { isRefreshValid, isTokenValid, useAuth } from './auth.ts';
import { loadContract } from './contract.ts';
import { ApiError, ClientCode, messageForCode } from './errors.ts';
import { t } from './i18n/index.ts';
import { onLoginPage } from './location.ts';
import { explainLogout } from './logged-out.ts';
import { askStepUp } from './step-up.ts';

export { ApiError } from './errors.ts';

/** Every call goes to the API base path plus the endpoint's path (docs/product.md#api). */
export const API_BASE = '/api';

type Query = Record<string, unknown>;

/** GET input travels as a query string; undefined and null values are left out, arrays repeat the key. */
export const toQueryString = (input: Query): string => {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(input)) {
    if (value === undefined || value === null) continue;
    if (Array.isArray(value)) for (const item of value) params.append(key, String(item));
    else params.append(key, String(value));
  }
  const text = params.toString();
  return text ? `?${text}` : '';
};

const sessionExpired = () => new ApiError(t('errors.1003'), ErrorCode.Unauthorized, null, 401);

const logout = () => {
  if (useAuth.getState().token) useAuth.getState().logout();
};

interface SendOptions {
  token: string | null;
  /** The refresh call handles its own 401: it must not log out before the queue is told. */
  handle401: boolean;
  timeout?: number;
  body?: BodyInit;
}

const readJson = async (
  res: Response,
): Promise<{ code?: unknown; data?: unknown; message?: unknown } | null> => {
  try {
    return (await res.json()) as { code?: unknown; data?: unknown; message?: unknown };
  } catch {
    return null;
  }
};

/** One HTTP exchange: the envelope and the error catalogue (docs/product.md#errors). No token logic here. */
const send = async (
  method: 'GET' | 'POST',
  path: string,
  input: Query | undefined,
  opts: SendOptions,
): Promise<unknown> => {
  const url = `${API_BASE}${path}${method === 'GET' && input ? toQueryString(input) : ''}`;
  const headers: Record<string, string> = {};
  if (opts.token) headers.Authorization = opts.token;
  let body = opts.body;
  if (method === 'POST' && body === undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(input ?? {});
  }
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, opts.timeout ?? REQUEST_TIMEOUT_MS);
  try {
    let res: Response;
    try {
      res = await fetch(url, { method, headers, body, signal: controller.signal });
    } catch {
      if (timedOut) throw new ApiError(t('common.timeout'), ClientCode.Timeout, null, 0);
      // The browser's own text ("Failed to fetch") is not for members: say it in their language.
      throw new ApiError(t('common.networkError'), ClientCode.Network, null, 0);
    }
    const json = await readJson(res);
    const serverMessage = typeof json?.message === 'string' ? json.message : '';
    if (res.status === 401) {
      if (!opts.handle401 || onLoginPage()) {
        const code = typeof json?.code === 'number' ? json.code : ErrorCode.Unauthorized;
        throw new ApiError(serverMessage || t('errors.1003'), code, json?.data ?? null, 401);
      }
      const wasIn = Boolean(useAuth.getState().token);
      logout();
      if (wasIn) explainLogout(json?.data);
      throw sessionExpired();
    }
    if (res.status === 404) throw new ApiError(`[404] ${url}`, ErrorCode.NotFound, null, 404);
    if (!res.ok || !json || typeof json.code !== 'number') {
      throw new ApiError(t('common.serviceException'), ErrorCode.Internal, json?.data ?? null, res.status);
    }
    if (json.code !== ErrorCode.Success) {
      throw new ApiError(messageForCode(json.code, serverMessage, json.data), json.code, json.data ?? null);
    }
    return json.data;
  } catch (error) {
    if (timedOut && !(error instanceof ApiError)) {
      throw new ApiError(t('common.timeout'), ClientCode.Timeout, null, 0);
    }
    throw error;
  } finally {
    clearTimeout(timer);
  }
};

/**
 * The refresh in flight. Requests that find the token expired all wait on this one promise (the queue) and
 * are replayed with the token it yields, so an expired token causes exactly one refresh call.
 */
let refreshing: Promise<string> | null = null;

const refreshOnce = (): Promise<string> => {
  refreshing ??= (async () => {
    const { refreshToken, token } = useAuth.getState();
    try {
      const { userApi } = await loadContract();
      // A session stored without a refresh token (an older client, a token handed to the h5 view) is
      // exchanged for a full login with loginByToken while its access token is still good.
      const data = refreshToken
        ? await send('POST', userApi.refreshToken.path, { refreshToken }, { token: null, handle401: false })
        : await send(
            'POST',
            userApi.loginByToken.path,
            { token: token ?? '' },
            { token: null, handle401: false },
          );
      const result = userApi.refreshToken.output.parse(data);
      useAuth.getState().setLogin(result);
      return result.token;
    } catch (error) {
      const wasIn = Boolean(useAuth.getState().token);
      logout();
      if (wasIn && error instanceof ApiError) explainLogout(error.data);
      throw sessionExpired();
    }
  })().finally(() => {
    refreshing = null;
  });
  return refreshing;
};

/**
 * docs/product.md#tokens: the token to send. A valid token is used as is; an expired one is refreshed once
 * (others wait); an expired refresh token logs out. Public calls send no token (the token-ignore list).
 */
export const tokenFor = async (auth: Endpoint['auth']): Promise<string | null> => {
  if (auth === 'none') return null;
  const state = useAuth.getState();
  if (!state.token) return null;
  if (refreshing) return refreshing;
  if (isTokenValid(state)) return state.token;
  if (!isRefreshValid(state) && state.refreshToken) {
    logout();
    throw sessionExpired();
  }
  return refreshOnce();
};

/**
 * At start: a stored session without a refresh token is restored with `loginByToken`
 * (docs/product.md#tokens), so it does not end when its access token expires. Answers whether the session
 * is (still) there.
 */
export const restoreSession = async (): Promise<boolean> => {
  const state = useAuth.getState();
  if (!state.token || state.refreshToken) return Boolean(state.token);
  try {
    await refreshOnce();
    return true;
  } catch {
    return false;
  }
};

/** Whether a refresh is running (for tests and diagnostics). */
export const isRefreshing = () => refreshing !== null;

/** Whether an endpoint's input takes a step-up proof (`stepUp`; every variant of a union). */
const takesStepUp = (schema: unknown): boolean => {
  const s = schema as { shape?: object; options?: unknown[] };
  if (s.shape) return 'stepUp' in s.shape;
  return Array.isArray(s.options) && s.options.every(takesStepUp);
};

/**
 * Calls one endpoint of the shared contract with typed input and output. A guarded action refused with
 * StepUpRequired asks the member for a second factor (the step-up sheet) and is sent again with the proof.
 */
export const call = async <E extends Endpoint>(endpoint: E, input: InputOf<E>): Promise<OutputOf<E>> => {
  try {
    return await callOnce(endpoint, input);
  } catch (error) {
    const given = (input as { stepUp?: unknown } | undefined)?.stepUp;
    if (
      !(error instanceof ApiError) ||
      error.code !== ErrorCode.StepUpRequired ||
      given ||
      !takesStepUp(endpoint.input)
    )
      throw error;
    const stepUp = await askStepUp();
    if (!stepUp) throw error;
    return callOnce(endpoint, { ...(input as object), stepUp } as InputOf<E>);
  }
};

const callOnce = async <E extends Endpoint>(endpoint: E, input: InputOf<E>): Promise<OutputOf<E>> => {
  const parsedInput = endpoint.input.safeParse(input);
  // Valid input is sent as parsed (defaults, trimming); invalid input is sent as is, so the server answers
  // with the validation code and the offending fields in the user's language.
  const body = (parsedInput.success ? parsedInput.data : input) as Query;
  const token = await tokenFor(endpoint.auth);
  const data = await send(endpoint.method, endpoint.path, body, { token, handle401: true });
  const parsed = endpoint.output.safeParse(data);
  if (parsed.success) return parsed.data as OutputOf<E>;
  console.warn(`Unexpected answer from ${endpoint.path}`, parsed.error.issues);
  return data as OutputOf<E>;
};

/**
 * A POST with a JSON body the endpoint's `input` schema does not describe (the cloud-mode bodies of `upload`),
 * with the usual token, refresh and envelope handling. Answers the envelope's data.
 */
export const postJson = async (endpoint: Endpoint, body: Query): Promise<unknown> => {
  const token = await tokenFor(endpoint.auth);
  return send('POST', endpoint.path, body, { token, handle401: true });
};
