/**
 * `npm run bench:web:profile` — where the chat page's load time goes, for reading, not a verdict:
 * the same chat of BENCH_WEB_MESSAGES messages as `bench:web`, opened BENCH_WEB_RUNS times by a full document
 * load, and for the median run a timeline: each request (start, end, bytes, from the service worker or the
 * network), the app's own marks (`performance.mark('app:…')`, lib/perf-marks.ts) and when the newest message
 * showed. BENCH_WEB_TRACE=path also writes a Chromium performance trace of the last run (open it in
 * DevTools' Performance panel); BENCH_WEB_CPU=path a CPU profile of it (.cpuprofile, with self time per
 * script printed). BENCH_WEB_LIGHTHOUSE=1 then runs Lighthouse as `bench:web` does (BENCH_LIGHTHOUSE_DIR=dir
 * keeps its full reports).
 */
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { newPhone } from '../e2e/harness.ts';
import { logInAs } from '../e2e/people.ts';
import { root, setting } from './lib.ts';
import { lighthouseRuns } from './lighthouse.ts';
import { newestShown, startWebBench } from './web-setup.ts';

const MESSAGES = setting('BENCH_WEB_MESSAGES', 10_000);
const RUNS = setting('BENCH_WEB_RUNS', 5);
// BENCH_WEB_DIST: another build to profile (e.g. the base commit's, for a same-minutes comparison).
const dist = process.env.BENCH_WEB_DIST ?? path.join(root, 'apps/web/dist');

interface Timeline {
  readyMs: number;
  navigation: Record<string, number>;
  resources: { name: string; start: number; end: number; kB: number; sw: boolean; type: string }[];
  marks: { name: string; at: number }[];
  longTasks: { start: number; ms: number }[];
}

const round = (n: number) => Math.round(n);

interface CpuProfile {
  nodes: { id: number; callFrame: { functionName: string; url: string; lineNumber: number } }[];
  samples: number[];
  timeDeltas: number[];
}

/** Self time per script and the heaviest functions of a CPU profile. */
const printSelfTime = (profile: CpuProfile) => {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const perUrl = new Map<string, number>();
  const perFn = new Map<string, number>();
  profile.samples.forEach((id, i) => {
    const node = byId.get(id)!;
    const ms = (profile.timeDeltas[i] ?? 0) / 1000;
    const url =
      node.callFrame.url.replace(/^.*\/\/[^/]+/, '') || `(${node.callFrame.functionName || 'native'})`;
    perUrl.set(url, (perUrl.get(url) ?? 0) + ms);
    const fn = `${node.callFrame.functionName || '(anonymous)'} ${url}:${node.callFrame.lineNumber}`;
    perFn.set(fn, (perFn.get(fn) ?? 0) + ms);
  });
  const top = (m: Map<string, number>, n: number) =>
    [...m]
      .sort((a, b) => b[1] - a[1])
      .slice(0, n)
      .map(([k, v]) => `  ${round(v)} ms ${k}`);
  console.log('CPU self time by script:', ...top(perUrl, 25).map((l) => `\n${l}`));
  console.log('CPU self time by function:', ...top(perFn, 40).map((l) => `\n${l}`));
};

const main = async () => {
  const { server, browser, reader: a, sessionId, stop } = await startWebBench('webprof', dist, MESSAGES);
  try {
    const context = await newPhone(browser);
    // When the newest message first shows, measured in the page itself (a MutationObserver from the start).
    await context.addInitScript(() => {
      const w = window as unknown as { __ready?: number; __longTasks?: { start: number; ms: number }[] };
      w.__longTasks = [];
      try {
        new PerformanceObserver((list) => {
          for (const e of list.getEntries()) w.__longTasks!.push({ start: e.startTime, ms: e.duration });
        }).observe({ type: 'longtask', buffered: true });
      } catch {
        // No long-task timing in this browser.
      }
    });
    const page = await logInAs(server.url, context, a);
    const newest = page.locator('[data-testid="msg-list"] .msg-text', {
      hasText: `Bench message ${MESSAGES}`,
    });
    const runs: Timeline[] = [];
    for (let run = 0; run < RUNS; run++) {
      await page.goto('about:blank');
      const last = run === RUNS - 1 && process.env.BENCH_WEB_TRACE;
      if (last) await browser.startTracing(page, { path: process.env.BENCH_WEB_TRACE, screenshots: true });
      const profiling = run === RUNS - 1 && process.env.BENCH_WEB_CPU;
      const cdp = profiling ? await context.newCDPSession(page) : null;
      if (cdp) {
        await cdp.send('Profiler.enable');
        await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
        await cdp.send('Profiler.start');
      }
      const t0 = performance.now();
      await page.goto(`${server.url}/#/pages/chat/index?id=${sessionId}&r=${randomUUID()}`);
      await newestShown(page, MESSAGES);
      await newest.waitFor({ state: 'visible', timeout: 30_000 });
      const outside = performance.now() - t0;
      await page.waitForTimeout(1500);
      if (last) await browser.stopTracing();
      if (cdp && profiling) {
        const { profile } = (await cdp.send('Profiler.stop')) as { profile: CpuProfile };
        fs.writeFileSync(profiling, JSON.stringify(profile));
        printSelfTime(profile);
        await cdp.detach();
      }
      const timeline = await page.evaluate(() => {
        const w = window as unknown as { __ready?: number; __longTasks?: { start: number; ms: number }[] };
        const nav = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming;
        return {
          ready: w.__ready ?? -1,
          navigation: {
            requestStart: nav.requestStart,
            responseEnd: nav.responseEnd,
            domInteractive: nav.domInteractive,
            domContentLoaded: nav.domContentLoadedEventEnd,
            load: nav.loadEventEnd,
          },
          resources: (performance.getEntriesByType('resource') as PerformanceResourceTiming[]).map((r) => ({
            name: r.name.replace(location.origin, ''),
            start: r.startTime,
            end: r.responseEnd,
            kB: r.transferSize / 1024,
            sw: r.workerStart > 0,
            type: r.initiatorType,
          })),
          marks: performance.getEntriesByType('mark').map((m) => ({ name: m.name, at: m.startTime })),
          longTasks: w.__longTasks ?? [],
        };
      });
      console.error(`run ${run}: ready ${round(timeline.ready)} ms in page, ${round(outside)} ms from goto`);
      runs.push({ ...timeline, readyMs: timeline.ready });
    }
    const sorted = [...runs].sort((x, y) => x.readyMs - y.readyMs);
    const median = sorted[Math.floor(sorted.length / 2)]!;
    console.log(`median run: newest message shown at ${round(median.readyMs)} ms after navigation start`);
    console.log(
      'navigation:',
      JSON.stringify(Object.fromEntries(Object.entries(median.navigation).map(([k, v]) => [k, round(v)]))),
    );
    const events = [
      ...median.resources.map((r) => ({
        at: r.start,
        text: `${round(r.start)}–${round(r.end)} ms ${r.sw ? 'sw ' : 'net'} ${r.kB.toFixed(1)} kB ${r.type} ${r.name.slice(0, 90)}`,
      })),
      ...median.marks.map((m) => ({ at: m.at, text: `${round(m.at)} ms mark ${m.name}` })),
      ...median.longTasks.map((t) => ({
        at: t.start,
        text: `${round(t.start)} ms long task ${round(t.ms)} ms`,
      })),
      { at: median.readyMs, text: `${round(median.readyMs)} ms NEWEST MESSAGE SHOWN` },
    ].sort((x, y) => x.at - y.at);
    for (const e of events) console.log(e.text);
    await context.close();
    if (process.env.BENCH_WEB_LIGHTHOUSE)
      console.log(JSON.stringify(await lighthouseRuns(server.url, a), null, 1));
  } finally {
    await stop();
  }
};

await main();
