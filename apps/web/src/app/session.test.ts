import { afterAll, describe, expect, it, vi } from 'vitest';

const realtime = vi.hoisted(() => ({
  startRealtime: vi.fn(),
  connectSocket: vi.fn(async () => undefined),
  disconnectSocket: vi.fn(),
  syncPush: vi.fn(),
  disablePush: vi.fn(async () => undefined),
}));
vi.mock('./realtime.ts', () => realtime);
const router = vi.hoisted(() => ({ afterLogin: vi.fn(), navigate: vi.fn(), toLogin: vi.fn() }));
vi.mock('../lib/router/navigate.ts', () => router);

vi.stubGlobal('window', { addEventListener: () => undefined });
const { useAuth } = await import('../lib/auth.ts');
const { startSession } = await import('./session.ts');
const { i18n } = await import('../lib/i18n/index.ts');

afterAll(() => {
  vi.unstubAllGlobals();
});

const login = { token: 'token-1', expire: 3600, refreshToken: 'refresh-1', refreshExpire: 86400 };
const turn = () => new Promise((resolve) => setTimeout(resolve));

describe('the realtime engine is not part of the login page', () => {
  it('loads with the first token, connects with each new one and stops at logout', async () => {
    await startSession();
    await turn();
    expect(realtime.startRealtime).not.toHaveBeenCalled();

    useAuth.getState().setLogin(login);
    await turn();
    expect(realtime.startRealtime).toHaveBeenCalledTimes(1);
    expect(realtime.connectSocket).toHaveBeenLastCalledWith('token-1');
    expect(realtime.syncPush).toHaveBeenCalledTimes(1);

    // A refresh swaps the token: the socket reconnects, the engine is not started twice.
    useAuth.getState().setLogin({ ...login, token: 'token-2' });
    await turn();
    expect(realtime.startRealtime).toHaveBeenCalledTimes(1);
    expect(realtime.connectSocket).toHaveBeenLastCalledWith('token-2');
    expect(realtime.syncPush).toHaveBeenCalledTimes(1);

    // A language switch tells the server this device's new push language at once.
    await i18n.changeLanguage('vn');
    await turn();
    expect(realtime.syncPush).toHaveBeenCalledTimes(2);

    useAuth.getState().logout();
    // At once, before any other event can reach the socket.
    expect(realtime.disconnectSocket).toHaveBeenCalledTimes(1);
    expect(router.toLogin).toHaveBeenCalledTimes(1);

    // Signed out (the login page's switch): nothing to update.
    await i18n.changeLanguage('zh');
    await turn();
    expect(realtime.syncPush).toHaveBeenCalledTimes(2);
  });
});
