import type { Executor } from '../../src/db/connection.ts';

/**
 * How many statements `work` sends through the database session class of `exec`, in or out of transactions
 * (every drizzle statement, raw ones too, is prepared through it; BEGIN and COMMIT are not counted), and how
 * many transactions it opens. Counts everything the app does meanwhile: keep other work quiet.
 */
export const countStatements = async <T>(exec: Executor, work: () => Promise<T>) => {
  const session = exec._.session as unknown as object;
  const proto = Object.getPrototypeOf(session) as {
    prepareQuery: (...args: unknown[]) => unknown;
    transaction: (...args: unknown[]) => unknown;
  };
  const { prepareQuery, transaction } = proto;
  let count = 0;
  let transactions = 0;
  proto.prepareQuery = function (this: unknown, ...args: unknown[]) {
    count++;
    return prepareQuery.apply(this, args);
  };
  proto.transaction = function (this: unknown, ...args: unknown[]) {
    transactions++;
    return transaction.apply(this, args);
  };
  try {
    return { result: await work(), count, transactions };
  } finally {
    proto.prepareQuery = prepareQuery;
    proto.transaction = transaction;
  }
};
