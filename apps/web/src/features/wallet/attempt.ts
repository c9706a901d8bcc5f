/** A fresh idempotency key (the server accepts letters, digits and - only, 8 to 64 characters). */
export const newRequestId = (): string =>
  typeof crypto !== 'undefined' && 'randomUUID' in crypto
    ? crypto.randomUUID()
    : `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 12)}`;

/**
 * One payment attempt's idempotency key. The same details (recipient, amount, …) keep the same key, so a
 * retry after a wrong PIN, a timeout or a double tap can never pay twice; other details start a new
 * attempt, and `done()` after a success makes the next payment a new one.
 */
export const createAttempt = (make: () => string = newRequestId) => {
  let key: string | null = null;
  let id: string | null = null;
  return {
    /** The key for these details: the current one while they stay the same. */
    idFor(details: string): string {
      if (id === null || key !== details) {
        key = details;
        id = make();
      }
      return id;
    },
    done() {
      key = null;
      id = null;
    },
  };
};
