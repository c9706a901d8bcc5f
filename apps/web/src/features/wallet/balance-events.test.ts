import type { ChainRecord, ChatMessage } from '@chatpay/shared';
import { QueryClient } from '@tanstack/react-query';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { staleAfter } from './balance-events.ts';
import { walletKeys } from './keys.ts';

/** The socket and the chat engine as the wallet sees them: handlers by event, message listeners. */
const socket = vi.hoisted(() => ({
  handlers: new Map<string, ((p: unknown) => void)[]>(),
  connect: [] as (() => void)[],
  messages: [] as ((m: ChatMessage) => void)[],
}));
vi.mock('../../lib/socket.ts', () => ({
  onServerEvent: (event: string, handler: (p: unknown) => void) => {
    socket.handlers.set(event, [...(socket.handlers.get(event) ?? []), handler]);
    return () => undefined;
  },
  onSocketConnect: (listener: () => void) => {
    socket.connect.push(listener);
    return () => undefined;
  },
}));
vi.mock('../chat/index.ts', () => ({
  onChatMessage: (listener: (m: ChatMessage) => void) => {
    socket.messages.push(listener);
    return () => undefined;
  },
}));

const emit = (event: string, payload: unknown) => {
  for (const h of socket.handlers.get(event) ?? []) h(payload);
};

const deposit = (status: ChainRecord['status']): ChainRecord => ({
  type: 'deposit',
  id: 7,
  network: 'ERC20',
  status,
  amount: '25.00',
  fee: '0.00',
  award: '0.00',
  address: '0x0000000000000000000000000000000000000001',
  txHash: '0xabc',
  confirmations: 12,
  required: 12,
  reason: '',
  holdCode: null,
  heldUntil: null,
  createTime: '2026-01-01T00:00:00.000Z',
  updateTime: '2026-01-01T00:00:00.000Z',
});

const withdrawal = (status: ChainRecord['status']): ChainRecord => ({
  ...deposit(status),
  type: 'withdrawal',
  fee: '5.06',
});

describe('which events make the balance stale', () => {
  it('every money event with a valid payload: deposits, withdrawals, transfers, refunds, orders, red packets', () => {
    expect(staleAfter('chain', deposit('credited'))).toEqual([walletKeys.all]);
    expect(staleAfter('chain', withdrawal('rejected'))).toEqual([walletKeys.all]);
    expect(staleAfter('chain', withdrawal('failed'))).toEqual([walletKeys.all]);
    expect(
      staleAfter('wallet', {
        kind: 'transferIn',
        entryId: 1,
        amount: '3.00',
        from: { nickName: 'Ann', memberId: 'M1' },
      }),
    ).toEqual([walletKeys.all]);
    expect(
      staleAfter('wallet', {
        kind: 'payRefund',
        entryId: 2,
        amount: '1.00',
        orderNo: 'P1',
        merchant: { name: 'Shop' },
      }),
    ).toEqual([walletKeys.all]);
    expect(
      staleAfter('onC2COrderStatus', { orderId: 4, status: 'completed', page: '/pages/c2c/detail?id=4' }),
    ).toEqual([walletKeys.all]);
    expect(
      staleAfter('redpacket', { packetId: 1, sessionId: 2, claimedCount: 0, status: 'expired' }),
    ).toEqual([walletKeys.all]);
  });

  it('nothing for a payload that is not what the server sends', () => {
    expect(staleAfter('chain', { type: 'deposit' })).toEqual([]);
    expect(staleAfter('wallet', { kind: 'gift' })).toEqual([]);
    expect(staleAfter('onC2COrderStatus', null)).toEqual([]);
  });

  it('the balance key is under the key every event marks stale', () => {
    const [key] = staleAfter('chain', deposit('credited'));
    expect(walletKeys.balance().slice(0, key!.length)).toEqual(key);
  });
});

describe('the wallet listens for the whole session, whatever page is open', () => {
  const client = new QueryClient();
  const said: string[] = [];
  const balance = () => client.getQueryState(walletKeys.balance());
  beforeAll(async () => {
    const { startWalletRealtime } = await import('./realtime.ts');
    startWalletRealtime(client, (text) => said.push(text));
  });
  beforeEach(() => {
    // The wallet's main screen has read its balance: 0.00, fresh.
    client.setQueryData(walletKeys.balance(), { available: '0.00', frozen: '0.00', total: '0.00' });
    expect(balance()?.isInvalidated).toBe(false);
  });

  it('a deposit credited: the balance is read again', () => {
    emit('chain', deposit('credited'));
    expect(balance()?.isInvalidated).toBe(true);
  });

  it('a withdrawal refunded: the balance is read again', () => {
    emit('chain', withdrawal('rejected'));
    expect(balance()?.isInvalidated).toBe(true);
  });

  it('a transfer by member id', () => {
    emit('wallet', {
      kind: 'transferIn',
      entryId: 1,
      amount: '3.00',
      from: { nickName: 'A', memberId: 'M' },
    });
    expect(balance()?.isInvalidated).toBe(true);
  });

  it("an operator's adjustment, and a member's payment to my shop", () => {
    emit('wallet', { kind: 'adjusted', entryId: 5, amount: '-2.00' });
    expect(balance()?.isInvalidated).toBe(true);
    client.setQueryData(walletKeys.balance(), { available: '0.00', frozen: '0.00', total: '0.00' });
    emit('wallet', { kind: 'payIn', entryId: 6, amount: '10.00', orderNo: 'P9' });
    expect(balance()?.isInvalidated).toBe(true);
    expect(said.slice(-2)).toEqual([
      'The operator debited 2.00 USDT from your wallet',
      'Order P9 was paid: 10.00 USDT',
    ]);
  });

  it('the toast says why the balance moved: a debit is worded as one, with the amount unsigned', async () => {
    const { walletEventText } = await import('./realtime.ts');
    expect(walletEventText({ kind: 'adjusted', entryId: 5, amount: '-2.00' })).toBe(
      'The operator debited 2.00 USDT from your wallet',
    );
    expect(walletEventText({ kind: 'adjusted', entryId: 5, amount: '2.00' })).toBe(
      'The operator credited 2.00 USDT to your wallet',
    );
    expect(walletEventText({ kind: 'payIn', entryId: 6, amount: '10.00', orderNo: 'P9' })).toBe(
      'Order P9 was paid: 10.00 USDT',
    );
  });

  it('an order released or canceled', () => {
    emit('onC2COrderStatus', { orderId: 4, status: 'completed', page: '/pages/c2c/detail?id=4' });
    expect(balance()?.isInvalidated).toBe(true);
  });

  it('a red packet expired and refunded', () => {
    emit('redpacket', { packetId: 1, sessionId: 2, claimedCount: 0, status: 'expired' });
    expect(balance()?.isInvalidated).toBe(true);
  });

  it('a transfer or a red packet in a chat, not a text', () => {
    for (const listener of socket.messages) listener({ contentType: 'text' } as ChatMessage);
    expect(balance()?.isInvalidated).toBe(false);
    for (const listener of socket.messages) listener({ contentType: 'transfer' } as ChatMessage);
    expect(balance()?.isInvalidated).toBe(true);
  });

  it('a reconnect: events sent while the socket was down are not sent again', () => {
    for (const listener of socket.connect) listener();
    expect(balance()?.isInvalidated).toBe(true);
  });

  it('a malformed event changes nothing', () => {
    emit('chain', { type: 'deposit' });
    expect(balance()?.isInvalidated).toBe(false);
  });
});
