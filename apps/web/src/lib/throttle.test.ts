import { describe, expect, it } from 'vitest';
import { throttle } from './throttle.ts';

describe('message sound throttle', () => {
  it('lets one call through per 1000 ms', () => {
    let now = 0;
    const allow = throttle(1000, () => now);
    const heard: number[] = [];
    for (now = 0; now <= 2500; now += 100) if (allow()) heard.push(now);
    expect(heard).toEqual([0, 1000, 2000]);
  });
});
