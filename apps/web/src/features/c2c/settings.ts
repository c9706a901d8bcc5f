import { create } from 'zustand';
import { storage } from '../../lib/storage.ts';

const KEY = 'c2c-order-sound';

interface C2CSettings {
  /** Play the order chime on order status events (SPEC §4); on unless turned off. */
  orderSound: boolean;
  setOrderSound: (on: boolean) => void;
}

export const useC2CSettings = create<C2CSettings>()((set) => ({
  orderSound: storage.get(KEY) !== '0',
  setOrderSound: (on) => {
    storage.set(KEY, on ? '1' : '0');
    set({ orderSound: on });
  },
}));
