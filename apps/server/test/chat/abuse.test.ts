import { ErrorCode, messageApi } from '@chatpay/shared';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { useTestApp } from '../helpers/app.ts';
import { createFriendPair, createUser, sendText, type TestUser } from '../helpers/factories.ts';

/** Bad input and abuse: each answers a clear error. */
const t = useTestApp({
  PUBLIC_URL: 'https://chat.example.com',
  CHAT_SEND_RATE_LIMIT: '5',
  CHAT_SEND_RATE_WINDOW_SECONDS: '30',
});

let n = 0;
const send = (user: TestUser, sessionId: number, contentType: string, content: unknown) =>
  t.call(
    messageApi.send,
    {
      sessionId,
      clientMsgId: `abuse-${++n}`,
      contentType: contentType as 'text',
      content: content as { text: string },
    },
    user.token,
  );

describe('sending where you do not belong', () => {
  it('a session you are not in, or that does not exist: "Session does not exist"', async () => {
    const { sessionId } = await createFriendPair(t);
    const stranger = await createUser(t);
    for (const id of [sessionId, 999_999]) {
      const res = await send(stranger, id, 'text', { text: 'let me in' });
      expect(res).toMatchObject({
        status: 200,
        code: ErrorCode.SessionNotFound,
        message: 'Session does not exist',
      });
    }
    const history = await t.call(messageApi.page, { sessionId, afterSeq: 0 }, stranger.token);
    expect(history.code).toBe(ErrorCode.SessionNotFound);
  });

  it('a forged senderId in the body is ignored: the sender is always the caller', async () => {
    const { a, b, sessionId } = await createFriendPair(t);
    const res = await t.call(
      messageApi.send,
      {
        sessionId,
        clientMsgId: 'forged-1',
        contentType: 'text',
        content: { text: 'I am b' },
        senderId: b.id,
      } as never,
      a.token,
    );
    expect(res.code).toBe(1000);
    const page = await t.ok(messageApi.page, { sessionId }, b.token);
    const stored = page.list.find((m) => m.clientMsgId === 'forged-1');
    expect(stored!.senderId).toBe(a.id);
  });

  it('notices come from the server only', async () => {
    const { a, sessionId } = await createFriendPair(t);
    const res = await send(a, sessionId, 'notice', { type: 'friendConfirm', text: 'fake' });
    expect(res).toMatchObject({
      code: ErrorCode.NoticeNotAllowed,
      message: 'Notices are sent by the system only',
    });
    expect((await send(a, sessionId, 'transfer', { op: 'add' })).code).toBe(ErrorCode.Validation);
  });
});

describe('malformed and oversized content', () => {
  it('refuses content that is not a JSON object, or breaks the rules of its type', async () => {
    const { a, sessionId } = await createFriendPair(t);
    for (const content of ['{"text": "unterminated', '[1,2]', '"just a string"', 'null']) {
      expect((await send(a, sessionId, 'text', content)).code, content).toBe(ErrorCode.MalformedContent);
    }
    const cases: [string, unknown][] = [
      ['text', { words: 'no text key' }],
      ['text', { text: 42 }],
      ['image', { width: 10 }],
      ['image', { url: 'javascript:alert(1)' }],
      ['file', { url: '/uploads/x/f.pdf', size: 10 }],
      ['voice', { url: '/uploads/x/v.webm' }],
    ];
    for (const [type, content] of cases) {
      const res = await send(a, sessionId, type, content);
      expect(res.code, JSON.stringify(content)).toBe(ErrorCode.MalformedContent);
      expect(res.message).toMatch(/^The message content is malformed: content/);
    }
    expect((await send(a, sessionId, 'text', { text: '   ' })).code).toBe(ErrorCode.ContentEmpty);
    const badId = await t.call(
      messageApi.send,
      { sessionId, clientMsgId: 'has spaces <script>', contentType: 'text', content: { text: 'x' } },
      a.token,
    );
    expect(badId.code).toBe(ErrorCode.Validation);
  });

  it('media must be our uploads (or under PUBLIC_URL)', async () => {
    const { a, sessionId } = await createFriendPair(t);
    for (const url of [
      'https://evil.example/x.jpg',
      '/uploads/../data/pglite',
      'http://chat.example.com.evil/uploads/a.jpg',
    ]) {
      expect((await send(a, sessionId, 'image', { url })).code, url).toBe(ErrorCode.InvalidMediaUrl);
    }
    expect(
      (await send(a, sessionId, 'image', { url: 'https://chat.example.com/uploads/d/a.jpg' })).code,
    ).toBe(1000);
    expect(
      (await send(a, sessionId, 'video', { url: '/uploads/d/v.mp4', poster: 'https://evil.example/p.jpg' }))
        .code,
    ).toBe(ErrorCode.InvalidMediaUrl);
  });

  it('voice shorter than 1 s: "Too short"', async () => {
    const { b, sessionId } = await createFriendPair(t);
    const res = await send(b, sessionId, 'voice', { url: '/uploads/d/v.webm', duration: 0.6 });
    expect(res).toMatchObject({ code: ErrorCode.TooShort, message: 'Too short' });
  });

  it('huge messages: over 4,000 characters of text, 16 KB of content, or 1 MB of body', async () => {
    const { a, sessionId } = await createFriendPair(t);
    const long = await send(a, sessionId, 'text', { text: 'x'.repeat(4001) });
    expect(long).toMatchObject({
      code: ErrorCode.MessageTooLong,
      message: 'The message is too long (4,000 characters at most)',
    });
    expect((await send(a, sessionId, 'text', { text: 'x'.repeat(4000) })).code).toBe(1000);
    const padded = await send(a, sessionId, 'file', {
      url: '/uploads/d/f.pdf',
      name: 'f.pdf',
      size: 1,
      pad: 'y'.repeat(17_000),
    });
    expect(padded).toMatchObject({
      code: ErrorCode.ContentTooLarge,
      message: 'The message content is too large (16 KB at most)',
    });
    const body = await send(a, sessionId, 'text', { text: 'z', pad: 'p'.repeat(1_100_000) });
    expect(body).toMatchObject({ code: ErrorCode.Validation, message: 'The request body is too large' });
  });
});

describe('flooding', () => {
  it('limits sends per user with a clear error; retries of stored messages still answer; others unaffected', async () => {
    const { a, b, sessionId } = await createFriendPair(t);
    const sent = [];
    for (let i = 0; i < 5; i++) sent.push(await sendText(t, a, sessionId, `burst ${i}`, `flood-${i}`));
    const res = await send(a, sessionId, 'text', { text: 'one too many' });
    expect(res).toMatchObject({
      status: 200,
      code: ErrorCode.SendTooFast,
      message: 'You are sending messages too fast, please wait a moment',
    });
    expect(z.object({ retryAfter: z.number() }).parse(res.data).retryAfter).toBeGreaterThan(0);
    // A retry of a message that was stored is answered, not limited.
    expect(await sendText(t, a, sessionId, 'burst 4', 'flood-4')).toEqual(sent[4]);
    // The limit is per user.
    expect((await send(b, sessionId, 'text', { text: 'I can still talk' })).code).toBe(1000);
  });

  it('retries of a stored message do not use up the limit', async () => {
    const { a, sessionId } = await createFriendPair(t);
    for (let i = 0; i < 4; i++) await sendText(t, a, sessionId, `burst ${i}`, `spared-${i}`);
    for (let i = 0; i < 3; i++) await sendText(t, a, sessionId, 'burst 3', 'spared-3');
    // Four stored of five allowed: the retries took none, so one more new message goes through.
    expect((await send(a, sessionId, 'text', { text: 'the fifth' })).code).toBe(1000);
    expect((await send(a, sessionId, 'text', { text: 'the sixth' })).code).toBe(ErrorCode.SendTooFast);
  });
});
