export { type AuditEntry, recordAudit } from './record.ts';
export { auditLogs } from './tables.ts';
