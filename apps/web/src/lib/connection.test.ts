import { SOCKET_CONNECT_TIMEOUT_MS } from '@chatpay/shared';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { connectionEvents, RECONNECTED_SHOWN_MS, useConnection } from './connection.ts';

const state = () => useConnection.getState().state;

describe('the connection banner state', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    connectionEvents.stopped();
  });
  afterEach(() => {
    connectionEvents.stopped();
    vi.useRealTimers();
  });

  it('shows nothing for a quick first connect', () => {
    connectionEvents.connecting();
    expect(state()).toBe('idle');
    vi.advanceTimersByTime(300);
    connectionEvents.connected();
    expect(state()).toBe('ok');
  });

  it('says connecting when it takes a while, then times out', () => {
    connectionEvents.connecting();
    vi.advanceTimersByTime(1500);
    expect(state()).toBe('connecting');
    // Still connecting until the socket's own connect timeout has passed.
    vi.advanceTimersByTime(SOCKET_CONNECT_TIMEOUT_MS - 1500 - 1);
    expect(state()).toBe('connecting');
    vi.advanceTimersByTime(1);
    expect(state()).toBe('timeout');
    connectionEvents.connected();
    expect(state()).toBe('reconnected');
    vi.advanceTimersByTime(RECONNECTED_SHOWN_MS);
    expect(state()).toBe('ok');
  });

  it('offline, then connected again', () => {
    connectionEvents.connecting();
    connectionEvents.connected();
    connectionEvents.offline();
    expect(state()).toBe('offline');
    connectionEvents.connecting();
    expect(state()).toBe('connecting');
    connectionEvents.connected();
    expect(state()).toBe('reconnected');
  });
});
