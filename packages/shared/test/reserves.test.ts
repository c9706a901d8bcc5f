import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  buildLevels,
  fromHex,
  leafNode,
  type MemberProof,
  nodeToJson,
  POR_PROOF_FORMAT,
  POR_TREE_FORMAT,
  type PublishedTree,
  paddingNode,
  parentNode,
  proofInTree,
  proofPath,
  type SignedSnapshot,
  type SnapshotStatement,
  statementText,
  sumBytes,
  toHex,
  treeDepth,
  verifyMemberProof,
  verifyPublishedTree,
  verifySnapshot,
  webSha256,
} from '../src/index.ts';

/** WebCrypto as this test needs it (the shared package is typed without the DOM or Node). */
interface TestSubtle {
  digest(algorithm: string, data: Uint8Array): Promise<ArrayBuffer>;
  generateKey(
    algorithm: { name: string },
    extractable: boolean,
    usages: string[],
  ): Promise<{
    publicKey: unknown;
    privateKey: unknown;
  }>;
  exportKey(format: 'raw', key: unknown): Promise<ArrayBuffer>;
  sign(algorithm: { name: string }, key: unknown, data: Uint8Array): Promise<ArrayBuffer>;
}
const subtle = (globalThis as unknown as { crypto: { subtle: TestSubtle } }).crypto.subtle;
const random = (n: number) => {
  const out = new Uint8Array(n);
  (
    globalThis as unknown as { crypto: { getRandomValues(a: Uint8Array): Uint8Array } }
  ).crypto.getRandomValues(out);
  return out;
};
const utf8 = (s: string): Uint8Array =>
  new (
    globalThis as unknown as { TextEncoder: new () => { encode(s: string): Uint8Array } }
  ).TextEncoder().encode(s);
const clone = <T>(value: T): T => JSON.parse(JSON.stringify(value)) as T;

const keys = await subtle.generateKey({ name: 'Ed25519' }, true, ['sign', 'verify']);
const publicKey = toHex(new Uint8Array(await subtle.exportKey('raw', keys.publicKey)));
const sign = async (s: SnapshotStatement): Promise<SignedSnapshot> => ({
  ...s,
  signature: toHex(
    new Uint8Array(await subtle.sign({ name: 'Ed25519' }, keys.privateKey, utf8(statementText(s)))),
  ),
});

interface Member {
  memberId: string;
  balance: bigint;
}

/** What the server does: a leaf per member with its own salt, the levels, a signed statement. */
const snapshotOf = async (members: Member[], extra: Partial<SnapshotStatement> = {}) => {
  const salts = members.map(() => random(32));
  const leaves = await Promise.all(
    members.map((m, i) => leafNode(webSha256, { salt: salts[i]!, memberId: m.memberId, balance: m.balance })),
  );
  const levels = await buildLevels(webSha256, leaves);
  const root = levels[levels.length - 1]![0]!;
  const snapshot = await sign({
    id: 7,
    time: '2025-01-02T03:04:05.000Z',
    ledgerPosition: '4242',
    members: members.length,
    root: toHex(root.hash),
    memberLiabilities: root.sum.toString(),
    escrow: [{ code: 'c2c-escrow', balance: '500' }],
    liabilities: (root.sum + 500n).toString(),
    reserves: '1000000',
    addresses: [
      {
        network: 'ERC20',
        chainId: 31337,
        token: '0x5FbDB2315678afecb367f032d93F642f64180aa3',
        block: '12',
        blockHash: `0x${'ab'.repeat(32)}`,
        kind: 'hot',
        address: '0x0000000000000000000000000000000000000001',
        balance: '1000000',
        signature: `0x${'cd'.repeat(65)}`,
      },
    ],
    skipped: [{ network: 'TRC20', reason: 'no TRON node' }],
    publicKey,
    ...extra,
  });
  const pad = await paddingNode(webSha256);
  const proofOf = (index: number): MemberProof => ({
    format: POR_PROOF_FORMAT,
    snapshot,
    leaf: {
      index,
      memberId: members[index]!.memberId,
      salt: toHex(salts[index]!),
      balance: members[index]!.balance.toString(),
    },
    path: proofPath(levels, index, pad).map(nodeToJson),
  });
  const tree: PublishedTree = { format: POR_TREE_FORMAT, snapshot, leaves: leaves.map(nodeToJson) };
  return { snapshot, proofOf, tree, levels };
};

const seven: Member[] = [10001, 10002, 10003, 10004, 10005, 10006, 10007].map((id, i) => ({
  memberId: String(id),
  balance: BigInt((i + 1) * 1_000_000),
}));

describe('the hash layout', () => {
  it('a leaf is SHA-256(0x00 ‖ salt ‖ len ‖ member id ‖ balance as 16 bytes)', async () => {
    const salt = fromHex('11'.repeat(32))!;
    const leaf = await leafNode(webSha256, { salt, memberId: '10001', balance: 1_500_000n });
    const bytes = new Uint8Array([
      0x00,
      ...salt,
      5,
      ...utf8('10001'),
      ...new Uint8Array(13),
      0x16,
      0xe3,
      0x60,
    ]);
    expect(toHex(leaf.hash)).toBe(toHex(new Uint8Array(await subtle.digest('SHA-256', bytes))));
    // Pinned: another implementation of docs/design/reserves.md gets this same hash.
    expect(toHex(leaf.hash)).toBe('f41a8dae3d5c7f4eb3408fba9c5f7abdb0376fa47ac08ce8b27d120c2c176235');
    expect(leaf.sum).toBe(1_500_000n);
  });

  it('a node hashes both children with their sums; the padding node is SHA-256(0x02) with sum 0', async () => {
    const a = { hash: fromHex('aa'.repeat(32))!, sum: 3n };
    const b = { hash: fromHex('bb'.repeat(32))!, sum: 4n };
    const node = await parentNode(webSha256, a, b);
    const bytes = new Uint8Array([0x01, ...a.hash, ...sumBytes(3n), ...b.hash, ...sumBytes(4n)]);
    expect(toHex(node.hash)).toBe(toHex(new Uint8Array(await subtle.digest('SHA-256', bytes))));
    expect(node.sum).toBe(7n);
    const pad = await paddingNode(webSha256);
    expect(toHex(pad.hash)).toBe(toHex(new Uint8Array(await subtle.digest('SHA-256', Uint8Array.of(2)))));
    expect(pad.sum).toBe(0n);
  });

  it('the depth is ceil(log2(leaves)); an odd level is padded; no leaves is the padding root', async () => {
    expect([0, 1, 2, 3, 4, 5, 8, 9, 1000].map(treeDepth)).toEqual([0, 0, 1, 2, 2, 3, 3, 4, 10]);
    const { levels } = await snapshotOf(seven);
    expect(levels.map((l) => l.length)).toEqual([7, 4, 2, 1]);
    const empty = await buildLevels(webSha256, []);
    expect(empty).toEqual([[await paddingNode(webSha256)]]);
  });
});

describe('a member proof', () => {
  it('every member of any tree verifies, and the root sums every balance', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.bigInt({ min: 0n, max: 10n ** 15n }), { minLength: 1, maxLength: 40 }),
        async (balances) => {
          const members = balances.map((balance, i) => ({ memberId: String(20000 + i), balance }));
          const { snapshot, proofOf } = await snapshotOf(members);
          expect(snapshot.memberLiabilities).toBe(balances.reduce((a, b) => a + b, 0n).toString());
          for (let i = 0; i < members.length; i++) {
            const verdict = await verifyMemberProof(proofOf(i), {
              expectedKey: publicKey,
              expect: { memberId: members[i]!.memberId, balance: members[i]!.balance.toString() },
            });
            expect(verdict).toEqual({ ok: true, problems: [] });
          }
        },
      ),
      { numRuns: 25 },
    );
  });

  it('tampering with the leaf, the salt, a sum, a hash, the index or the signature fails', async () => {
    const { proofOf } = await snapshotOf(seven);
    const good = proofOf(2);
    const flip = (hex: string) => `${hex.slice(0, -1)}${hex.endsWith('0') ? '1' : '0'}`;
    const tampered: [string, (p: MemberProof) => void][] = [
      ['leaf balance', (p) => (p.leaf.balance = '3000001')],
      ['leaf salt', (p) => (p.leaf.salt = flip(p.leaf.salt))],
      ['leaf member id', (p) => (p.leaf.memberId = '10004')],
      ['leaf index', (p) => (p.leaf.index = 3)],
      ['a sibling hash', (p) => (p.path[1]!.hash = flip(p.path[1]!.hash))],
      ['a sibling sum', (p) => (p.path[0]!.sum = String(BigInt(p.path[0]!.sum) + 1n))],
      // Moving money between a sibling and the leaf keeps the total: the node hashes still catch it.
      [
        'money moved from a sibling to the leaf',
        (p) => {
          p.path[0]!.sum = String(BigInt(p.path[0]!.sum) - 1n);
          p.leaf.balance = String(BigInt(p.leaf.balance) + 1n);
        },
      ],
      ['a path step dropped', (p) => p.path.pop()],
      ['the root', (p) => (p.snapshot.root = flip(p.snapshot.root))],
      ['the signed total', (p) => (p.snapshot.memberLiabilities = '1')],
      ['the liabilities', (p) => (p.snapshot.liabilities = String(BigInt(p.snapshot.liabilities) - 1n))],
      ['the reserves', (p) => (p.snapshot.reserves = '999999999')],
      ['a reserve balance', (p) => (p.snapshot.addresses[0]!.balance = '2000000')],
      ['the ledger position', (p) => (p.snapshot.ledgerPosition = '4243')],
      ['the time', (p) => (p.snapshot.time = '2025-01-02T03:04:06.000Z')],
      ['a skipped network', (p) => (p.snapshot.skipped = [])],
      ['the signature', (p) => (p.snapshot.signature = flip(p.snapshot.signature))],
      ['the public key', (p) => (p.snapshot.publicKey = flip(p.snapshot.publicKey))],
    ];
    expect((await verifyMemberProof(clone(good))).ok).toBe(true);
    for (const [what, change] of tampered) {
      const proof = clone(good);
      change(proof);
      const verdict = await verifyMemberProof(proof);
      expect(verdict.ok, what).toBe(false);
      expect(verdict.problems.length, what).toBeGreaterThan(0);
    }
  });

  it('any change of one character of the proof file fails', async () => {
    const { proofOf } = await snapshotOf(seven);
    const text = JSON.stringify(proofOf(4));
    // Positions of hex digits inside values (strings that are not keys, and numbers), except the format name.
    const editable: number[] = [];
    for (const m of text.matchAll(/"((?:[^"\\]|\\.)*)"(\s*:)?|-?\d+/g)) {
      if (m[2] || m[1] === POR_PROOF_FORMAT) continue;
      const start = m[0].startsWith('"') ? m.index + 1 : m.index;
      const body = m[1] ?? m[0];
      for (let i = 0; i < body.length; i++) if (/[0-9a-f]/.test(body[i]!)) editable.push(start + i);
    }
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...editable),
        fc.constantFrom(...'0123456789abcdef'),
        async (at, c) => {
          fc.pre(text[at] !== c);
          let proof: MemberProof;
          try {
            proof = JSON.parse(`${text.slice(0, at)}${c}${text.slice(at + 1)}`) as MemberProof;
          } catch {
            return;
          }
          expect((await verifyMemberProof(proof)).ok).toBe(false);
        },
      ),
      { numRuns: 150 },
    );
  });

  it('verifies only for the member and balance it was made for', async () => {
    const { proofOf } = await snapshotOf(seven);
    const mine = proofOf(0);
    expect((await verifyMemberProof(mine, { expect: { memberId: '10001', balance: '1000000' } })).ok).toBe(
      true,
    );
    // Another member shown this proof, or the balance they held being different, fails.
    expect((await verifyMemberProof(mine, { expect: { memberId: '10002' } })).ok).toBe(false);
    expect((await verifyMemberProof(mine, { expect: { balance: '1000001' } })).ok).toBe(false);
    // My leaf on my neighbour's path does not reach the root.
    const swapped = { ...mine, path: proofOf(1).path };
    expect((await verifyMemberProof(swapped)).ok).toBe(false);
  });

  it('a key other than the one the app shows fails', async () => {
    const { proofOf } = await snapshotOf(seven);
    const other = toHex(
      new Uint8Array(
        await subtle.exportKey(
          'raw',
          (await subtle.generateKey({ name: 'Ed25519' }, true, ['sign'])).publicKey,
        ),
      ),
    );
    expect((await verifyMemberProof(proofOf(0), { expectedKey: other })).ok).toBe(false);
  });
});

describe('a negative balance cannot hide a liability', () => {
  it('a negative leaf or sum has no encoding: the tree cannot be built', async () => {
    expect(() => sumBytes(-1n)).toThrow(/negative/);
    await expect(leafNode(webSha256, { salt: random(32), memberId: '1', balance: -5n })).rejects.toThrow(
      /negative/,
    );
    const a = { hash: random(32), sum: 10n };
    await expect(parentNode(webSha256, a, { hash: random(32), sum: -10n })).rejects.toThrow(/negative/);
  });

  it('a sibling sum below zero in a proof fails, even when the root and total are then right', async () => {
    const { proofOf } = await snapshotOf(seven);
    const proof = proofOf(0);
    proof.path[0]!.sum = '-2000000';
    const verdict = await verifyMemberProof(proof);
    expect(verdict.ok).toBe(false);
    expect(verdict.problems.join(' ')).toMatch(/not a non-negative integer/);
  });

  it('a reserve address counted twice fails, even signed', async () => {
    const { snapshot } = await snapshotOf(seven);
    const { signature: _, ...statement } = snapshot;
    const twice = await sign({
      ...statement,
      addresses: [...statement.addresses, ...statement.addresses],
      reserves: '2000000',
    });
    expect((await verifySnapshot(twice)).problems.join(' ')).toMatch(/counted twice/);
  });

  it('a signed statement with a negative total or escrow fails', async () => {
    const { snapshot } = await snapshotOf(seven);
    for (const change of [
      { memberLiabilities: '-1' },
      { escrow: [{ code: 'c2c-escrow', balance: '-500' }] },
      { reserves: '-1' },
    ]) {
      const { signature: _, ...statement } = { ...snapshot, ...change };
      const signed = await sign(statement);
      expect((await verifySnapshot(signed)).ok, JSON.stringify(change)).toBe(false);
    }
  });
});

describe('the published tree', () => {
  it('verifies whole, and finds a member proof at its index', async () => {
    const { tree, proofOf } = await snapshotOf(seven);
    expect(await verifyPublishedTree(tree, { expectedKey: publicKey })).toEqual({ ok: true, problems: [] });
    expect((await proofInTree(proofOf(5), tree)).ok).toBe(true);
    const moved = { ...proofOf(5), leaf: { ...proofOf(5).leaf, index: 4 } };
    expect((await proofInTree(moved, tree)).ok).toBe(false);
  });

  it('a changed, dropped or added leaf fails', async () => {
    const { tree } = await snapshotOf(seven);
    const changes: ((t: PublishedTree) => void)[] = [
      (t) => (t.leaves[3]!.sum = String(BigInt(t.leaves[3]!.sum) + 1n)),
      (t) => (t.leaves[3]!.hash = t.leaves[4]!.hash),
      (t) => t.leaves.pop(),
      (t) => t.leaves.push({ hash: '00'.repeat(32), sum: '0' }),
      (t) => t.leaves.reverse(),
    ];
    for (const change of changes) {
      const copy = clone(tree);
      change(copy);
      expect((await verifyPublishedTree(copy)).ok).toBe(false);
    }
  });
});
