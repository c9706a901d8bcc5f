import type { OrderStatusPayload } from '@chatpay/shared';
import { create } from 'zustand';

/**
 * An order event that arrived while the member was writing a chat message: instead of taking them
 * to the order page and losing their place, the chat shows this banner until they open it or dismiss it.
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
