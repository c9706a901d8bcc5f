import { ErrorCode } from '@chatpay/shared';
import { beforeEach, describe, expect, it, vi } from 'vitest';

/** A fake socket whose acknowledgement is set per test, and a fake HTTP `call`. */
const fake = vi.hoisted(() => ({
  connected: true,
  /** What the server acknowledges; a rejection stands for a timeout or a dropped socket. */
  ack: (() => Promise.resolve({})) as (payload: unknown) => Promise<unknown>,
  emits: [] as { event: string; payload: unknown; timeout: number }[],
  httpCalls: [] as unknown[],
}));

vi.mock('../../lib/socket.ts', () => ({
  getSocket: () => ({
    connected: fake.connected,
    timeout: (ms: number) => ({
      emitWithAck: (event: string, payload: unknown) => {
        fake.emits.push({ event, payload, timeout: ms });
        return fake.ack(payload);
      },
    }),
  }),
}));
vi.mock('../../lib/request.ts', () => ({
  call: vi.fn(async (_endpoint: unknown, input: { sessionId: number; clientMsgId: string }) => {
    fake.httpCalls.push(input);
    return { id: 2, sessionId: input.sessionId, seq: 8, clientMsgId: input.clientMsgId, createTime: NOW };
  }),
}));

const { deliverMessage, SOCKET_SEND_TIMEOUT_MS } = await import('./send-transport.ts');
const { ApiError } = await import('../../lib/errors.ts');

const NOW = '2026-11-26T10:00:00.000Z';
const input = {
  sessionId: 5,
  clientMsgId: 'c-1',
  contentType: 'text' as const,
  content: { text: 'hi' },
};
const stored = { id: 1, sessionId: 5, seq: 7, clientMsgId: 'c-1', createTime: NOW };

beforeEach(() => {
  fake.connected = true;
  fake.emits = [];
  fake.httpCalls = [];
});

describe('a message goes out over the socket while one is connected', () => {
  it('acknowledged: stored, and no HTTP request', async () => {
    fake.ack = async () => ({ code: ErrorCode.Success, data: stored, message: 'success' });
    expect(await deliverMessage(input)).toEqual(stored);
    expect(fake.emits).toEqual([{ event: 'sendMessage', payload: input, timeout: SOCKET_SEND_TIMEOUT_MS }]);
    expect(fake.httpCalls).toEqual([]);
  });

  it('a refusal is the same error as over HTTP, and is not sent again over HTTP', async () => {
    fake.ack = async () => ({ code: ErrorCode.NotFriends, data: null, message: 'not friends' });
    const error = await deliverMessage(input).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ code: ErrorCode.NotFriends, status: 200 });
    expect(fake.httpCalls).toEqual([]);
  });

  it('a server error keeps its status, so the outbox retries it', async () => {
    fake.ack = async () => ({ code: ErrorCode.Internal, data: null, message: 'boom' });
    await expect(deliverMessage(input)).rejects.toMatchObject({ code: ErrorCode.Internal, status: 500 });
    expect(fake.httpCalls).toEqual([]);
  });
});

describe('HTTP message/send carries it otherwise, with the same clientMsgId', () => {
  it('no socket connected', async () => {
    fake.connected = false;
    expect(await deliverMessage(input)).toMatchObject({ seq: 8, clientMsgId: 'c-1' });
    expect(fake.emits).toEqual([]);
    expect(fake.httpCalls).toEqual([input]);
  });

  it('no acknowledgement in time (a dropped or stalled socket)', async () => {
    fake.ack = () => Promise.reject(new Error('operation has timed out'));
    expect(await deliverMessage(input)).toMatchObject({ seq: 8 });
    expect(fake.emits).toHaveLength(1);
    expect(fake.httpCalls).toEqual([input]);
  });

  it("the socket's session refused: HTTP refreshes or logs out as for any call", async () => {
    fake.ack = async () => ({ code: ErrorCode.Unauthorized, data: null, message: 'ended' });
    expect(await deliverMessage(input)).toMatchObject({ seq: 8 });
    expect(fake.httpCalls).toEqual([input]);
  });

  it('an acknowledgement that is not a stored message', async () => {
    fake.ack = async () => ({ code: ErrorCode.Success, data: { id: 'x' }, message: 'success' });
    expect(await deliverMessage(input)).toMatchObject({ seq: 8 });
    expect(fake.httpCalls).toEqual([input]);
  });
});
