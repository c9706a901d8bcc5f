import { Role } from '@chatpay/shared';
import { hash, verify } from '@node-rs/argon2';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { type Config, DEFAULT_ADMIN_PASSWORD, isLoopbackHost } from '../../config.ts';
import type { Db } from '../../db/connection.ts';
import { clearPasswordFailures } from './login-attempts.ts';
import { createUser } from './service.ts';
import { refreshTokens, users } from './tables.ts';

/** A start-up refusal with a message for the operator (main.ts prints it and exits 78, like a bad setting). */
export class StartupRefused extends Error {}

/** The administrator named by the configuration, created on the first start. */
export const seedAdmin = async (db: Db, config: Config) => {
  const [existing] = await db
    .select({ id: users.id })
    .from(users)
    .where(sql`lower(${users.username}) = lower(${config.ADMIN_USERNAME})`);
  if (existing) return;
  if (!config.ADMIN_PASSWORD && config.NODE_ENV === 'production') {
    throw new StartupRefused(
      `Refusing to start: the administrator "${config.ADMIN_USERNAME}" does not exist yet and ADMIN_PASSWORD is not set.\n` +
        '  Set ADMIN_PASSWORD (8+ characters, not the default) for the first start; it is read only to create the account.',
    );
  }
  await createUser(db, {
    username: config.ADMIN_USERNAME,
    password: config.ADMIN_PASSWORD ?? DEFAULT_ADMIN_PASSWORD,
    nickName: 'Admin',
    roles: [Role.User, Role.Admin],
  });
};

/**
 * The default administrator must never be reachable: in production, or when listening on an address other
 * than loopback, every start checks each admin's stored hash against the default password and refuses to
 * start if one still matches (docs/security.md). A development start on 127.0.0.1 only warns.
 */
export const defaultPasswordAdmins = async (db: Db): Promise<string[]> => {
  const admins = await db
    .select({ username: users.username, passwordHash: users.passwordHash })
    .from(users)
    .where(sql`${Role.Admin} = ANY(${users.roles})`);
  const found: string[] = [];
  for (const admin of admins) {
    if (await verify(admin.passwordHash, DEFAULT_ADMIN_PASSWORD).catch(() => false))
      found.push(admin.username);
  }
  return found;
};

export const refuseDefaultAdmin = async (
  db: Db,
  config: Config,
  log: { warn(obj: object, msg: string): void },
) => {
  if (config.NODE_ENV === 'test') return;
  const names = await defaultPasswordAdmins(db);
  if (names.length === 0) return;
  const exposed = config.NODE_ENV === 'production' || !isLoopbackHost(config.HOST);
  const how = names.map((n) => `npm run admin:password -- ${n}`).join('\n    ');
  if (exposed) {
    throw new StartupRefused(
      `Refusing to start: the administrator ${names.map((n) => `"${n}"`).join(', ')} still has the default password ` +
        `and the server would be reachable (${config.NODE_ENV === 'production' ? 'NODE_ENV=production' : `HOST=${config.HOST}`}).\n` +
        `  Set a new password with the server stopped:\n    ${how}\n  (docs/security.md, "Production install").`,
    );
  }
  log.warn({ admins: names }, `the default admin password is in use; change it with: ${how}`);
};

/**
 * Sets a member's login password (the `admin:password` command) and ends every session of theirs: refresh
 * tokens are revoked and access tokens stop working. It clears every address's login lock on the account and
 * starts the withdrawal hold, as a member's own password change does. Answers false when no such user exists.
 */
export const resetPassword = async (db: Db, username: string, password: string): Promise<boolean> => {
  const passwordHash = await hash(password);
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(users)
      // A new password starts the withdrawal hold, as a member's own password change does.
      .set({ passwordHash, sessionId: null, credentialsChangedAt: sql`now()`, updateTime: new Date() })
      .where(sql`lower(${users.username}) = lower(${username})`)
      .returning({ id: users.id });
    if (!row) return false;
    await clearPasswordFailures(tx, row.id);
    await tx
      .update(refreshTokens)
      .set({ revokedAt: new Date() })
      .where(and(eq(refreshTokens.userId, row.id), isNull(refreshTokens.revokedAt)));
    return true;
  });
};
