import { ErrorCode } from '@chatpay/shared';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../lib/errors.ts';
import { canFix, type PushFacts, pushView } from './state.ts';

/** The server as the push module calls it: key, subscribe, status; each may be set to fail. */
const server = vi.hoisted(() => ({
  key: (): unknown => ({ publicKey: 'BPublicKey' }),
  subscribe: (_input: unknown): unknown => ({ ok: true }),
  status: (_input: unknown): unknown => ({ subscribed: true }),
}));
vi.mock('../../lib/request.ts', () => ({
  call: async (endpoint: { path: string }, input: unknown) => {
    if (endpoint.path.endsWith('/push/key')) return server.key();
    if (endpoint.path.endsWith('/push/subscribe')) return server.subscribe(input);
    if (endpoint.path.endsWith('/push/status')) return server.status(input);
    throw new Error(`unexpected call ${endpoint.path}`);
  },
}));

const facts = (over: Partial<PushFacts> = {}): PushFacts => ({
  supported: true,
  permission: 'granted',
  wanted: true,
  onServer: true,
  lastAttempt: null,
  ...over,
});

describe('what Settings says about pushes on this device', () => {
  it('on only when the permission is given and the server holds this browser’s subscription', () => {
    expect(pushView(facts())).toBe('on');
    expect(pushView(facts({ onServer: false }))).toBe('missing');
  });

  it('the browser refused: blocked, whatever the switch says, and no tap can change it', () => {
    expect(pushView(facts({ permission: 'denied', onServer: false }))).toBe('denied');
    expect(canFix('denied')).toBe(false);
  });

  it('never asked: a tap asks', () => {
    expect(pushView(facts({ permission: 'default', onServer: false }))).toBe('ask');
    expect(canFix('ask')).toBe(true);
  });

  it('no Web Push in this browser; or the member turned notifications off', () => {
    expect(pushView(facts({ supported: false }))).toBe('unsupported');
    expect(canFix('unsupported')).toBe(false);
    expect(pushView(facts({ wanted: false, permission: 'denied' }))).toBe('off');
    expect(canFix('off')).toBe(false);
  });

  it('allowed but not subscribed: why the last attempt failed, each with a retry', () => {
    expect(pushView(facts({ onServer: false, lastAttempt: 'server' }))).toBe('server');
    expect(pushView(facts({ onServer: false, lastAttempt: 'browser' }))).toBe('browser');
    expect(pushView(facts({ onServer: false, lastAttempt: 'offline' }))).toBe('offline');
    expect(pushView(facts({ onServer: null }))).toBe('offline');
    for (const view of ['missing', 'server', 'browser', 'offline'] as const) expect(canFix(view)).toBe(true);
  });

  it('a subscription the server holds wins over an older failure', () => {
    expect(pushView(facts({ onServer: true, lastAttempt: 'browser' }))).toBe('on');
  });
});

describe('turning pushes on finds out why they cannot arrive', () => {
  let permission: NotificationPermission;
  let askAnswer: NotificationPermission;
  let subscribeBrowser: () => Promise<unknown>;
  const browserSub = {
    endpoint: 'https://push.example.com/sub/1',
    options: { applicationServerKey: null },
    toJSON: () => ({ keys: { p256dh: 'p'.repeat(87), auth: 'a'.repeat(22) } }),
  };

  beforeEach(() => {
    permission = 'granted';
    askAnswer = 'granted';
    subscribeBrowser = async () => browserSub;
    server.key = () => ({ publicKey: 'BPublicKey' });
    server.subscribe = () => ({ ok: true });
    server.status = () => ({ subscribed: true });
    const Notification = {
      get permission() {
        return permission;
      },
      requestPermission: async () => {
        permission = askAnswer;
        return permission;
      },
    };
    const registration = {
      pushManager: { getSubscription: async () => null, subscribe: () => subscribeBrowser() },
    };
    vi.stubGlobal('Notification', Notification);
    vi.stubGlobal('window', { Notification, PushManager: class {} });
    vi.stubGlobal('navigator', {
      userAgent: 'test',
      serviceWorker: { ready: Promise.resolve(registration), getRegistration: async () => registration },
    });
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  const enable = async (ask: boolean) => (await import('./push.ts')).enablePush(ask);

  it('subscribed: on, and kept for Settings', async () => {
    const { useLastPushAttempt } = await import('./push.ts');
    expect(await enable(false)).toBe('on');
    expect(useLastPushAttempt.getState().outcome).toBe('on');
  });

  it('denied in the browser: denied, the server never asked', async () => {
    permission = 'denied';
    server.key = () => {
      throw new Error('must not be called');
    };
    expect(await enable(true)).toBe('denied');
  });

  it('never asked and no tap: not asked; with a tap the browser asks', async () => {
    permission = 'default';
    expect(await enable(false)).toBe('default');
    expect(await enable(true)).toBe('on');
  });

  it('the browser’s push service gives no subscription: browser', async () => {
    subscribeBrowser = async () => {
      throw new DOMException('Registration failed - push service not available', 'AbortError');
    };
    expect(await enable(true)).toBe('browser');
  });

  it('the server refuses this browser’s push service: server', async () => {
    server.subscribe = () => {
      throw new ApiError('refused', ErrorCode.PushEndpointRefused, null, 200);
    };
    expect(await enable(true)).toBe('server');
  });

  it('no Web Push in this browser: unsupported', async () => {
    vi.stubGlobal('window', {});
    expect(await enable(true)).toBe('unsupported');
  });

  it('Settings reads whether the server holds this browser’s subscription', async () => {
    const { readPushFacts } = await import('./queries.ts');
    const asked: unknown[] = [];
    server.status = (input) => {
      asked.push(input);
      return { subscribed: false };
    };
    const registration = {
      pushManager: { getSubscription: async () => browserSub },
    };
    vi.stubGlobal('navigator', {
      serviceWorker: { ready: Promise.resolve(registration), getRegistration: async () => registration },
    });
    expect(await readPushFacts()).toEqual({ supported: true, permission: 'granted', onServer: false });
    expect(asked).toEqual([{ deviceId: expect.any(String), endpoint: browserSub.endpoint }]);
    permission = 'denied';
    expect(await readPushFacts()).toEqual({ supported: true, permission: 'denied', onServer: false });
  });
});
