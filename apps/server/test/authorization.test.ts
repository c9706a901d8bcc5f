import type { Endpoint, GroupInfo, Moment } from '@chatpay/shared';
import * as shared from '@chatpay/shared';
import {
  addressBookApi,
  adminAdjustApi,
  adminC2cApi,
  adminChainApi,
  adminComplainApi,
  adminContentApi,
  adminFeedbackApi,
  adminGoodsApi,
  adminKycApi,
  adminMemberApi,
  adminSecurityApi,
  adminServiceApi,
  advertisingApi,
  appComplainApi,
  appFeedbackApi,
  bankApi,
  chatTransferApi,
  consoleApi,
  friendApi,
  groupApi,
  kycApi,
  messageApi,
  momentsApi,
  payDeskApi,
  redPacketApi,
  securityApi,
  sessionApi,
  successData,
  transactionApi,
  trustApi,
  userApi,
  walletApi,
} from '@chatpay/shared';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { withdrawalAddresses } from '../src/db/schema/index.ts';
import { addBank, bankForm, createAd, createMerchant, pay, startOrder } from './c2c/factories.ts';
import { useTestApp } from './helpers/app.ts';
import {
  createGroup,
  createUser,
  credit,
  makeFriends,
  sendText,
  setPin,
  TEST_PIN,
  type TestUser,
  verify,
} from './helpers/factories.ts';
import { enrolPasskey } from './helpers/factors.ts';
import { uploadPicture } from './helpers/media.ts';

/** A small picture of its own for each `n` (the identity documents). */
const picture = (n: number) =>
  sharp({ create: { width: 32, height: 24, channels: 3, background: { r: n * 40, g: 80, b: 120 } } })
    .png()
    .toBuffer();

/**
 * Authorization: for every endpoint that takes the id of something a member owns or belongs to, a
 * second member's token is tried against the first member's objects. Every attempt must be refused, answer
 * nothing of the object (the victim's marker text never appears in an answer), and change nothing.
 *
 * The completeness check below fails when an endpoint with an id field is added without a probe here (or a
 * reason in `notOwned`), so new modules cannot skip this test.
 */
const ID_KEYS = [
  'id',
  'ids',
  'sessionId',
  'sessionIds',
  'groupId',
  'orderId',
  'orderNo',
  'packetId',
  'adId',
  'bankId',
  'sid',
  'targetId',
];

/** Endpoints whose id is not something a member owns, with the reason. */
const notOwned: Record<string, string> = {
  'advertisingApi.detail': 'an active ad is public: the market lists it to everyone',
  'transactionApi.quote': 'quoting an order on a public ad is what every taker does',
  'transactionApi.start': 'starting an order on a public ad is what every taker does',
  'merchantOpenApi.orderInfo':
    'signed with a merchant key, not a member token; test/c2c/merchant-api.test.ts refuses another merchant’s order',
  'merchantPayApi.info':
    'signed with a merchant key, not a member token; test/paydesk/checkout.test.ts refuses another merchant’s order',
  'reservesApi.tree':
    'a proof-of-reserves snapshot is public, and its tree holds no identities (docs/design/reserves.md)',
  'reservesApi.proof':
    'the id names a public snapshot; the leaf answered is always the caller’s own (test/reserves/reserves.test.ts)',
  'merchantPayApi.refund':
    'signed with a merchant key, not a member token; test/paydesk/checkout.test.ts refuses another merchant’s order',
};

const MARK = 'victim-secret-7f3a';

interface World {
  victim: TestUser;
  friend: TestUser;
  stranger: TestUser;
  attacker: TestUser;
  attackerSession: number;
  victimSession: number;
  victimMessageId: number;
  group: GroupInfo;
  moment: Moment;
  commentId: number;
  complaintId: number;
  feedbackId: number;
  c2cOrderNo: string;
  requestId: number;
  packetId: number;
  orderNo: string;
  /** C2C: the victim is a merchant with a card and a sell ad; the friend's order on it is paid. */
  bankId: number;
  adId: number;
  c2cOrderId: number;
  attackerBankId: number;
  /** The victim's red packet in their wallet history. */
  walletEntryId: number;
  /** The victim's login session. */
  victimSid: string;
  /** A passkey of a member who has one (not the victim, whose password logins other tests use). */
  passkeyId: number;
  passkeyOwner: TestUser;
  /** An address in the victim's withdrawal address book (labelled with the marker). */
  savedAddressId: number;
  /** The victim's identity submission (its document number is the marker). */
  kycSubmissionId: number;
}

type Probe = { endpoint: Endpoint; input: (w: World) => unknown };
const probe = (endpoint: Endpoint, input: (w: World) => unknown): Probe => ({ endpoint, input });

/** Every probe, keyed `api.method`; several inputs per endpoint where the id can be given in several ways. */
const probes: Record<string, Probe[]> = {
  'userApi.endSession': [probe(userApi.endSession, (w) => ({ sid: w.victimSid }))],
  'messageApi.send': [
    probe(messageApi.send, (w) => ({
      sessionId: w.victimSession,
      clientMsgId: 'attack-1',
      contentType: 'text',
      content: { text: 'hi' },
    })),
  ],
  'messageApi.page': [probe(messageApi.page, (w) => ({ sessionId: w.victimSession }))],
  'messageApi.changes': [probe(messageApi.changes, (w) => ({ sessionId: w.victimSession }))],
  'messageApi.read': [probe(messageApi.read, (w) => ({ sessionId: w.victimSession, seq: 1 }))],
  'messageApi.remove': [probe(messageApi.remove, (w) => ({ ids: [w.victimMessageId] }))],
  'messageApi.recall': [probe(messageApi.recall, (w) => ({ id: w.victimMessageId }))],
  'messageApi.edit': [probe(messageApi.edit, (w) => ({ id: w.victimMessageId, text: 'edited by another' }))],
  'messageApi.react': [
    probe(messageApi.react, (w) => ({ id: w.victimMessageId, emoji: '👍', active: true })),
  ],
  'messageApi.clear': [probe(messageApi.clear, (w) => ({ sessionId: w.victimSession }))],
  'messageApi.transmit': [
    probe(messageApi.transmit, (w) => ({ ids: [w.victimMessageId], sessionIds: [w.attackerSession] })),
    probe(messageApi.transmit, (w) => ({ ids: [w.victimMessageId], sessionIds: [w.victimSession] })),
  ],
  'messageApi.callback': [probe(messageApi.callback, (w) => ({ id: w.victimMessageId }))],
  'messageApi.search': [
    probe(messageApi.search, (w) => ({ keyword: MARK, sessionId: w.victimSession })),
    probe(messageApi.search, (w) => ({ keyword: MARK, sessionId: w.group.sessionId })),
  ],
  'sessionApi.detail': [probe(sessionApi.detail, (w) => ({ id: w.victimSession }))],
  'sessionApi.info': [probe(sessionApi.info, (w) => ({ id: w.victimSession }))],
  'sessionApi.setChat': [
    probe(sessionApi.setChat, (w) => ({ id: w.victimSession, action: 'chat.delete' })),
    probe(sessionApi.setChat, (w) => ({ sessionId: w.group.sessionId, action: 'notify.off' })),
  ],
  'groupApi.info': [
    probe(groupApi.info, (w) => ({ groupId: w.group.groupId })),
    probe(groupApi.info, (w) => ({ sessionId: w.group.sessionId })),
  ],
  'groupApi.invite': [
    probe(groupApi.invite, (w) => ({ groupId: w.group.groupId, userIds: [w.stranger.id] })),
  ],
  'groupApi.remove': [probe(groupApi.remove, (w) => ({ groupId: w.group.groupId, userIds: [w.friend.id] }))],
  'groupApi.quit': [probe(groupApi.quit, (w) => ({ groupId: w.group.groupId }))],
  'groupApi.dissolve': [probe(groupApi.dissolve, (w) => ({ groupId: w.group.groupId }))],
  'groupApi.setManager': [
    probe(groupApi.setManager, (w) => ({ groupId: w.group.groupId, userId: w.friend.id })),
  ],
  'groupApi.unsetManager': [
    probe(groupApi.unsetManager, (w) => ({ groupId: w.group.groupId, userId: w.friend.id })),
  ],
  'groupApi.mute': [probe(groupApi.mute, (w) => ({ groupId: w.group.groupId, userId: w.friend.id }))],
  'groupApi.unmute': [probe(groupApi.unmute, (w) => ({ groupId: w.group.groupId, userId: w.friend.id }))],
  'groupApi.muteAll': [probe(groupApi.muteAll, (w) => ({ groupId: w.group.groupId, on: true }))],
  'groupApi.update': [probe(groupApi.update, (w) => ({ groupId: w.group.groupId, name: 'taken over' }))],
  'groupApi.transferOwner': [
    probe(groupApi.transferOwner, (w) => ({ groupId: w.group.groupId, userId: w.friend.id })),
  ],
  'groupApi.setNote': [probe(groupApi.setNote, (w) => ({ groupId: w.group.groupId, note: 'me' }))],
  'momentsApi.detail': [probe(momentsApi.detail, (w) => ({ id: w.moment.id }))],
  'momentsApi.delete': [probe(momentsApi.delete, (w) => ({ id: w.moment.id }))],
  'momentsApi.like': [probe(momentsApi.like, (w) => ({ id: w.moment.id }))],
  'momentsApi.unlike': [probe(momentsApi.unlike, (w) => ({ id: w.moment.id }))],
  'momentsApi.comment': [
    probe(momentsApi.comment, (w) => ({ id: w.moment.id, text: 'hello' })),
    probe(momentsApi.comment, (w) => ({ id: w.moment.id, text: 'hello', replyToId: w.commentId })),
  ],
  'momentsApi.deleteComment': [probe(momentsApi.deleteComment, (w) => ({ id: w.commentId }))],
  'appComplainApi.info': [probe(appComplainApi.info, (w) => ({ id: w.complaintId }))],
  // A complaint about something names only what the complainer can see; the answer names nothing of it.
  'appComplainApi.submit': [
    probe(appComplainApi.submit, (w) => ({
      type: 'fraud',
      text: 'x',
      targetKind: 'group',
      targetId: w.group.groupId,
    })),
    probe(appComplainApi.submit, (w) => ({
      type: 'fraud',
      text: 'x',
      targetKind: 'moment',
      targetId: w.moment.id,
    })),
    probe(appComplainApi.submit, (w) => ({
      type: 'fraud',
      text: 'x',
      targetKind: 'order',
      targetId: w.c2cOrderId,
    })),
  ],
  'appFeedbackApi.info': [probe(appFeedbackApi.info, (w) => ({ id: w.feedbackId }))],
  'adminComplainApi.reply': [probe(adminComplainApi.reply, (w) => ({ id: w.complaintId, reply: 'done' }))],
  'adminFeedbackApi.reply': [probe(adminFeedbackApi.reply, (w) => ({ id: w.feedbackId, reply: 'done' }))],
  'friendApi.confirmFriend': [probe(friendApi.confirmFriend, (w) => ({ id: w.requestId, agree: true }))],
  'chatTransferApi.send': [
    probe(chatTransferApi.send, (w) => ({
      sessionId: w.victimSession,
      amount: '1.00',
      pin: TEST_PIN,
      requestId: 'attack-transfer-1',
    })),
  ],
  'redPacketApi.send': [
    probe(redPacketApi.send, (w) => ({
      sessionId: w.group.sessionId,
      kind: 'lucky',
      count: 1,
      amount: '1.00',
      pin: TEST_PIN,
      requestId: 'attack-packet-1',
    })),
  ],
  'redPacketApi.claim': [probe(redPacketApi.claim, (w) => ({ id: w.packetId }))],
  'redPacketApi.detail': [probe(redPacketApi.detail, (w) => ({ id: w.packetId }))],
  'walletApi.detail': [probe(walletApi.detail, (w) => ({ id: w.walletEntryId }))],
  'securityApi.passkeyRename': [probe(securityApi.passkeyRename, (w) => ({ id: w.passkeyId, name: MARK }))],
  'securityApi.passkeyRemove': [probe(securityApi.passkeyRemove, (w) => ({ id: w.passkeyId }))],
  'addressBookApi.label': [probe(addressBookApi.label, (w) => ({ id: w.savedAddressId, label: 'Attacker' }))],
  'addressBookApi.remove': [probe(addressBookApi.remove, (w) => ({ id: w.savedAddressId }))],
  'payDeskApi.pay': [probe(payDeskApi.pay, (w) => ({ orderNo: w.orderNo, pin: TEST_PIN }))],
  'payDeskApi.info': [probe(payDeskApi.info, (w) => ({ orderNo: w.orderNo }))],
  'bankApi.info': [probe(bankApi.info, (w) => ({ id: w.bankId }))],
  'bankApi.delete': [probe(bankApi.delete, (w) => ({ id: w.bankId }))],
  'advertisingApi.info': [probe(advertisingApi.info, (w) => ({ id: w.adId }))],
  'advertisingApi.update': [
    probe(advertisingApi.update, (w) => ({
      id: w.adId,
      type: 'sell',
      paymentMethodId: w.attackerBankId,
      price: '1.00',
      quantity: '1',
      minLimit: '1.00',
      maxLimit: '7.00',
      timeLimit: 15,
    })),
  ],
  'advertisingApi.close': [probe(advertisingApi.close, (w) => ({ id: w.adId }))],
  'advertisingApi.uploadAd': [probe(advertisingApi.uploadAd, (w) => ({ id: w.adId }))],
  'advertisingApi.delete': [probe(advertisingApi.delete, (w) => ({ id: w.adId }))],
  // Each order call also takes the public order number as its id (docs/product.md#api): it is no key to a
  // stranger.
  'transactionApi.detail': [
    probe(transactionApi.detail, (w) => ({ id: w.c2cOrderId })),
    probe(transactionApi.detail, (w) => ({ id: w.c2cOrderNo })),
  ],
  'transactionApi.payment': [
    probe(transactionApi.payment, (w) => ({ id: w.c2cOrderId })),
    probe(transactionApi.payment, (w) => ({ id: w.c2cOrderNo })),
  ],
  'transactionApi.completed': [
    probe(transactionApi.completed, (w) => ({ id: w.c2cOrderId, pin: TEST_PIN })),
    probe(transactionApi.completed, (w) => ({ id: w.c2cOrderNo, pin: TEST_PIN })),
  ],
  'transactionApi.canceled': [
    probe(transactionApi.canceled, (w) => ({ id: w.c2cOrderId })),
    probe(transactionApi.canceled, (w) => ({ id: w.c2cOrderNo })),
  ],
  'transactionApi.appealing': [
    probe(transactionApi.appealing, (w) => ({ id: w.c2cOrderId, reason: 'mine now', proof: [] })),
    probe(transactionApi.appealing, (w) => ({ id: w.c2cOrderNo, reason: 'mine now', proof: [] })),
  ],
  'transactionApi.uploadFiles': [
    probe(transactionApi.uploadFiles, (w) => ({ id: w.c2cOrderId, urls: ['/uploads/proof.png'] })),
  ],
  'trustApi.feedback': [
    probe(trustApi.feedback, (w) => ({ id: w.c2cOrderId, positive: false, comment: 'not mine' })),
    probe(trustApi.feedback, (w) => ({ id: w.c2cOrderNo, positive: false, comment: 'not mine' })),
  ],
  'adminC2cApi.appealInfo': [probe(adminC2cApi.appealInfo, (w) => ({ id: w.c2cOrderId }))],
  'adminC2cApi.appealMessages': [probe(adminC2cApi.appealMessages, (w) => ({ id: w.c2cOrderId }))],
  'adminC2cApi.appealMessageVersions': [
    probe(adminC2cApi.appealMessageVersions, (w) => ({ id: w.c2cOrderId, messageId: w.victimMessageId })),
  ],
  'adminC2cApi.appealMessage': [probe(adminC2cApi.appealMessage, (w) => ({ id: w.c2cOrderId, text: 'hi' }))],
  'adminC2cApi.appealResolve': [
    probe(adminC2cApi.appealResolve, (w) => ({ id: w.c2cOrderId, result: 'completed', note: 'mine' })),
  ],
  // Support's review of withdrawals (docs/design/chain.md): a member may not approve or reject anyone's, their own
  // included (no chain runs here, so the ids are of withdrawals that do not exist: the permission answers first).
  'adminChainApi.approve': [probe(adminChainApi.approve, () => ({ id: 1 }))],
  'adminChainApi.reject': [probe(adminChainApi.reject, () => ({ id: 1, reason: 'no' }))],
  // The console: a member may read no member's file and decide no adjustment request, their own
  // included; test/console/console.test.ts refuses every console call for a member and admin-only ones for support.
  'adminMemberApi.info': [probe(adminMemberApi.info, (w) => ({ id: w.victim.id }))],
  // The dictionary editor is admin-only: a member may change or delete no entry.
  'adminContentApi.dictUpdate': [
    probe(adminContentApi.dictUpdate, () => ({ id: 1, name: 'hacked', value: 'hacked', orderNum: 1 })),
  ],
  'adminContentApi.dictDelete': [probe(adminContentApi.dictDelete, () => ({ ids: [1] }))],
  // The goods editor is admin-only: a member may change, price or take off sale no good.
  'adminGoodsApi.update': [
    probe(adminGoodsApi.update, () => ({
      id: 1,
      name: 'hacked',
      price: '0.01',
      grant: { kind: 'vip', days: 3650 },
    })),
  ],
  'adminGoodsApi.active': [probe(adminGoodsApi.active, () => ({ id: 1, active: false }))],
  'adminMemberApi.ledger': [probe(adminMemberApi.ledger, (w) => ({ userId: w.victim.id }))],
  'adminMemberApi.orders': [probe(adminMemberApi.orders, (w) => ({ userId: w.victim.id }))],
  'adminMemberApi.sessions': [probe(adminMemberApi.sessions, (w) => ({ id: w.victim.id }))],
  'adminChainApi.withdrawalPage': [probe(adminChainApi.withdrawalPage, (w) => ({ userId: w.victim.id }))],
  'adminAdjustApi.approve': [probe(adminAdjustApi.approve, () => ({ id: 1 }))],
  // The customer-service inbox (staff only): a member may read or answer no conversation through it.
  'adminServiceApi.messages': [probe(adminServiceApi.messages, (w) => ({ sessionId: w.victimSession }))],
  'adminServiceApi.read': [probe(adminServiceApi.read, (w) => ({ sessionId: w.victimSession }))],
  'adminServiceApi.send': [
    probe(adminServiceApi.send, (w) => ({
      sessionId: w.victimSession,
      clientMsgId: 'attack-cs-1',
      contentType: 'text',
      content: { text: 'hi' },
    })),
  ],
  'adminAdjustApi.reject': [probe(adminAdjustApi.reject, () => ({ id: 1, note: 'no' }))],
  'consoleApi.staffRequestApprove': [probe(consoleApi.staffRequestApprove, () => ({ id: 1 }))],
  'consoleApi.staffRequestReject': [probe(consoleApi.staffRequestReject, () => ({ id: 1, note: 'no' }))],
  'adminSecurityApi.resetRequestApprove': [probe(adminSecurityApi.resetRequestApprove, () => ({ id: 1 }))],
  // Identity review (docs/design/identity.md): a member may read or decide no submission, their own included.
  'adminKycApi.info': [probe(adminKycApi.info, (w) => ({ id: w.kycSubmissionId }))],
  'adminKycApi.review': [
    probe(adminKycApi.review, (w) => ({ id: w.kycSubmissionId, approve: true })),
    probe(adminKycApi.review, (w) => ({ id: w.kycSubmissionId, approve: false, reasonCode: 'other' })),
  ],
  'adminSecurityApi.resetRequestReject': [
    probe(adminSecurityApi.resetRequestReject, () => ({ id: 1, note: 'no' })),
  ],
};

const inputKeys = (e: Endpoint): string[] => {
  const input = e.input as { shape?: Record<string, unknown> };
  return input.shape ? Object.keys(input.shape) : [];
};

/** Every endpoint of the contract whose input carries an id of something. */
const endpointsWithIds = Object.entries(shared)
  .filter(([name]) => name.endsWith('Api'))
  .flatMap(([api, value]) =>
    Object.entries(value as Record<string, Endpoint>).map(([method, e]) => [`${api}.${method}`, e] as const),
  )
  .filter(([, e]) => inputKeys(e).some((k) => ID_KEYS.includes(k)));

const t = useTestApp();
let w: World;
let c2c: { merchant: TestUser; buyer: TestUser };

beforeAll(async () => {
  const [victim, friend, other, stranger, attacker, attackerFriend] = await Promise.all(
    ['Victim', 'Friend', 'Other', 'Stranger', 'Attacker', 'Buddy'].map((nickName) =>
      createUser(t, { nickName }),
    ),
  );
  const victimSession = await makeFriends(t, victim!, friend!);
  const attackerSession = await makeFriends(t, attacker!, attackerFriend!);
  const sent = await sendText(t, victim!, victimSession, `${MARK} in a single chat`);
  const group = await createGroup(t, victim!, [friend!, other!], `${MARK} group`);
  await sendText(t, friend!, group.sessionId, `${MARK} in the group`);
  const posted = await t.ok(momentsApi.post, { text: `${MARK} moment` }, victim!.token);
  const commented = await t.ok(momentsApi.comment, { id: posted.id, text: `${MARK} comment` }, friend!.token);
  const comments = commented.comments;
  const complaint = await t.ok(
    appComplainApi.submit,
    { type: 'fraud', text: `${MARK} complaint` },
    victim!.token,
  );
  const feedback = await t.ok(
    appFeedbackApi.submit,
    { type: 'bug', text: `${MARK} feedback` },
    victim!.token,
  );
  const request = await t.ok(friendApi.addFriend, { userId: stranger!.id, message: MARK }, victim!.token);
  // Money: both have a PIN and a balance, so only the ownership check can refuse the attacker.
  for (const u of [victim!, attacker!]) {
    await setPin(t, u);
    await credit(t, u, '100.00');
  }
  const packet = await t.ok(
    redPacketApi.send,
    {
      sessionId: group.sessionId,
      kind: 'lucky',
      count: 2,
      amount: '2.00',
      greeting: MARK.slice(0, 20),
      pin: TEST_PIN,
      requestId: 'victim-packet-1',
    },
    victim!.token,
  );
  const [packetEntry] = (await t.ok(walletApi.page, { page: 1, size: 1 }, victim!.token)).list;
  const order = await t.ok(payDeskApi.create, { goodsId: 1, requestId: 'victim-order-1' }, victim!.token);
  // C2C: the victim sells through an ad on a card; the friend's order on it is marked paid.
  const merchant = await createMerchant(t);
  const bank = await addBank(t, merchant, bankForm({ bankName: MARK }));
  const ad = await createAd(t, merchant, { paymentMethodId: bank.id });
  const buyer = await createUser(t, { level: 1 });
  await setPin(t, buyer);
  const c2cOrder = await startOrder(t, buyer, ad.id);
  await pay(t, buyer, c2cOrder.orderId);
  await verify(t, attacker!, 1, 'Attacker');
  const attackerMerchant = await t.call(
    bankApi.add,
    bankForm({ name: 'Attacker', bankName: 'Own bank' }),
    attacker!.token,
  );
  const identity = await t.ok(
    kycApi.submit,
    {
      level: 1,
      realName: 'Victim Person',
      idNumber: MARK,
      country: 'CN',
      documentUrl: await uploadPicture(t, await picture(1), victim!.token),
      selfieUrl: await uploadPicture(t, await picture(2), victim!.token),
    },
    victim!.token,
  );
  const passkeyOwner = await createUser(t);
  await enrolPasskey(t, passkeyOwner, MARK);
  const [passkey] = (await t.ok(securityApi.status, {}, passkeyOwner.token)).passkeys;
  // No chain runs here: the victim's saved address is written as the address book would write it.
  const [saved] = await t.database.db
    .insert(withdrawalAddresses)
    .values({
      userId: victim!.id,
      network: 'ERC20',
      address: '0x00000000000000000000000000000000000000aa',
      addressKey: '0x00000000000000000000000000000000000000aa',
      label: MARK.slice(0, 30),
      usableFrom: new Date(),
      createTime: new Date(),
    })
    .returning();
  w = {
    passkeyId: passkey!.id,
    passkeyOwner,
    victim: victim!,
    friend: friend!,
    stranger: stranger!,
    attacker: attacker!,
    attackerSession,
    victimSession,
    victimMessageId: sent.id,
    group,
    moment: posted,
    commentId: comments[comments.length - 1]!.id,
    complaintId: complaint.id,
    feedbackId: feedback.id,
    requestId: request.id,
    packetId: packet.packet.id,
    orderNo: order.orderNo,
    bankId: bank.id,
    adId: ad.id,
    c2cOrderId: c2cOrder.orderId,
    c2cOrderNo: c2cOrder.orderNo,
    attackerBankId: attackerMerchant.code === 1000 ? successData(bankApi.add, attackerMerchant).id : bank.id,
    walletEntryId: packetEntry!.id,
    victimSid: (await t.tokens.verify(victim!.token)).sid,
    savedAddressId: saved!.id,
    kycSubmissionId: identity.submission!.id,
  };
  c2c = { merchant, buyer };
});

describe('a member cannot read or lift another member’s block list', () => {
  it('blockList answers only mine and unblock touches only my own row', async () => {
    const [blocker, blocked, attacker] = await Promise.all(
      ['Blocker', 'Blocked', 'Meddler'].map((nickName) => createUser(t, { nickName })),
    );
    await t.ok(friendApi.block, { userId: blocked!.id }, blocker!.token);
    expect(await t.ok(friendApi.blockList, {}, attacker!.token)).toEqual([]);
    await t.ok(friendApi.unblock, { userId: blocked!.id }, attacker!.token);
    await t.ok(friendApi.unblock, { userId: blocker!.id }, blocked!.token);
    const list = await t.ok(friendApi.blockList, {}, blocker!.token);
    expect(list.map((b) => b.userId)).toEqual([blocked!.id]);
  });
});

describe('a member cannot reach another member’s objects', () => {
  it('every endpoint that takes an id has a probe here', () => {
    const missing = endpointsWithIds.map(([name]) => name).filter((name) => !probes[name] && !notOwned[name]);
    expect(missing).toEqual([]);
  });

  it.each(Object.keys(probes))('%s refuses a stranger and leaks nothing', async (name) => {
    for (const { endpoint, input } of probes[name]!) {
      const res = await t.call(endpoint, input(w) as never, w.attacker.token);
      expect(res.code, `${name} answered ${res.code} ${res.message}`).not.toBe(1000);
      expect(JSON.stringify(res)).not.toContain(MARK);
    }
  });

  it('searching all my chats or names finds nothing of the victim’s', async () => {
    const hits = await t.ok(messageApi.search, { keyword: MARK }, w.attacker.token);
    expect(hits).toEqual({ list: [], nextCursor: null });
    const names = await t.ok(sessionApi.search, { keyword: MARK }, w.attacker.token);
    expect(names).toEqual({ contacts: [], sessions: [] });
    // The victim finds their own, so the searches above were not empty by accident.
    expect((await t.ok(messageApi.search, { keyword: MARK }, w.victim.token)).list.length).toBeGreaterThan(0);
  });

  it('the victim’s objects are unchanged after every attempt', async () => {
    await t.ok(userApi.person, {}, w.victim.token);
    const info = await t.ok(groupApi.info, { groupId: w.group.groupId }, w.victim.token);
    expect(info.name).toBe(w.group.name);
    expect(info.members.map((m) => [m.userId, m.role, m.isMuted]).sort()).toEqual(
      w.group.members.map((m) => [m.userId, m.role, m.isMuted]).sort(),
    );
    const moment = await t.ok(momentsApi.detail, { id: w.moment.id }, w.victim.token);
    expect(moment.likes).toEqual([]);
    expect(moment.comments.map((c) => c.id)).toEqual([w.commentId]);
    const { list } = await t.ok(messageApi.page, { sessionId: w.victimSession }, w.victim.token);
    expect(list.find((m) => m.id === w.victimMessageId)).toMatchObject({ recalled: false });
    const mine = await t.call(messageApi.page, { sessionId: w.attackerSession }, w.attacker.token);
    expect(JSON.stringify(mine.data)).not.toContain(MARK);
    const complaint = await t.call(appComplainApi.info, { id: w.complaintId }, w.victim.token);
    expect(complaint.data).toMatchObject({ status: 'pending', reply: '' });
    const packet = await t.call(redPacketApi.detail, { id: w.packetId }, w.victim.token);
    expect(packet.data).toMatchObject({ claimedCount: 0, status: 'open' });
    const order = await t.call(payDeskApi.info, { orderNo: w.orderNo }, w.victim.token);
    expect(order.data).toMatchObject({ status: 'unpaid' });
    expect((await t.ok(kycApi.status, {}, w.victim.token)).submission).toMatchObject({ status: 'pending' });
    const c2cOrder = await t.call(transactionApi.detail, { id: w.c2cOrderId }, c2c.buyer.token);
    expect(c2cOrder.data).toMatchObject({ status: 'payment', buyerFeedback: null, sellerFeedback: null });
    const ad = await t.call(advertisingApi.info, { id: w.adId }, c2c.merchant.token);
    expect(ad.data).toMatchObject({ status: 1 });
    expect((await t.call(bankApi.info, { id: w.bankId }, c2c.merchant.token)).code).toBe(1000);
    const book = await t.ok(addressBookApi.list, {}, w.victim.token);
    expect(book.list.map((a) => [a.id, a.label])).toEqual([[w.savedAddressId, MARK.slice(0, 30)]]);
    const requests = await t.call(friendApi.requestList, {}, w.stranger.token);
    expect(requests.data).toEqual(
      expect.arrayContaining([expect.objectContaining({ id: w.requestId, status: 'pending' })]),
    );
  });
});
