/**
 * Every action the audit log records (`module:service:method`, docs/security.md): the server may write only
 * these, and the console words each one in the staff member's language, the code shown as a detail.
 */
export const auditActions = [
  'admin:user:freeze',
  'admin:user:unfreeze',
  'admin:user:logout',
  'admin:user:unlockPin',
  'admin:user:resetFactor',
  'admin:user:resetFactor-request',
  'app:goods:active',
  'app:goods:add',
  'app:goods:update',
  'app:version:publish',
  'app:version:withdraw',
  'app:complain:reply',
  'app:feedback:reply',
  'base:document:update',
  'base:staff:add',
  'base:staff:add-request',
  'base:staff:update',
  'base:staff:update-request',
  'base:staff:reject',
  'c2c:appeal:completed',
  'c2c:appeal:canceled',
  'c2c:merchant:approve',
  'c2c:merchant:reject',
  'c2c:merchant:revoke',
  'c2c:rate:update',
  'c2c:strike',
  'c2c:strike:suspended',
  'c2c:trader:lift',
  'chat:service:reply',
  'dict:info:add',
  'dict:info:update',
  'dict:info:delete',
  'paydesk:order:pay',
  'paydesk:order:refund',
  'usdt:address:add',
  'usdt:address:remove',
  'usdt:allowlist:on',
  'usdt:allowlist:off',
  'usdt:reserves:snapshot',
  'usdt:wallet:adjust',
  'usdt:wallet:adjust-request',
  'usdt:wallet:adjust-reject',
  'usdt:withdrawal:approve',
  'usdt:withdrawal:reject',
] as const;
export type AuditAction = (typeof auditActions)[number];

/** The key of an action's words in the web's locales (`console.auditAction.<key>`; keys cannot hold `:`). */
export const auditActionKey = (action: string) => action.replaceAll(':', '_').replaceAll('-', '_');
