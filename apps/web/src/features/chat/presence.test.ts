import { describe, expect, it } from 'vitest';
import { readMarkOf } from './presence.ts';
import type { UiMessage } from './thread.ts';

const m = (id: number, seq: number, senderId: number, status: UiMessage['status'] = 'sent'): UiMessage => ({
  id,
  sessionId: 1,
  seq,
  clientMsgId: `c${id}`,
  senderId,
  contentType: 'text',
  content: { text: String(id) },
  createTime: '2026-01-01T00:00:00.000Z',
  isAutoReply: false,
  recalled: false,
  status,
});

describe('read receipts', () => {
  const items = [m(1, 1, 7), m(2, 2, 9), m(3, 3, 7), m(4, 4, 9), m(0, 0, 7, 'pending')];

  it('marks my newest stored message at or below the peer’s read seq', () => {
    expect(readMarkOf(items, 7, 3)).toBe(3);
    expect(readMarkOf(items, 7, 4)).toBe(3);
    expect(readMarkOf(items, 7, 2)).toBe(1);
  });

  it('marks nothing before the peer read anything of mine, in groups, or when signed out', () => {
    expect(readMarkOf(items, 7, 0)).toBeNull();
    expect(readMarkOf(items, 7, null)).toBeNull();
    expect(readMarkOf(items, null, 4)).toBeNull();
  });
});
