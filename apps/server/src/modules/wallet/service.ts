import {
  ErrorCode,
  formatUsdt,
  MIN_TRANSFER,
  micro,
  type Network,
  parseUsdt,
  type TransferResult,
  type WalletEntry,
} from '@chatpay/shared';
import type { Db } from '../../db/connection.ts';
import type { Ports } from '../../http/ports.ts';
import { AppError } from '../../lib/errors.ts';
import type { Realtime } from '../../realtime/socket.ts';
import { findNetwork, type NetworkConfig, withdrawalFee } from '../chain/index.ts';
import { memberBalances } from '../ledger/index.ts';
import type { OutflowGuard } from '../outflow/index.ts';
import { verifyPin } from '../user/index.ts';
import { describeRefs } from './history-refs.ts';
import {
  type HistoryRow,
  presentBalance,
  presentEntry,
  presentNetwork,
  presentTransfer,
} from './presenter.ts';
import {
  counterparties,
  findMember,
  findTransferParties,
  type HistoryType,
  historyEntry,
  historyPage,
  historySummary,
} from './queries.ts';
import { transferFunds } from './transfer.ts';

const MIN_TRANSFER_MICRO = parseUsdt(MIN_TRANSFER);

export class WalletService {
  constructor(
    private readonly db: Db,
    /** The networks' settings as the chain runs them (docs/design/chain.md). */
    private readonly networks: readonly NetworkConfig[],
    private readonly realtime: Realtime,
    private readonly ports: Ports,
    private readonly outflows: OutflowGuard,
  ) {}

  async balance(userId: number) {
    return presentBalance(await memberBalances(this.db, userId));
  }

  async info(userId: number) {
    const summary = await historySummary(this.db, userId);
    return {
      income: formatUsdt(micro(summary.income)),
      expense: formatUsdt(micro(summary.expense)),
      networks: this.networks.map(presentNetwork),
    };
  }

  async count(userId: number) {
    const s = await historySummary(this.db, userId);
    return { total: s.total, income: s.incomeCount, expense: s.expenseCount };
  }

  async page(userId: number, opts: { page: number; size: number; type?: HistoryType }) {
    const { rows, total } = await historyPage(this.db, userId, opts);
    return {
      list: await this.hydrate(userId, rows),
      pagination: { page: opts.page, size: opts.size, total },
    };
  }

  /** One entry of my history; someone else's (or none) is NotFound, telling a stranger nothing. */
  async detail(userId: number, entryId: number) {
    const row = await historyEntry(this.db, userId, entryId);
    if (!row) throw new AppError(ErrorCode.NotFound);
    const [entry] = await this.hydrate(userId, [row]);
    return entry!;
  }

  /** History rows with their business records and other members (hydration; the presenter never queries). */
  private async hydrate(userId: number, rows: HistoryRow[]): Promise<WalletEntry[]> {
    const [refs, others] = await Promise.all([
      describeRefs(this.db, userId, rows, this.ports.historyRefs),
      counterparties(
        this.db,
        userId,
        rows.map((r) => r.id),
      ),
    ]);
    return rows.map((r) =>
      presentEntry(r, refs.get(`${r.refType}:${r.refId}`) ?? null, others.get(r.id) ?? null),
    );
  }

  /** Withdrawal fee preview; answers for disabled networks too (the settings are known). */
  estimate(network: Network, amountText: string) {
    const config = findNetwork(this.networks, network);
    const amount = parseUsdt(amountText);
    const fee = withdrawalFee(config, amount);
    return {
      network,
      enabled: config.enabled,
      amount: formatUsdt(amount),
      gasFee: formatUsdt(micro(config.gasFee)),
      fee: formatUsdt(micro(fee)),
      receive: formatUsdt(amount),
      total: formatUsdt(micro(amount + fee)),
      minimum: formatUsdt(micro(config.minWithdrawal)),
      belowMinimum: amount < config.minWithdrawal,
    };
  }

  async verifyMember(memberId: string) {
    const member = await findMember(this.db, memberId);
    if (!member) throw new AppError(ErrorCode.MemberNotFound);
    return { memberId: member.memberId, nickName: member.nickName, avatar: member.avatar };
  }

  /**
   * A member pays another by member id (wallet and MCC transfer). Checks that cost nothing come first, then the
   * PIN (its own statements, so wrong attempts count), then the posting; idempotent by (caller, requestId).
   * The outgoing-money guard and the posting share one transaction (the guard's row and lock live with it);
   * the parties are read in one query that also names the sender and reads their PIN state.
   */
  async transfer(
    callerId: number,
    input: { memberId: string; amount: string; pin: string; requestId: string },
  ): Promise<TransferResult> {
    const amount = parseUsdt(input.amount);
    if (amount < MIN_TRANSFER_MICRO) {
      throw new AppError(ErrorCode.AmountBelowMinimum, `The minimum transfer is ${MIN_TRANSFER} USDT`, {
        minimum: MIN_TRANSFER,
      });
    }
    const { recipient, caller, callerPin } = await findTransferParties(this.db, input.memberId, callerId);
    if (!recipient) throw new AppError(ErrorCode.MemberNotFound);
    if (recipient.id === callerId) throw new AppError(ErrorCode.CannotTransferToSelf);
    await verifyPin(this.db, callerId, input.pin, callerPin ?? undefined);
    const key = `transfer:${callerId}:${input.requestId}`;
    const entry = await this.db.transaction(async (tx) => {
      await this.outflows.check(tx, { userId: callerId, channel: 'transfer', amount, key });
      return transferFunds(tx, {
        fromUserId: callerId,
        toUserId: recipient.id,
        amount,
        key,
        kind: 'transfer',
        createdBy: callerId,
      });
    });
    if (!entry.replayed && caller) await this.tellRecipient(caller, recipient.id, entry.id, amount);
    return presentTransfer(entry, amount, recipient);
  }

  /**
   * The receiver of a transfer by member id learns of it at once: a `wallet` event refreshes an open
   * wallet, and a notice in their service chat names the sender (nickname and member id, never a login name).
   */
  private async tellRecipient(
    sender: { nickName: string; memberId: string },
    recipientId: number,
    entryId: number,
    amount: bigint,
  ) {
    const shown = formatUsdt(micro(amount));
    const from = { nickName: sender.nickName, memberId: sender.memberId };
    this.realtime.emitToUser(recipientId, 'wallet', { kind: 'transferIn', entryId, amount: shown, from });
    await this.ports.accountNotices.notify(this.db, this.realtime, recipientId, {
      type: 'wallet.transferIn',
      text: `You received ${shown} USDT from ${sender.nickName} (member ID ${sender.memberId})`,
      amount: shown,
      name: sender.nickName,
      memberId: sender.memberId,
    });
  }
}
