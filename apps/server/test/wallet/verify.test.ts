import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { verifyLedger } from '../../src/modules/ledger/verify.ts';
import { engine, useTestApp } from '../helpers/app.ts';
import { createUser, credit } from '../helpers/factories.ts';

const t = useTestApp();

describe('ledger verify', () => {
  it('passes on honest books and reports a tampered cached balance', async () => {
    const a = await createUser(t);
    await credit(t, a, '10');
    const good = await verifyLedger(t.database.db);
    expect(good).toMatchObject({
      ok: true,
      problems: [],
      memberTotal: 10_000_000n,
      systemTotal: -10_000_000n,
    });

    await t.database.db.execute(
      sql`update ledger_accounts set balance = balance + 1 where user_id = ${a.id} and kind = 'available'`,
    );
    const bad = await verifyLedger(t.database.db);
    expect(bad.ok).toBe(false);
    expect(bad.problems).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/cached 10000001, rebuilt from postings 10000000/),
        'balances sum to 1, not zero',
      ]),
    );
    await t.database.db.execute(
      sql`update ledger_accounts set balance = balance - 1 where user_id = ${a.id} and kind = 'available'`,
    );
  });

  it('reports an entry whose postings do not sum to zero', async () => {
    const a = await createUser(t);
    const { id } = await credit(t, a, '1');
    await t.database.db.execute(sql`update ledger_postings set amount = amount + 7 where entry_id = ${id}
      and account_id = (select id from ledger_accounts where user_id = ${a.id} and kind = 'available')`);
    const bad = await verifyLedger(t.database.db);
    expect(bad.problems).toEqual(
      expect.arrayContaining([`entry ${id}: postings sum to 7 over 2 posting(s)`]),
    );
    await t.database.db.execute(sql`update ledger_postings set amount = amount - 7 where entry_id = ${id}
      and account_id = (select id from ledger_accounts where user_id = ${a.id} and kind = 'available')`);
    expect((await verifyLedger(t.database.db)).ok).toBe(true);
  });
});

// The command opens the database itself: PostgreSQL only, since a PGlite directory must not be shared.
describe.runIf(engine === 'postgres')('npm run ledger:verify', () => {
  const run = promisify(execFile);
  const root = path.resolve(import.meta.dirname, '../../../..');
  const verify = (url: string) =>
    run('node', ['--import', 'tsx', 'apps/server/scripts/ledger-verify.ts'], {
      cwd: root,
      env: { ...process.env, DATABASE_URL: url, LOG_LEVEL: 'silent' },
    });

  it('exits 0 on honest books and 1 on a tampered balance', async () => {
    const url = t.config.DATABASE_URL!;
    const passed = await verify(url);
    expect(passed.stdout).toContain('OK: the books balance.');
    const a = await createUser(t);
    await credit(t, a, '2');
    await t.database.db.execute(sql`update ledger_accounts set balance = 0 where user_id = ${a.id}`);
    const failed = await verify(url).then(
      () => null,
      (e: { code: number; stderr: string }) => e,
    );
    expect(failed?.code).toBe(1);
    expect(failed?.stderr).toMatch(/FAILED: .*difference/);
    await t.database.db.execute(
      sql`update ledger_accounts set balance = 2000000 where user_id = ${a.id} and kind = 'available'`,
    );
  }, 60_000);
});
