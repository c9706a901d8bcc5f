/**
 * The load generator of bench:chat, in its own process: connects every member's socket, then
 *  1. 1:1 chat: random friend pairs send at RATE messages/s for SECONDS through the real send path
 *     (HTTP POST message/send; in echo mode a socket emit), measuring send-to-deliver latency at the
 *     recipient's socket;
 *  2. group: GROUP_MESSAGES messages from random members of the big group, every recipient's latency.
 * Prints one JSON line with the figures.
 */

import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import { messageApi } from '@chatpay/shared';
import { io, type Socket } from 'socket.io-client';
import { httpClient } from '../test-support/http.ts';
import { sleep } from '../test-support/wait.ts';
import { percentiles } from './lib.ts';

interface Plan {
  mode: 'chat' | 'echo';
  /** How chat mode sends: HTTP POST message/send (default) or the socket's `sendMessage` with ack. */
  via?: 'http' | 'socket';
  url: string;
  members: { id: number; token: string }[];
  pairs: { sessionId: number; a: number; b: number }[];
  group: { sessionId: number; memberIds: number[] };
  rate: number;
  seconds: number;
  groupMessages: number;
}

const plan = JSON.parse(fs.readFileSync(process.argv[2]!, 'utf8')) as Plan;
const tokenOf = new Map(plan.members.map((m) => [m.id, m.token]));
const api = httpClient(plan.url);
const sentAt = new Map<string, number>();
const oneToOne: number[] = [];
const groupLatency: number[] = [];
let groupDeliveries = 0;
let delivered = 0;
/** When the last 1:1 message arrived: delivered/s is measured up to it, not up to the end of sending. */
let lastDeliveryAt = 0;

const connect = (member: { id: number; token: string }) =>
  new Promise<Socket>((resolve, reject) => {
    const socket = io(`${plan.url}/chat`, {
      auth: plan.mode === 'chat' ? { token: member.token } : { id: member.id },
      transports: ['websocket'],
      reconnection: false,
      timeout: 60_000,
    });
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', reject);
    socket.on('message', (m: { clientMsgId: string; senderId: number }) => {
      if (m.senderId === member.id) return;
      const t0 = sentAt.get(m.clientMsgId);
      if (t0 === undefined) return;
      const ms = performance.now() - t0;
      if (m.clientMsgId.startsWith('g-')) {
        groupLatency.push(ms);
        groupDeliveries++;
      } else {
        oneToOne.push(ms);
        delivered++;
        lastDeliveryAt = performance.now();
      }
    });
  });

const sockets = new Map<number, Socket>();
const connectStarted = performance.now();
let connectErrors = 0;
for (let i = 0; i < plan.members.length; i += 200) {
  const batch = plan.members.slice(i, i + 200);
  const results = await Promise.allSettled(batch.map(connect));
  results.forEach((r, k) => {
    if (r.status === 'fulfilled') sockets.set(batch[k]!.id, r.value);
    else connectErrors++;
  });
}
const connectMs = Math.round(performance.now() - connectStarted);
process.send?.({ phase: 'connected', connected: sockets.size });
await sleep(1000);

let stored = 0;
let sendErrors = 0;
let firstError: string | null = null;
const send = async (senderId: number, sessionId: number, recipients: number[], clientMsgId: string) => {
  sentAt.set(clientMsgId, performance.now());
  try {
    if (plan.mode === 'echo') {
      sockets.get(senderId)?.emit('send', { to: recipients, clientMsgId });
      stored++;
      return;
    }
    const input = { sessionId, clientMsgId, contentType: 'text' as const, content: { text: clientMsgId } };
    const socket = sockets.get(senderId);
    const res =
      plan.via === 'socket' && socket
        ? ((await socket.timeout(60_000).emitWithAck('sendMessage', input)) as {
            code: number;
            message: string;
          })
        : await api.call(messageApi.send, input, tokenOf.get(senderId)!);
    if (res.code === 1000) stored++;
    else {
      sendErrors++;
      firstError ??= `${res.code} ${res.message}`;
    }
  } catch (error) {
    sendErrors++;
    firstError ??= String(error);
  }
};

// 1:1 at a fixed rate, in 10 ms ticks; at most MAX_IN_FLIGHT sends outstanding (an overloaded server shows
// as a lower achieved rate, not as an unbounded queue in the generator).
const MAX_IN_FLIGHT = 1000;
let inFlight = 0;
let skipped = 0;
const started = performance.now();
const end = started + plan.seconds * 1000;
let due = 0;
let n = 0;
while (performance.now() < end) {
  const elapsed = performance.now() - started;
  const target = Math.floor((elapsed / 1000) * plan.rate);
  while (due < target) {
    due++;
    if (inFlight >= MAX_IN_FLIGHT) {
      skipped++;
      continue;
    }
    const pair = plan.pairs[Math.floor(Math.random() * plan.pairs.length)]!;
    const [from, to] = Math.random() < 0.5 ? [pair.a, pair.b] : [pair.b, pair.a];
    inFlight++;
    void send(from, pair.sessionId, [to], `p-${n++}-${randomUUID().slice(0, 8)}`).finally(() => inFlight--);
  }
  await sleep(10);
}
while (inFlight > 0) await sleep(20);
/** Until the last send was answered: stored/s is measured over it. */
const sendSeconds = (performance.now() - started) / 1000;
await sleep(2000);
const sentOneToOne = n;
const storedOneToOne = stored;
const errorsOneToOne = sendErrors;

// Group: every message reaches every other member of the group.
const memberIds = plan.group.memberIds.filter((id) => sockets.has(id));
for (let k = 0; k < plan.groupMessages; k++) {
  const from = memberIds[Math.floor(Math.random() * memberIds.length)]!;
  await send(
    from,
    plan.group.sessionId,
    plan.group.memberIds.filter((id) => id !== from),
    `g-${k}-${randomUUID().slice(0, 8)}`,
  );
  await sleep(300);
}
await sleep(3000);

const result = {
  mode: plan.mode,
  connected: sockets.size,
  connectErrors,
  connectMs,
  oneToOne: {
    offeredPerSecond: plan.rate,
    seconds: Math.round(sendSeconds * 10) / 10,
    sent: sentOneToOne,
    skippedOverloaded: skipped,
    stored: storedOneToOne,
    sendErrors: errorsOneToOne,
    firstError,
    delivered,
    storedPerSecond: Math.round((storedOneToOne / sendSeconds) * 10) / 10,
    deliveredPerSecond:
      Math.round((delivered / Math.max(sendSeconds, (lastDeliveryAt - started) / 1000)) * 10) / 10,
    latencyMs: percentiles(oneToOne),
  },
  group: {
    members: plan.group.memberIds.length,
    messages: plan.groupMessages,
    sendErrors: sendErrors - errorsOneToOne,
    expectedDeliveries: plan.groupMessages * (memberIds.length - 1),
    delivered: groupDeliveries,
    latencyMs: percentiles(groupLatency),
  },
};
for (const s of sockets.values()) s.close();
process.send?.({ phase: 'done', result });
console.log(JSON.stringify(result));
setTimeout(() => process.exit(0), 200);
