/** One message waiting to be sent. `prepare` (an upload) runs once; its result is kept for retries. */
export interface OutboxItem {
  sessionId: number;
  clientMsgId: string;
  contentType: string;
  content: Record<string, unknown> | null;
  prepare?: () => Promise<Record<string, unknown>>;
}

export interface OutboxDeps<R> {
  send: (item: OutboxItem & { content: Record<string, unknown> }) => Promise<R>;
  onSent: (item: OutboxItem, result: R) => void;
  /** The item failed (error null: it waits behind an earlier failed message of its session). */
  onFailed: (item: OutboxItem, error: unknown) => void;
  /** Whether another attempt can help (network trouble, server failure), as opposed to a refusal. */
  retryable: (error: unknown) => boolean;
  /** Extra attempts after a retryable failure, and the pause before attempt n (1-based). */
  attempts?: number;
  delay?: (attempt: number, error: unknown) => Promise<void>;
}

/**
 * Per-session outbox (docs/design/chat-delivery.md): a session's messages go to the server strictly one after
 * another, in the order they were written. When one cannot get through (network down, server failing, after
 * the retries), it and everything behind it become failed and the session is blocked, so nothing overtakes
 * it; a retry puts them back in their original order with the same clientMsgId (the server deduplicates). A
 * message the server refuses (too long, not friends, muted) fails alone and leaves the outbox: it will never
 * be stored, so no retry sends it again, and the rest go on.
 */
export class Outbox<R> {
  private readonly queues = new Map<number, OutboxItem[]>();
  private readonly running = new Set<number>();
  private readonly failed = new Map<number, OutboxItem[]>();
  private readonly blocked = new Set<number>();
  /** Pauses between attempts that end early when the connection is back. */
  private readonly wakers = new Set<() => void>();

  constructor(private readonly deps: OutboxDeps<R>) {}

  enqueue(item: OutboxItem) {
    const queue = this.queues.get(item.sessionId) ?? [];
    // While earlier messages of this session wait for a retry, a new one waits behind them as failed.
    if (this.blocked.has(item.sessionId)) {
      this.failed.get(item.sessionId)?.push(item);
      this.deps.onFailed(item, null);
      return;
    }
    queue.push(item);
    this.queues.set(item.sessionId, queue);
    void this.run(item.sessionId);
  }

  /** Sends a session's failed messages again, in their original order. */
  retry(sessionId: number) {
    const stuck = this.failed.get(sessionId) ?? [];
    this.failed.delete(sessionId);
    this.blocked.delete(sessionId);
    const queue = this.queues.get(sessionId) ?? [];
    queue.push(...stuck);
    this.queues.set(sessionId, queue);
    void this.run(sessionId);
  }

  /**
   * Gives up on a failed message (the member deleted it). When nothing failed is left, the session is no
   * longer held back.
   */
  discard(sessionId: number, clientMsgId: string) {
    const rest = (this.failed.get(sessionId) ?? []).filter((i) => i.clientMsgId !== clientMsgId);
    if (rest.length > 0) this.failed.set(sessionId, rest);
    else {
      this.failed.delete(sessionId);
      this.blocked.delete(sessionId);
    }
  }

  /** The messages of a session that failed and wait for a retry, in order. */
  failedOf(sessionId: number) {
    return [...(this.failed.get(sessionId) ?? [])];
  }

  /** The network is back: messages waiting between attempts try again now. */
  wake() {
    const all = [...this.wakers];
    this.wakers.clear();
    for (const w of all) w();
  }

  /** Sessions held back by a message that could not get through (to retry when the network is back). */
  blockedSessions() {
    return [...this.blocked];
  }

  /** Whether the session has anything queued or in flight. */
  busy(sessionId: number) {
    return this.running.has(sessionId) || (this.queues.get(sessionId)?.length ?? 0) > 0;
  }

  private async attempt(item: OutboxItem): Promise<R> {
    const extra = this.deps.attempts ?? 2;
    let last: unknown;
    for (let n = 0; n <= extra; n++) {
      if (n > 0) {
        let wake = () => {};
        const woken = new Promise<void>((resolve) => {
          wake = resolve;
          this.wakers.add(resolve);
        });
        await Promise.race([this.deps.delay?.(n, last) ?? Promise.resolve(), woken]);
        this.wakers.delete(wake);
      }
      try {
        if (!item.content && item.prepare) item.content = await item.prepare();
        if (!item.content) throw new Error('message has no content');
        return await this.deps.send(item as OutboxItem & { content: Record<string, unknown> });
      } catch (error) {
        last = error;
        if (!this.deps.retryable(error)) break;
      }
    }
    throw last;
  }

  private async run(sessionId: number) {
    if (this.running.has(sessionId)) return;
    this.running.add(sessionId);
    try {
      const queue = this.queues.get(sessionId) ?? [];
      while (queue.length > 0) {
        const item = queue[0] as OutboxItem;
        try {
          const result = await this.attempt(item);
          queue.shift();
          this.deps.onSent(item, result);
        } catch (error) {
          if (!this.deps.retryable(error)) {
            // Refused for good: it leaves the outbox (a retry could only fail again); the rest go on.
            queue.shift();
            this.deps.onFailed(item, error);
            continue;
          }
          const stopped = queue.splice(0, queue.length);
          this.blocked.add(sessionId);
          this.failed.set(sessionId, [...(this.failed.get(sessionId) ?? []), ...stopped]);
          for (const failedItem of stopped)
            this.deps.onFailed(failedItem, failedItem === item ? error : null);
        }
      }
    } finally {
      this.running.delete(sessionId);
    }
  }
}
