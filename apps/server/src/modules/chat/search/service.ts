import type { Db } from '../../../db/connection.ts';
import type { Ports } from '../../../http/ports.ts';
import { presentFriend } from '../friend/presenter.ts';
import { memberOf, sessionViewsNamed } from '../session/queries.ts';
import type { SessionService } from '../session/service.ts';
import { presentHit } from './presenter.ts';
import { containsPattern, friendsMatching, messagesMatching } from './queries.ts';

const NAME_HITS = 20;

/** Search: contacts and chats by name, text messages by content; only what the member can see. */
export class SearchService {
  constructor(
    private readonly db: Db,
    private readonly sessions: SessionService,
    private readonly ports: Ports,
  ) {}

  /** My friends and my chats whose names contain the keyword. */
  async byName(userId: number, keyword: string) {
    const pattern = containsPattern(keyword);
    const groupSessions = await this.ports.groups.sessionsNamed(this.db, userId, pattern, NAME_HITS);
    const [friendList, sessionRows] = await Promise.all([
      friendsMatching(this.db, userId, pattern, NAME_HITS),
      sessionViewsNamed(this.db, userId, pattern, groupSessions, NAME_HITS),
    ]);
    return {
      contacts: friendList.map(presentFriend),
      sessions: await this.sessions.present(userId, sessionRows),
    };
  }

  /** Text messages containing the keyword, newest first; in one of my sessions when `sessionId` is given. */
  async messages(
    userId: number,
    input: { keyword: string; sessionId?: number; cursor?: number; size: number },
  ) {
    if (input.sessionId !== undefined) await memberOf(this.db, input.sessionId, userId);
    const rows = await messagesMatching(this.db, userId, {
      pattern: containsPattern(input.keyword),
      sessionId: input.sessionId,
      cursor: input.cursor,
      limit: input.size + 1,
    });
    const page = rows.slice(0, input.size);
    const views = await this.sessions.views(userId, [...new Set(page.map((r) => r.sessionId))]);
    const byId = new Map(views.map((v) => [v.sessionId, v]));
    return {
      list: page.map((r) => presentHit(r, byId.get(r.sessionId))),
      nextCursor: rows.length > input.size ? (page[page.length - 1]?.id ?? null) : null,
    };
  }
}
