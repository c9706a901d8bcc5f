import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { FINGERPRINT_FILE, fingerprint, isCurrent } from './build-if-changed.ts';

describe("npm start's web build", () => {
  const dirs: string[] = [];
  afterEach(() => {
    for (const d of dirs.splice(0)) fs.rmSync(d, { recursive: true, force: true });
  });
  const project = () => {
    const base = fs.mkdtempSync(path.join(os.tmpdir(), 'build-inputs-'));
    dirs.push(base);
    fs.mkdirSync(path.join(base, 'src/pages'), { recursive: true });
    fs.writeFileSync(path.join(base, 'src/pages/a.tsx'), 'export const a = 1;');
    fs.writeFileSync(path.join(base, 'index.html'), '<html></html>');
    fs.mkdirSync(path.join(base, 'dist'));
    fs.writeFileSync(path.join(base, 'dist/index.html'), '<html></html>');
    return base;
  };
  const inputs = ['src', 'index.html', 'missing.json'];

  it('is current only after a build from the same inputs', () => {
    const base = project();
    const dist = path.join(base, 'dist');
    const print = fingerprint(base, inputs);
    expect(isCurrent(dist, print)).toBe(false);
    fs.writeFileSync(path.join(dist, FINGERPRINT_FILE), `${print}\n`);
    expect(isCurrent(dist, print)).toBe(true);
    expect(fingerprint(base, inputs)).toBe(print);
  });

  it('changes when a source changes, is added, or is renamed', () => {
    const base = project();
    const first = fingerprint(base, inputs);
    fs.writeFileSync(path.join(base, 'src/pages/a.tsx'), 'export const a = 2;');
    const edited = fingerprint(base, inputs);
    expect(edited).not.toBe(first);
    fs.writeFileSync(path.join(base, 'src/pages/b.tsx'), '');
    const added = fingerprint(base, inputs);
    expect(added).not.toBe(edited);
    fs.renameSync(path.join(base, 'src/pages/b.tsx'), path.join(base, 'src/pages/c.tsx'));
    expect(fingerprint(base, inputs)).not.toBe(added);
  });

  it('rebuilds when the last build is gone', () => {
    const base = project();
    const dist = path.join(base, 'dist');
    const print = fingerprint(base, inputs);
    fs.writeFileSync(path.join(dist, FINGERPRINT_FILE), print);
    fs.rmSync(path.join(dist, 'index.html'));
    expect(isCurrent(dist, print)).toBe(false);
  });
});
