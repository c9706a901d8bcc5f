import type { UserProfile } from '@chatpay/shared';
import type { users } from './tables.ts';

type UserRow = typeof users.$inferSelect;

export const presentProfile = (row: UserRow, invitedByMemberId: string | null): UserProfile => ({
  id: row.id,
  username: row.username,
  nickName: row.nickName,
  avatar: row.avatar,
  note: row.note,
  description: row.description,
  phone: row.phone,
  memberId: row.memberId,
  shareCode: row.shareCode,
  role: row.roles,
  hasPin: row.pinHash !== null,
  invitedBy: invitedByMemberId,
  createTime: row.createTime.toISOString(),
});
