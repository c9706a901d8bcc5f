import { create } from 'zustand';

/** The red packet whose "Open" view is showing on the chat page (one at a time). */
export const useOpenPacket = create<{
  packetId: number | null;
  open: (id: number) => void;
  close: () => void;
}>((set) => ({
  packetId: null,
  open: (packetId) => set({ packetId }),
  close: () => set({ packetId: null }),
}));
