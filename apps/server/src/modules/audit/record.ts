import type { AuditAction } from '@chatpay/shared';
import type { Executor } from '../../db/connection.ts';
import { auditLogs } from './tables.ts';

export interface AuditEntry {
  actorId: number;
  /** `module:service:method` of what was done, one of the shared list (`usdt:wallet:adjust`). */
  action: AuditAction;
  targetUserId?: number | null;
  amount?: bigint | null;
  reason?: string;
  requestId?: string | null;
  entryId?: number | null;
}

/** Records a privileged action in the same transaction as the action itself. */
export const recordAudit = async (tx: Executor, entry: AuditEntry) => {
  await tx.insert(auditLogs).values({
    actorId: entry.actorId,
    action: entry.action,
    targetUserId: entry.targetUserId ?? null,
    amount: entry.amount ?? null,
    reason: entry.reason ?? '',
    requestId: entry.requestId ?? null,
    entryId: entry.entryId ?? null,
  });
};
