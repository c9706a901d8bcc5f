import {
  ADDRESS_BOOK_MAX,
  type AddressBook,
  ErrorCode,
  type Network,
  type SavedAddress,
} from '@chatpay/shared';
import { and, count, desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/connection.ts';
import type { Ports } from '../../http/ports.ts';
import type { Clock } from '../../lib/clock.ts';
import { uniqueViolation } from '../../lib/db-errors.ts';
import { AppError } from '../../lib/errors.ts';
import type { Realtime } from '../../realtime/socket.ts';
import { recordAudit } from '../audit/index.ts';
import { checkDestination } from './destination.ts';
import type { ChainRuntime } from './runtime.ts';
import { withdrawalAddresses, withdrawalSettings } from './tables.ts';

type AddressRow = typeof withdrawalAddresses.$inferSelect;

const HOUR_MS = 3600_000;

const presentAddress = (row: AddressRow, now: Date): SavedAddress => ({
  id: row.id,
  network: row.network as Network,
  address: row.address,
  label: row.label,
  usableFrom: row.usableFrom.toISOString(),
  usable: row.usableFrom <= now,
  createTime: row.createTime.toISOString(),
});

/**
 * The member's withdrawal address book (docs/security.md, "Withdrawal address book"): saved addresses with a
 * label, each usable a delay after it was saved, and the allowlist mode in which withdrawals go only to them.
 */
export class AddressBookService {
  constructor(
    private readonly db: Db,
    private readonly chain: ChainRuntime,
    private readonly clock: Clock,
    private readonly realtime: Realtime,
    private readonly ports: Ports,
    /** Hours between saving an address (or turning the allowlist off) and its effect. */
    private readonly delayHours: number,
  ) {}

  private delayed(now: Date) {
    return new Date(now.getTime() + this.delayHours * HOUR_MS);
  }

  /** Whether withdrawals go only to saved addresses now, and when a requested "off" takes effect. */
  private async allowlistOf(userId: number, now: Date) {
    const [row] = await this.db
      .select()
      .from(withdrawalSettings)
      .where(eq(withdrawalSettings.userId, userId));
    const offFrom = row?.allowlist ? row.allowlistOffFrom : null;
    return { on: Boolean(row?.allowlist) && !(offFrom && offFrom <= now), offFrom };
  }

  async list(userId: number): Promise<AddressBook> {
    const now = this.clock.now();
    const [allowlist, rows] = await Promise.all([
      this.allowlistOf(userId, now),
      this.db
        .select()
        .from(withdrawalAddresses)
        .where(eq(withdrawalAddresses.userId, userId))
        .orderBy(desc(withdrawalAddresses.id)),
    ]);
    return {
      allowlist: allowlist.on,
      allowlistOffFrom: allowlist.on && allowlist.offFrom ? allowlist.offFrom.toISOString() : null,
      delayHours: this.delayHours,
      list: rows.map((r) => presentAddress(r, now)),
    };
  }

  /**
   * Saving a withdrawal address: the one way an address enters the book, so a step-up check (a second factor)
   * belongs here. The address is checked as a withdrawal checks it; the member is told in their service chat.
   */
  async add(userId: number, input: { network: Network; address: string; label: string }) {
    const { adapter, address } = await checkDestination(this.db, this.chain, input.network, input.address);
    const now = this.clock.now();
    const [saved] = await this.db
      .select({ n: count() })
      .from(withdrawalAddresses)
      .where(eq(withdrawalAddresses.userId, userId));
    if ((saved?.n ?? 0) >= ADDRESS_BOOK_MAX) throw new AppError(ErrorCode.AddressBookFull);
    let row: AddressRow;
    try {
      row = await this.db.transaction(async (tx) => {
        const [created] = await tx
          .insert(withdrawalAddresses)
          .values({
            userId,
            network: input.network,
            address,
            addressKey: adapter.addressKey(address),
            label: input.label,
            usableFrom: this.delayed(now),
            createTime: now,
          })
          .returning();
        await recordAudit(tx, {
          actorId: userId,
          action: 'usdt:address:add',
          targetUserId: userId,
          reason: `${input.network} ${address} ${input.label}`.slice(0, 200),
        });
        return created!;
      });
    } catch (error) {
      if (uniqueViolation(error) === 'withdrawal_addresses_user_key')
        throw new AppError(ErrorCode.AddressAlreadySaved);
      throw error;
    }
    await this.ports.accountNotices.notify(this.db, this.realtime, userId, {
      type: 'wallet.addressAdded',
      text: `A withdrawal address was added to your address book: ${row.label} (${row.network} ${row.address}). It can be used from ${row.usableFrom.toISOString()}. If this was not you, change your password and contact support.`,
      network: row.network,
      address: row.address,
      label: row.label,
      usableFrom: row.usableFrom.toISOString(),
    });
    return presentAddress(row, now);
  }

  async label(userId: number, input: { id: number; label: string }) {
    const [row] = await this.db
      .update(withdrawalAddresses)
      .set({ label: input.label })
      .where(and(eq(withdrawalAddresses.id, input.id), eq(withdrawalAddresses.userId, userId)))
      .returning();
    if (!row) throw new AppError(ErrorCode.AddressBookEntryNotFound);
    return presentAddress(row, this.clock.now());
  }

  async remove(userId: number, id: number) {
    return this.db.transaction(async (tx) => {
      const [row] = await tx
        .delete(withdrawalAddresses)
        .where(and(eq(withdrawalAddresses.id, id), eq(withdrawalAddresses.userId, userId)))
        .returning();
      if (!row) throw new AppError(ErrorCode.AddressBookEntryNotFound);
      await recordAudit(tx, {
        actorId: userId,
        action: 'usdt:address:remove',
        targetUserId: userId,
        reason: `${row.network} ${row.address} ${row.label}`.slice(0, 200),
      });
      return { id: row.id };
    });
  }

  /**
   * On at once; off only after the delay, so a stolen session cannot switch it off and withdraw at once.
   * Asking for "on" again cancels a pending "off".
   */
  async setAllowlist(userId: number, enabled: boolean) {
    const now = this.clock.now();
    const current = await this.allowlistOf(userId, now);
    const next = enabled
      ? { allowlist: true, allowlistOffFrom: null }
      : current.on
        ? { allowlist: true, allowlistOffFrom: current.offFrom ?? this.delayed(now) }
        : { allowlist: false, allowlistOffFrom: null };
    await this.db.transaction(async (tx) => {
      await tx
        .insert(withdrawalSettings)
        .values({ userId, ...next, updateTime: now })
        .onConflictDoUpdate({ target: withdrawalSettings.userId, set: { ...next, updateTime: now } });
      await recordAudit(tx, {
        actorId: userId,
        action: enabled ? 'usdt:allowlist:on' : 'usdt:allowlist:off',
        targetUserId: userId,
      });
    });
    return this.list(userId);
  }

  /** With the allowlist on, a withdrawal goes only to a saved address whose delay has passed. */
  async assertMayWithdrawTo(userId: number, network: Network, addressKey: string) {
    const now = this.clock.now();
    if (!(await this.allowlistOf(userId, now)).on) return;
    const [saved] = await this.db
      .select({ usableFrom: withdrawalAddresses.usableFrom })
      .from(withdrawalAddresses)
      .where(
        and(
          eq(withdrawalAddresses.userId, userId),
          eq(withdrawalAddresses.network, network),
          eq(withdrawalAddresses.addressKey, addressKey),
        ),
      );
    if (!saved) throw new AppError(ErrorCode.AddressNotSaved);
    if (saved.usableFrom > now)
      throw new AppError(
        ErrorCode.AddressNotYetUsable,
        `This address can be used from ${saved.usableFrom.toISOString()}`,
        { usableFrom: saved.usableFrom.toISOString() },
      );
  }
}
