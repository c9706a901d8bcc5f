/** Query keys of proof of reserves. */
export const reservesKeys = {
  all: ['reserves'] as const,
  latest: () => [...reservesKeys.all, 'latest'] as const,
  /** My proof in a snapshot (the latest when no id). */
  proof: (id: number) => [...reservesKeys.all, 'proof', id] as const,
  /** The browser's own check of a proof or snapshot, by its signature (a snapshot never changes). */
  verdict: (signature: string, memberId: string) =>
    [...reservesKeys.all, 'verdict', signature, memberId] as const,
};
