import { describe, expect, it } from 'vitest';
import { createAdjustSubmit } from './adjust-form.ts';

describe('adjustment form submit', () => {
  it('a retry after a lost answer sends the same request id; a success or new values start anew', async () => {
    let n = 0;
    const sent: string[] = [];
    let lose = true;
    const submit = createAdjustSubmit(
      async (input) => {
        sent.push(input.requestId);
        if (lose) throw new Error('network');
        return input.requestId;
      },
      () => `req-${++n}`,
    );
    const values = { userId: 7, amount: '100', reason: 'refund' };
    await expect(submit(values)).rejects.toThrow('network');
    lose = false;
    await submit(values);
    expect(sent).toEqual(['req-1', 'req-1']);
    // After a success the same values are a new adjustment.
    await submit(values);
    expect(sent[2]).toBe('req-2');
    // Changed values start a new attempt even without a success.
    lose = true;
    await expect(submit(values)).rejects.toThrow();
    await expect(submit({ ...values, amount: '101' })).rejects.toThrow();
    expect(sent.slice(3)).toEqual(['req-3', 'req-4']);
  });
});
