export * from './app.ts';
export * from './base.ts';
export * from './c2c.ts';
export * from './chat.ts';
export * from './group.ts';
export * from './ledger.ts';
export * from './moments.ts';
export * from './users.ts';
