/**
 * A small time-limited cache of answers the hot paths re-read on every call (docs/design/chat-delivery.md
 * "Caches on the send path"). Entries live `ttlMs` at most; whoever changes what an answer depends on drops
 * it (after the change committed) with `drop`/`dropWhere`, on every process through the realtime layer.
 *
 * A fill races a drop: a reader that read the database before a change committed may store its (old) answer
 * after the change's drop. So a fill first takes `ticket()` before reading, and `set` stores only if no drop
 * happened since: a stale answer is never kept. Drops are rare (logout, block…), fills many.
 * One instance per app (tests build many apps in one process): never a module-level global.
 */
export class ShortCache<K, V> {
  private readonly entries = new Map<K, { value: V; until: number }>();
  private drops = 0;

  constructor(
    private readonly ttlMs: number,
    private readonly maxEntries = 50_000,
    private readonly now: () => number = Date.now,
  ) {}

  get(key: K): V | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (entry.until <= this.now()) {
      this.entries.delete(key);
      return undefined;
    }
    return entry.value;
  }

  /** Take before reading what will be stored: `set` with it refuses if anything was dropped meanwhile. */
  ticket(): number {
    return this.drops;
  }

  set(key: K, value: V, ticket: number) {
    if (ticket !== this.drops || this.ttlMs <= 0) return;
    if (this.entries.size >= this.maxEntries) this.entries.clear();
    this.entries.set(key, { value, until: this.now() + this.ttlMs });
  }

  drop(key: K) {
    this.drops++;
    this.entries.delete(key);
  }

  /** Drops every entry the predicate picks (rare changes: a scan of at most `maxEntries`). */
  dropWhere(pick: (key: K, value: V) => boolean) {
    this.drops++;
    for (const [key, entry] of this.entries) if (pick(key, entry.value)) this.entries.delete(key);
  }

  clear() {
    this.drops++;
    this.entries.clear();
  }
}
