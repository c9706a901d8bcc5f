export * from './base.ts';
export * from './users.ts';
