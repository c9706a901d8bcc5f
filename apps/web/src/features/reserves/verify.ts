import { type PorProof, type PorSnapshot, verifyMemberProof, verifySnapshot } from '@chatpay/shared';
import { useEffect, useState } from 'react';

export interface ReservesVerdict {
  ok: boolean;
  /** What failed (English, from the shared checks): shown under the failed state as details. */
  problems: string[];
  /** Whether my own leaf was checked (false: I had no leaf, only the signed statement was). */
  leafChecked: boolean;
}

/**
 * Checks in this browser, with the shared implementation (WebCrypto SHA-256 and Ed25519): the operator's
 * signature with the key the app shows, the sums, and my leaf's path up to the signed root, as mine (my member
 * id). Without a proof (no leaf for me) the statement alone is checked.
 */
export const checkInBrowser = async (
  snapshot: PorSnapshot,
  proof: PorProof | null,
  expectedKey: string,
  memberId: string,
): Promise<ReservesVerdict> => {
  try {
    const verdict = proof
      ? await verifyMemberProof(proof, { expectedKey, expect: { memberId } })
      : await verifySnapshot(snapshot, expectedKey);
    if (proof && proof.snapshot.signature !== snapshot.signature)
      return { ok: false, problems: ['the proof is of another snapshot'], leafChecked: true };
    return { ...verdict, leafChecked: proof !== null };
  } catch (error) {
    return { ok: false, problems: [(error as Error).message], leafChecked: proof !== null };
  }
};

/** The browser's check of the snapshot shown (undefined while it runs); run again when the snapshot changes. */
export const useReservesVerdict = (
  snapshot: PorSnapshot | null | undefined,
  proof: PorProof | null | undefined,
  expectedKey: string | undefined,
  memberId: string | undefined,
) => {
  const [verdict, setVerdict] = useState<{ of: string; verdict: ReservesVerdict } | null>(null);
  const of = `${snapshot?.signature ?? ''}:${memberId ?? ''}:${proof === undefined ? 'waiting' : 'ready'}`;
  useEffect(() => {
    if (!snapshot || proof === undefined || !expectedKey || !memberId) return;
    let live = true;
    void checkInBrowser(snapshot, proof, expectedKey, memberId).then((v) => {
      if (live) setVerdict({ of, verdict: v });
    });
    return () => {
      live = false;
    };
  }, [of, snapshot, proof, expectedKey, memberId]);
  return verdict?.of === of ? verdict.verdict : undefined;
};
