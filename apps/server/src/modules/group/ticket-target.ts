import { inArray } from 'drizzle-orm';
import type { TicketTargetPort } from '../../http/ports.ts';
import { requireMembership } from './queries.ts';
import { chatGroups } from './tables.ts';

/** A complaint about a group: only by a member of it; support sees its name. */
export const groupTicketTarget: TicketTargetPort = {
  assertVisible: async (exec, userId, id) => {
    await requireMembership(exec, id, userId);
  },
  describe: async (exec, ids) => {
    if (ids.length === 0) return new Map();
    const rows = await exec
      .select({ id: chatGroups.id, name: chatGroups.name })
      .from(chatGroups)
      .where(inArray(chatGroups.id, ids));
    return new Map(rows.map((r) => [r.id, r.name]));
  },
};
