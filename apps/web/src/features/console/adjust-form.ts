import { createAttempt, newRequestId } from '../wallet/index.ts';

export interface AdjustValues {
  userId: number;
  amount: string;
  reason: string;
}

/**
 * The adjustment form's submit: the same values keep the same requestId until one succeeds, so a submit
 * retried after a lost answer posts once (docs/security.md, "Known limits" of separation of duties); other
 * values, or a success, start a new adjustment.
 */
export const createAdjustSubmit = <R>(
  send: (input: AdjustValues & { requestId: string }) => Promise<R>,
  make: () => string = newRequestId,
) => {
  const attempt = createAttempt(make);
  return async (values: AdjustValues): Promise<R> => {
    const requestId = attempt.idFor(JSON.stringify([values.userId, values.amount, values.reason]));
    const answer = await send({ ...values, requestId });
    attempt.done();
    return answer;
  };
};
