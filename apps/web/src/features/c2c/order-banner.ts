import type { OrderStatusPayload } from '@chatpay/shared';
import { create } from 'zustand';

/**
 * An order event that arrived while the member was not on that order's pages (or was writing): instead of
 * taking them to the order and losing their place, the app shows this banner until they open it, dismiss it
 * or reach the order themselves.
 */
export const useOrderBanner = create<{
  order: OrderStatusPayload | null;
  show: (order: OrderStatusPayload) => void;
  dismiss: () => void;
}>()((set) => ({
  order: null,
  show: (order) => set({ order }),
  dismiss: () => set({ order: null }),
}));
