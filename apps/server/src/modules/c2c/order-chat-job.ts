import type { Job } from '../../jobs/scheduler.ts';
import type { OrderService } from './orders.ts';

const BATCH = 500;

/**
 * `c2c-order-chats`: writes the chat of every order whose start committed the money but never wrote the chat
 * (the process died between the two transactions; docs/design/market.md, "Starting an order"), and delivers
 * its notices. Orders are taken with FOR UPDATE SKIP LOCKED, so any number of processes can run it and a
 * start writing its own chat right now is left alone.
 */
export const orderChatJob = (orders: OrderService): Job => ({
  name: 'c2c-order-chats',
  async run() {
    let handled = 0;
    while (handled < BATCH && (await orders.repairNextChat())) handled++;
    return handled;
  },
});
