import { formatUsdt, micro } from '@chatpay/shared';
import type { Executor } from '../../db/connection.ts';
import { queueMerchantWebhook } from '../c2c/index.ts';
import type { PayOrderRow } from './presenter.ts';

/**
 * Queues the merchant's webhook for a paid or refunded order in the money transaction (the C2C job posts it,
 * signed). Goods orders have no merchant and notify no one.
 */
export const queuePayWebhook = async (
  tx: Executor,
  row: PayOrderRow,
  event: 'payment.paid' | 'payment.refunded',
  now: Date,
  refund?: { refundRef: string; amount: bigint },
) => {
  if (row.payeeId === null) return;
  await queueMerchantWebhook(
    tx,
    row.payeeId,
    row.id,
    {
      event,
      orderNo: row.orderNo,
      merchantOrderRef: row.merchantRef,
      status: row.status,
      amount: formatUsdt(micro(row.amount)),
      refunded: formatUsdt(micro(row.refunded)),
      ...(refund ? { refundRef: refund.refundRef, refundAmount: formatUsdt(micro(refund.amount)) } : {}),
      time: now.toISOString(),
    },
    row.notifyUrl || undefined,
  );
};
