import {
  adminComplainApi,
  adminFeedbackApi,
  appComplainApi,
  appFeedbackApi,
  consoleApi,
  ErrorCode,
  messageApi,
  sessionApi,
  userApi,
} from '@chatpay/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../helpers/app.ts';
import { adminToken, createUser } from '../helpers/factories.ts';

let supportToken: string;
const t = useTestApp({ SUPPORT_PASSWORD: 'support-pass-1' });
beforeAll(async () => {
  ({ token: supportToken } = await t.ok(userApi.loginByName, {
    username: 'support',
    password: 'support-pass-1',
  }));
});

describe.each([
  ['complain', appComplainApi, adminComplainApi, 'fraud'],
  ['feedback', appFeedbackApi, adminFeedbackApi, 'bug'],
] as const)('%s', (kind, api, admin, type) => {
  it('submit, page (mine, newest first) and info with the support reply and status', async () => {
    const me = await createUser(t);
    const other = await createUser(t);
    const first = await t.ok(
      api.submit,
      {
        type,
        text: 'Something went wrong',
        images: ['/uploads/p1.png', '/uploads/p2.png'],
        contact: 'me@example.com',
        ...(kind === 'complain' ? { targetUserId: other.id } : {}),
      } as never,
      me.token,
    );
    expect(first).toMatchObject({
      type,
      text: 'Something went wrong',
      images: ['/uploads/p1.png', '/uploads/p2.png'],
      contact: 'me@example.com',
      targetUserId: kind === 'complain' ? other.id : null,
      status: 'pending',
      reply: '',
      replyTime: null,
    });
    const second = await t.ok(api.submit, { type: 'other', text: 'Second' }, me.token);
    await t.ok(api.submit, { type: 'other', text: 'Not mine' }, other.token);
    const page = await t.ok(api.page, { page: 1, size: 10 }, me.token);
    expect(page.list.map((x) => x.id)).toEqual([second.id, first.id]);
    expect(page.pagination.total).toBe(2);

    // Support answers: the member sees the reply and the status.
    const replied = await t.ok(
      admin.reply,
      { id: first.id, reply: 'We are looking into it', status: 'processing' },
      supportToken,
    );
    expect(replied).toMatchObject({ userId: me.id, status: 'processing', reply: 'We are looking into it' });
    const info = await t.ok(api.info, { id: first.id }, me.token);
    expect(info).toMatchObject({ status: 'processing', reply: 'We are looking into it' });
    expect(Date.parse(info.replyTime!)).not.toBeNaN();
    // The member is told in their customer-service chat, and the answer is audited.
    const service = await t.ok(sessionApi.checkService, {}, me.token);
    const { list: notices } = await t.ok(messageApi.page, { sessionId: service.id }, me.token);
    expect(notices.map((m) => m.content)).toContainEqual(
      expect.objectContaining({ type: 'ticket.replied', kind, id: first.id }),
    );
    const audit = await t.ok(
      consoleApi.auditPage,
      { targetUserId: me.id, action: `app:${kind}:reply` },
      await adminToken(t),
    );
    expect(audit.list.map((a) => a.reason)).toEqual([`#${first.id} processing: We are looking into it`]);
    const pending = await t.ok(api.page, { page: 1, size: 10, status: 'pending' }, me.token);
    expect(pending.list.map((x) => x.id)).toEqual([second.id]);

    // Support sees everyone's, filtered by member.
    const all = await t.ok(admin.page, { page: 1, size: 50, userId: me.id }, supportToken);
    expect(all.list.map((x) => x.id)).toEqual([second.id, first.id]);
  });

  it("someone else's is not found; the other kind's id is not found either", async () => {
    const me = await createUser(t);
    const other = await createUser(t);
    const mine = await t.ok(api.submit, { type, text: 'Mine' }, me.token);
    expect((await t.call(api.info, { id: mine.id }, other.token)).code).toBe(ErrorCode.TicketNotFound);
    const otherApi = kind === 'complain' ? appFeedbackApi : appComplainApi;
    expect((await t.call(otherApi.info, { id: mine.id }, me.token)).code).toBe(ErrorCode.TicketNotFound);
    expect((await t.call(api.info, { id: 999_999 }, me.token)).code).toBe(ErrorCode.TicketNotFound);
  });

  it('checks the type against the dictionary, the images (6 at most, our uploads) and the text', async () => {
    const me = await createUser(t);
    expect((await t.call(api.submit, { type: 'nope', text: 'x' }, me.token)).code).toBe(
      ErrorCode.InvalidTicketType,
    );
    const seven = Array.from({ length: 7 }, (_, i) => `/uploads/${i}.png`);
    expect((await t.call(api.submit, { type, text: 'x', images: seven }, me.token)).code).toBe(
      ErrorCode.Validation,
    );
    expect(
      (await t.call(api.submit, { type, text: 'x', images: ['https://evil.example/a.png'] }, me.token)).code,
    ).toBe(ErrorCode.InvalidMediaUrl);
    expect((await t.call(api.submit, { type, text: '  ' }, me.token)).code).toBe(ErrorCode.Validation);
    expect((await t.call(api.submit, { type, text: 'x' })).status).toBe(401);
  });

  it('only support (or admin) lists all and replies; members get Forbidden', async () => {
    const me = await createUser(t);
    const mine = await t.ok(api.submit, { type, text: 'Help' }, me.token);
    expect((await t.call(admin.page, { page: 1, size: 10 }, me.token)).code).toBe(ErrorCode.Forbidden);
    expect(
      (await t.call(admin.reply, { id: mine.id, reply: 'hacked', status: 'resolved' }, me.token)).code,
    ).toBe(ErrorCode.Forbidden);
    expect((await t.ok(api.info, { id: mine.id }, me.token)).status).toBe('pending');
    expect(
      (await t.call(admin.reply, { id: 999_999, reply: 'x', status: 'resolved' }, supportToken)).code,
    ).toBe(ErrorCode.TicketNotFound);
  });
});
