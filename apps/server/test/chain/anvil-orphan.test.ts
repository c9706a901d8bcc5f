import { spawn } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { engine } from '../helpers/app.ts';
import { waitFor } from '../helpers/wait.ts';

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

/**
 * A development server that is killed outright (SIGKILL, the OOM killer) cannot stop its embedded anvil; the
 * kernel must. No database is involved, so it runs once, with the PGlite project.
 */
describe.skipIf(engine !== 'pglite' || process.platform !== 'linux')('the embedded anvil', () => {
  it('dies with a parent killed by SIGKILL', async () => {
    const anvilModule = path.resolve(import.meta.dirname, '../../src/modules/chain/dev/anvil.ts');
    const script = `const { startAnvil } = await import(${JSON.stringify(anvilModule)});
      const anvil = await startAnvil();
      process.stdout.write(String(anvil.child.pid) + '\\n');
      setInterval(() => {}, 1000);`;
    const parent = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    const anvilPid = await new Promise<number>((resolve, reject) => {
      let out = '';
      parent.stdout.on('data', (d: Buffer) => {
        out += d;
        if (out.includes('\n')) resolve(Number(out.trim()));
      });
      parent.once('exit', (code) => reject(new Error(`the parent exited (${code}) before anvil started`)));
    });
    expect(alive(anvilPid)).toBe(true);

    parent.kill('SIGKILL');
    try {
      await waitFor(() => !alive(anvilPid), { timeoutMs: 10_000, message: 'anvil outlived its parent' });
    } finally {
      if (alive(anvilPid)) process.kill(anvilPid, 'SIGKILL');
    }
  }, 60_000);
});
