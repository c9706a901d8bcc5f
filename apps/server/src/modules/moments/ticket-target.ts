import { inArray } from 'drizzle-orm';
import type { TicketTargetPort } from '../../http/ports.ts';
import { visibleMoment } from './service.ts';
import { moments } from './tables.ts';

/** Enough of a moment's text for support to recognise it; the console shows no more. */
const EXCERPT = 120;

/** A complaint about a moment: only one the complainer can see; support sees the start of its text. */
export const momentTicketTarget: TicketTargetPort = {
  assertVisible: async (exec, userId, id) => {
    await visibleMoment(exec, userId, id);
  },
  describe: async (exec, ids) => {
    if (ids.length === 0) return new Map();
    const rows = await exec
      .select({ id: moments.id, text: moments.text })
      .from(moments)
      .where(inArray(moments.id, ids));
    return new Map(rows.map((r) => [r.id, r.text.slice(0, EXCERPT)]));
  },
};
