import { describe, expect, it } from 'vitest';
import { afterOwnSessionChanges, replacingOwnSession } from './own-session.ts';

const turn = () => new Promise((resolve) => setTimeout(resolve));

describe('a login event while this device replaces its own session', () => {
  it('is judged at once when nothing is in flight', () => {
    let judged = 0;
    afterOwnSessionChanges(() => judged++);
    expect(judged).toBe(1);
  });

  it('waits until the password change stored its login, then sees the new session as its own', async () => {
    let token = 'old-sid';
    let answer!: () => void;
    void replacingOwnSession(
      new Promise<void>((resolve) => {
        answer = resolve;
      }).then(() => {
        token = 'new-sid';
      }),
    );
    // The server's announcement of the new session arrives before the answer.
    const seen: string[] = [];
    afterOwnSessionChanges(() => seen.push(token));
    await turn();
    expect(seen).toEqual([]);
    answer();
    await turn();
    expect(seen).toEqual(['new-sid']);
  });

  it('is judged after a failed change too (the old session stays, and so does the check)', async () => {
    let fail!: (e: Error) => void;
    void replacingOwnSession(
      new Promise<void>((_, reject) => {
        fail = reject;
      }),
    ).catch(() => undefined);
    let judged = 0;
    afterOwnSessionChanges(() => judged++);
    fail(new Error('wrong password'));
    await turn();
    expect(judged).toBe(1);
  });
});
