import type { ConsoleBadgeKind } from '@chatpay/shared';
import { create } from 'zustand';

/** New items per console queue since the staff member last opened it (the menu's live badges). */
export const useBadges = create<{
  counts: Partial<Record<ConsoleBadgeKind, number>>;
  bump(kind: ConsoleBadgeKind): void;
  clear(kind: ConsoleBadgeKind): void;
}>((set) => ({
  counts: {},
  bump: (kind) => set((s) => ({ counts: { ...s.counts, [kind]: (s.counts[kind] ?? 0) + 1 } })),
  clear: (kind) => set((s) => ({ counts: { ...s.counts, [kind]: 0 } })),
}));

const kinds: readonly string[] = ['appeal', 'merchant', 'withdrawal', 'complain', 'feedback'];
export const isBadgeKind = (value: unknown): value is ConsoleBadgeKind =>
  typeof value === 'string' && kinds.includes(value);
