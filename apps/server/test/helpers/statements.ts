import type { Executor } from '../../src/db/connection.ts';

/** Transaction control, which node-postgres sends as statements of its own and PGlite does not. */
const TRANSACTION_CONTROL = /^\s*(begin|commit|rollback|savepoint|release savepoint)\b/i;

/**
 * The push notifier's device lookup: it runs on the notifier's own queue after the events of earlier work, so
 * one may land in any window; it is no part of the work counted (push.test.ts covers the push path).
 */
const PUSH_LOOKUP = /from "push_subscriptions"/;

/**
 * How many statements `work` sends through the database session class of `exec`, in or out of transactions
 * (every drizzle statement, raw ones too, is prepared through it; BEGIN, COMMIT and savepoints are not
 * counted, on either engine), how many transactions it opens, and the statements' text (to show in a failed
 * assertion). Counts everything else the app does meanwhile (push lookups aside): keep other work quiet.
 */
export const countStatements = async <T>(exec: Executor, work: () => Promise<T>) => {
  const session = exec._.session as unknown as object;
  const proto = Object.getPrototypeOf(session) as {
    prepareQuery: (...args: unknown[]) => unknown;
    transaction: (...args: unknown[]) => unknown;
  };
  const { prepareQuery, transaction } = proto;
  const statements: string[] = [];
  let transactions = 0;
  proto.prepareQuery = function (this: unknown, ...args: unknown[]) {
    const text = (args[0] as { sql: string }).sql;
    if (!TRANSACTION_CONTROL.test(text) && !PUSH_LOOKUP.test(text))
      statements.push(text.replace(/\s+/g, ' ').trim());
    return prepareQuery.apply(this, args);
  };
  proto.transaction = function (this: unknown, ...args: unknown[]) {
    transactions++;
    return transaction.apply(this, args);
  };
  try {
    const result = await work();
    return { result, count: statements.length, transactions, statements };
  } finally {
    proto.prepareQuery = prepareQuery;
    proto.transaction = transaction;
  }
};
