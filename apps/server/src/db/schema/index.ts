// Every table of every module, for the query layer's types and for drizzle-kit. Modules never import this
// file: each imports its own `tables.ts` (docs in CONTRIBUTING.md, "Modules").
export * from '../../modules/app/tables.ts';
export * from '../../modules/audit/tables.ts';
export * from '../../modules/base/tables.ts';
export * from '../../modules/c2c/tables.ts';
export * from '../../modules/chain/tables.ts';
export * from '../../modules/chat/tables.ts';
export * from '../../modules/dict/tables.ts';
export * from '../../modules/group/tables.ts';
export * from '../../modules/kyc/tables.ts';
export * from '../../modules/ledger/tables.ts';
export * from '../../modules/moments/tables.ts';
export * from '../../modules/outflow/tables.ts';
export * from '../../modules/paydesk/tables.ts';
export * from '../../modules/push/tables.ts';
export * from '../../modules/reserves/tables.ts';
export * from '../../modules/uploads/tables.ts';
export * from '../../modules/user/tables.ts';
export * from '../../modules/wallet/tables.ts';
