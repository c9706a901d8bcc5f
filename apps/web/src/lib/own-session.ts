/**
 * Calls of this device that replace its own session (a password change answers a new login): the server
 * announces the new session on the per-user channel, and that announcement can arrive before the answer.
 * Until such a call has settled, and stored its login, a `login` event may be this device's own and must not
 * log it out as "signed in on another device" (docs/product.md#tokens).
 */
const pending = new Set<Promise<unknown>>();

/** Tracks `call`, which must store the new login before it settles. */
export const replacingOwnSession = <T>(call: Promise<T>): Promise<T> => {
  pending.add(call);
  const done = () => pending.delete(call);
  call.then(done, done);
  return call;
};

/** Runs `decide` now, or once every call replacing this device's session has settled. */
export const afterOwnSessionChanges = (decide: () => void) => {
  if (pending.size === 0) return decide();
  void Promise.allSettled([...pending]).then(() => afterOwnSessionChanges(decide));
};
