/**
 * Summarises a V8 CPU profile (`--cpu-prof`): self time by package (node_modules/<name>), by our own source
 * folder, and by node internals, plus the top functions. `node --import tsx bench/profile-summary.ts <file>`.
 * bench:chat, bench:ledger and bench:market write the server's profile when BENCH_PROFILE=1.
 */
import fs from 'node:fs';

interface Node {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}
interface Profile {
  nodes: Node[];
  samples: number[];
  timeDeltas: number[];
}

const where = (url: string) => {
  if (!url) return '(native / idle / gc)';
  const pkg = /node_modules\/((@[^/]+\/)?[^/]+)/.exec(url);
  if (pkg) return pkg[1]!;
  if (url.startsWith('node:')) return 'node internals';
  const ours = /(apps\/server\/src\/[^/]+(\/[^/]+)?|packages\/shared)/.exec(url);
  return ours ? ours[1]! : url;
};

export const summarise = (file: string, top = 15) => {
  const profile = JSON.parse(fs.readFileSync(file, 'utf8')) as Profile;
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const self = new Map<number, number>();
  for (const [i, id] of profile.samples.entries()) {
    self.set(id, (self.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0));
  }
  const total = [...self.values()].reduce((a, b) => a + b, 0);
  const byPlace = new Map<string, number>();
  const byFunction = new Map<string, number>();
  for (const [id, us] of self) {
    const frame = byId.get(id)!.callFrame;
    const place = frame.functionName === '(idle)' ? '(idle)' : where(frame.url);
    byPlace.set(place, (byPlace.get(place) ?? 0) + us);
    const fn = `${frame.functionName || '(anonymous)'} ${where(frame.url)}:${frame.lineNumber + 1}`;
    byFunction.set(fn, (byFunction.get(fn) ?? 0) + us);
  }
  const pct = (us: number) => `${((us / total) * 100).toFixed(1)} %`;
  const rows = (m: Map<string, number>) =>
    [...m.entries()]
      .sort((a, b) => b[1] - a[1])
      .slice(0, top)
      .map(([k, v]) => `  ${pct(v).padStart(7)}  ${k}`);
  return [
    `${file}: ${(total / 1e6).toFixed(1)} s sampled`,
    'self time by place:',
    ...rows(byPlace),
    'top functions:',
    ...rows(byFunction),
  ].join('\n');
};

if (import.meta.url === `file://${process.argv[1]}`) {
  for (const file of process.argv.slice(2)) console.log(summarise(file));
}
