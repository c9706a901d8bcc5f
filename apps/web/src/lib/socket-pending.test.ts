import { beforeEach, describe, expect, it, vi } from 'vitest';

/** A stand-in for socket.io-client's socket: records its listeners so the test can fire them. */
const fake = vi.hoisted(() => ({
  listeners: new Map<string, (...args: unknown[]) => void>(),
  active: true,
}));
vi.mock('socket.io-client', () => ({
  io: () => ({
    on: (event: string, l: (...args: unknown[]) => void) => fake.listeners.set(event, l),
    io: { on: () => undefined },
    emit: () => undefined,
    get active() {
      return fake.active;
    },
    connected: false,
    removeAllListeners: () => undefined,
    disconnect: () => undefined,
  }),
}));

const { connectPending, connectSocket, disconnectSocket } = await import('./socket.ts');
const { useAuth } = await import('./auth.ts');
const fire = (event: string, ...args: unknown[]) => fake.listeners.get(event)?.(...args);

describe('connectPending: whether a (re)connect is still to come', () => {
  beforeEach(() => {
    disconnectSocket();
    fake.listeners.clear();
    fake.active = true;
    useAuth.setState({ token: 'token' });
  });

  it('from connecting until the connect, again after a drop the client retries, never once stopped', async () => {
    expect(connectPending()).toBe(false);
    const connecting = connectSocket('token');
    expect(connectPending()).toBe(true); // the client library is still loading
    await connecting;
    expect(connectPending()).toBe(true);
    fire('connect');
    expect(connectPending()).toBe(false);
    fire('disconnect', 'transport close');
    expect(connectPending()).toBe(true);
    fire('connect');
    expect(connectPending()).toBe(false);
    disconnectSocket();
    expect(connectPending()).toBe(false);
  });

  it('not after a disconnect the client will not retry (the server ended the connection)', async () => {
    await connectSocket('token');
    fire('connect');
    fake.active = false;
    fire('disconnect', 'io server disconnect');
    expect(connectPending()).toBe(false);
  });
});
