import { APP_VERSION, APP_VERSION_CODE, type AppPlatform, type AppVersion, ErrorCode } from '@chatpay/shared';
import { and, desc, eq, gt } from 'drizzle-orm';
import type { Executor } from '../../db/connection.ts';
import { uniqueViolation } from '../../lib/db-errors.ts';
import { AppError } from '../../lib/errors.ts';
import { appVersions } from './tables.ts';

type VersionRow = typeof appVersions.$inferSelect;

const present = (row: VersionRow): AppVersion => ({
  platform: row.platform as AppPlatform,
  version: row.version,
  versionCode: row.versionCode,
  downloadUrl: row.downloadUrl,
  forced: row.forced,
  notes: row.notes,
  releaseTime: row.createTime.toISOString(),
});

/** Compares dotted versions numerically ("4.10.0" > "4.9.9"). */
export const compareVersions = (a: string, b: string) => {
  const pa = a.split('.').map(Number);
  const pb = b.split('.').map(Number);
  for (let i = 0; i < Math.max(pa.length, pb.length); i++) {
    const d = (pa[i] ?? 0) - (pb[i] ?? 0);
    if (d !== 0) return Math.sign(d);
  }
  return 0;
};

/**
 * The platform's latest version (highest code) and whether it is newer than the caller's (by versionCode when
 * given, else by version). `forced` when any newer version is forced: skipping a forced one is not allowed.
 */
export const checkVersion = async (
  exec: Executor,
  input: { platform: AppPlatform; version?: string; versionCode?: number },
) => {
  const rows = await exec
    .select()
    .from(appVersions)
    .where(eq(appVersions.platform, input.platform))
    .orderBy(desc(appVersions.versionCode));
  const latest = rows[0];
  if (!latest) return { latest: null, hasUpdate: false, forced: false };
  const newer = rows.filter((r) =>
    input.versionCode !== undefined
      ? r.versionCode > input.versionCode
      : input.version !== undefined
        ? compareVersions(r.version, input.version) > 0
        : false,
  );
  return { latest: present(latest), hasUpdate: newer.length > 0, forced: newer.some((r) => r.forced) };
};

export const publishVersion = async (
  exec: Executor,
  input: Omit<AppVersion, 'releaseTime'>,
): Promise<AppVersion> => {
  try {
    const [row] = await exec.insert(appVersions).values(input).returning();
    return present(row!);
  } catch (error) {
    if (uniqueViolation(error) !== null) throw new AppError(ErrorCode.VersionExists);
    throw error;
  }
};

/**
 * Withdraws a published version: it no longer counts in the check, so a forced version published by mistake
 * (above every build that exists) stops blocking the members. The seeded version of the running build is one
 * like any other.
 */
export const withdrawVersion = async (
  exec: Executor,
  input: { platform: AppPlatform; versionCode: number },
): Promise<AppVersion> => {
  const [row] = await exec
    .delete(appVersions)
    .where(and(eq(appVersions.platform, input.platform), eq(appVersions.versionCode, input.versionCode)))
    .returning();
  if (!row) throw new AppError(ErrorCode.VersionNotFound);
  return present(row);
};

/** Seeds APP_VERSION (4.3.3, code 100, docs/product.md#limits) for every platform that has no version yet. */
export const seedVersions = async (exec: Executor) => {
  for (const platform of ['web', 'android', 'ios'] as const) {
    const [any] = await exec
      .select({ id: appVersions.id })
      .from(appVersions)
      .where(and(eq(appVersions.platform, platform), gt(appVersions.versionCode, 0)))
      .limit(1);
    if (any) continue;
    await exec
      .insert(appVersions)
      .values({
        platform,
        version: APP_VERSION,
        versionCode: APP_VERSION_CODE,
        downloadUrl: '',
        notes: 'First release',
      })
      .onConflictDoNothing();
  }
};
