import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { createScheduler } from '../src/jobs/scheduler.ts';
import { sleep } from './helpers/wait.ts';

const log = pino({ level: 'silent' });

describe('scheduler', () => {
  it('runs a pass on demand and never overlaps two passes of one job', async () => {
    const jobs = createScheduler(log, 0);
    let active = 0;
    let maxActive = 0;
    let passes = 0;
    jobs.add({
      name: 'slow',
      run: async () => {
        active += 1;
        maxActive = Math.max(maxActive, active);
        await sleep(20);
        active -= 1;
        passes += 1;
        return 2;
      },
    });
    const results = await Promise.all([jobs.runNow('slow'), jobs.runNow('slow')]);
    expect(results).toEqual([2, 2]);
    expect(maxActive).toBe(1);
    expect(passes).toBe(1);
    await expect(() => jobs.runNow('missing')).toThrow(/unknown job/);
    await jobs.stop();
  });

  it('runs jobs on an interval, survives a failing pass, and stops', async () => {
    const jobs = createScheduler(log, 10);
    let calls = 0;
    jobs.add({
      name: 'flaky',
      run: async () => {
        calls += 1;
        if (calls === 1) throw new Error('boom');
        return 0;
      },
    });
    jobs.start();
    await sleep(80);
    await jobs.stop();
    const after = calls;
    expect(after).toBeGreaterThanOrEqual(2);
    await sleep(40);
    expect(calls).toBe(after);
  });
});
