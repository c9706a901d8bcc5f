import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';
import { dyingWithParent } from '../../src/lib/parent-death.ts';
import { seedMigratedPglite } from './migrated-pglite.ts';

const mainTs = path.resolve(import.meta.dirname, '../../src/main.ts');

export interface ServerProcess {
  url: string;
  child: ChildProcess;
  /** Everything the process printed so far. */
  log(): string;
  /** Ends the process with a signal (SIGKILL for crash tests) and waits until it is gone. */
  kill(signal?: NodeJS.Signals): Promise<void>;
}

/**
 * Starts the real server (`apps/server/src/main.ts`) in its own process and waits until it listens. The child
 * gets only PATH plus `env`, so the caller's environment (TEST_DATABASE_URL, …) never leaks in. With PORT 0
 * (the default) the address is read from the "listening at" log line, which needs LOG_LEVEL info or lower;
 * with a fixed PORT, readiness is polled at /api/health, so any LOG_LEVEL works (benchmarks run with warn).
 */
/** How long a stopping server may take before it is killed (its own forced exit comes at 10 s). */
const STOP_GRACE_MS = 15_000;

export const startServerProcess = async (
  env: Record<string, string>,
  opts: {
    timeoutMs?: number;
    nodeArgs?: string[];
    /** PGlite: let the server migrate a new data directory itself instead of starting from a migrated copy. */
    migrateFromScratch?: boolean;
  } = {},
) => {
  if (!env.DATABASE_URL && env.DATA_DIR && !opts.migrateFromScratch) await seedMigratedPglite(env.DATA_DIR);
  return new Promise<ServerProcess>((resolve, reject) => {
    const timeoutMs = opts.timeoutMs ?? 120_000;
    // The server dies with this test worker even when the worker is killed (a timed-out run): no server is
    // left running, and taking CPU, after the run that started it.
    const [command, args] = dyingWithParent(process.execPath, [
      ...(opts.nodeArgs ?? []),
      '--import',
      'tsx',
      mainTs,
    ]);
    const child = spawn(command, args, {
      cwd: path.resolve(import.meta.dirname, '../../../..'),
      env: {
        PATH: process.env.PATH ?? '',
        PORT: '0',
        HOST: '127.0.0.1',
        LOG_LEVEL: 'info',
        // As useTestApp: set-up signs staff in with the password alone (production refuses it;
        // test/security/factors-staff.test.ts tests the gate), and members withdraw minutes after they sign up
        // (test/chain/withdrawal-controls.test.ts tests the age rule), and factories verify members without a
        // review (helpers/factories.ts `verify`).
        ...(env.NODE_ENV === 'production'
          ? {}
          : { STAFF_FACTOR_REQUIRED: 'false', WITHDRAWAL_NEW_ACCOUNT_DAYS: '0', TEST_KYC_GRANT: 'true' }),
        ...env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    let started = false;
    const handle = (url: string): ServerProcess => ({
      url,
      child,
      log: () => output,
      kill: async (signal = 'SIGTERM') => {
        if (child.exitCode !== null || child.signalCode !== null) return;
        const exited = new Promise((r) => child.once('exit', r));
        child.kill(signal);
        // A stop that hangs past the server's own 10 s bound is ended for good.
        const hard = setTimeout(() => child.kill('SIGKILL'), STOP_GRACE_MS);
        await exited;
        clearTimeout(hard);
      },
    });
    const timer = setTimeout(() => reject(new Error(`server did not start:\n${output}`)), timeoutMs);
    // Only the tail is kept: a long run logs every request.
    const append = (d: Buffer) => {
      output = (output + d).slice(-200_000);
    };
    child.stderr?.on('data', append);
    child.stdout?.on('data', (d: Buffer) => {
      append(d);
      const m = output.match(/listening at (http:\/\/127\.0\.0\.1:\d+)/i);
      if (m?.[1] && !started) {
        started = true;
        clearTimeout(timer);
        resolve(handle(m[1]));
      }
    });
    const port = Number(env.PORT ?? 0);
    if (port > 0) {
      const url = `http://127.0.0.1:${port}`;
      const poll = async () => {
        while (!started && child.exitCode === null) {
          const up = await fetch(`${url}/api/health`).then(
            (r) => r.ok,
            () => false,
          );
          if (up && !started) {
            started = true;
            clearTimeout(timer);
            resolve(handle(url));
            return;
          }
          await new Promise((r) => setTimeout(r, 100));
        }
      };
      void poll();
    }
    child.on('exit', (code, signal) => {
      clearTimeout(timer);
      reject(new Error(`server exited (${code ?? signal}):\n${output}`));
    });
  });
};
