export * from './base.ts';
export * from './chat.ts';
export * from './ledger.ts';
export * from './users.ts';
