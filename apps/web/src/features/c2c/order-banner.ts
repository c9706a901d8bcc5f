import type { OrderReminderPayload, OrderStatusPayload } from '@chatpay/shared';
import { create } from 'zustand';

/** What the banner says about an order: its new status, or a countdown reminder (`payment-soon`, `release-due`). */
export type OrderBannerItem = ({ kind: 'status' } & OrderStatusPayload) | OrderReminderPayload;

/**
 * An order event that arrived while the member was not on that order's pages (or was writing), or a reminder
 * of its countdown: instead of taking them to the order and losing their place, the app shows this banner
 * until they open it, dismiss it or reach the order themselves. The newest event replaces an older one.
 */
export const useOrderBanner = create<{
  order: OrderBannerItem | null;
  show: (order: OrderBannerItem) => void;
  dismiss: () => void;
}>()((set) => ({
  order: null,
  show: (order) => set({ order }),
  dismiss: () => set({ order: null }),
}));
