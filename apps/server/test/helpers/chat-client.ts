import { type ChatMessage, type ContractClient, messageApi } from '@chatpay/shared';

export interface SessionView {
  bySeq: Map<number, ChatMessage>;
  /** Every seq is held up to here. */
  contiguous: number;
}

/**
 * What a real client keeps of its sessions (docs/design/chat-delivery.md, "Catch-up contract"): messages by
 * seq, the seq up to which it holds everything, and a catch-up (message/page afterSeq) after every
 * (re)connect and on any seq gap. The reliability and torture tests drive it.
 */
export class ChatViews {
  readonly views = new Map<number, SessionView>();
  /** Messages first seen in a catch-up page: the socket had missed them. */
  recovered = 0;
  /** Two different messages at one seq: must never happen. */
  readonly conflicts: string[] = [];
  private running: Promise<void> | null = null;
  private again = false;

  constructor(
    private readonly api: Pick<ContractClient, 'ok'>,
    private readonly token: string,
    sessionIds: number[],
  ) {
    for (const id of sessionIds) this.views.set(id, { bySeq: new Map(), contiguous: 0 });
  }

  view(sessionId: number): SessionView {
    const view = this.views.get(sessionId);
    if (!view) throw new Error(`no view of session ${sessionId}`);
    return view;
  }

  /** A message from the socket: kept, and a gap behind it starts a catch-up. */
  receive(m: ChatMessage) {
    const view = this.views.get(m.sessionId);
    if (!view) return;
    this.keep(view, m, false);
    if (m.seq > view.contiguous + 1) void this.catchUp();
  }

  private keep(view: SessionView, m: ChatMessage, fromPage: boolean) {
    const held = view.bySeq.get(m.seq);
    if (!held && fromPage) this.recovered++;
    if (held && held.id !== m.id)
      this.conflicts.push(`session ${m.sessionId} seq ${m.seq}: ${held.id} vs ${m.id}`);
    view.bySeq.set(m.seq, m);
    while (view.bySeq.has(view.contiguous + 1)) view.contiguous++;
  }

  /** Pages every session forward from its last contiguous seq until nothing is left; one run at a time. */
  catchUp(): Promise<void> {
    if (this.running) {
      this.again = true;
      return this.running;
    }
    this.running = (async () => {
      do {
        this.again = false;
        for (const [sessionId, view] of this.views) {
          for (;;) {
            const page = await this.api.ok(
              messageApi.page,
              { sessionId, afterSeq: view.contiguous, size: 200 },
              this.token,
            );
            for (const m of page.list) this.keep(view, m, true);
            if (!page.hasMore) break;
          }
        }
      } while (this.again);
    })().finally(() => {
      this.running = null;
    });
    return this.running;
  }
}
