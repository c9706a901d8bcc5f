/**
 * Proof of reserves (docs/design/reserves.md): the exact bytes of the Merkle-sum tree and of the signed
 * statement, and every check of them. The server builds with these functions; the web app and
 * `npm run por:verify` check with them, so there is one implementation of the layout.
 *
 * Hashing and Ed25519 go through WebCrypto (`crypto.subtle`), which Node.js and browsers both have; the server
 * may pass its own synchronous SHA-256 (the same bytes, only faster for a large tree).
 */

/** The first byte of every hashed message: a leaf, a node and the padding node can never be confused. */
export const POR_TAG = { leaf: 0x00, node: 0x01, padding: 0x02 } as const;
/** Sums and balances are unsigned big-endian integers of this many bytes, in micro-USDT. */
export const POR_SUM_BYTES = 16;
export const POR_MAX_SUM = (1n << 128n) - 1n;
export const POR_SALT_BYTES = 32;
/** The first line of the signed statement, and the `format` of the files the app and the API hand out. */
export const POR_STATEMENT_HEAD = 'chatpay-proof-of-reserves/1';
export const POR_PROOF_FORMAT = 'chatpay-por-proof/1';
export const POR_TREE_FORMAT = 'chatpay-por-tree/1';
/** Member liabilities held outside member accounts (docs/design/reserves.md, "What counts"). */
export const POR_ESCROW_ACCOUNTS = ['c2c-escrow', 'redpacket'] as const;

export type Sha256 = (data: Uint8Array) => Uint8Array | Promise<Uint8Array>;

interface SubtleLike {
  digest(algorithm: string, data: Uint8Array): Promise<ArrayBuffer>;
  importKey(
    format: 'raw',
    key: Uint8Array,
    algorithm: { name: string },
    extractable: boolean,
    usages: string[],
  ): Promise<unknown>;
  verify(
    algorithm: { name: string },
    key: unknown,
    signature: Uint8Array,
    data: Uint8Array,
  ): Promise<boolean>;
}

/** WebCrypto, or null where the page is not a secure context (plain http on another host). */
const subtle = (): SubtleLike | null =>
  (globalThis as unknown as { crypto?: { subtle?: SubtleLike } }).crypto?.subtle ?? null;

const needSubtle = () => {
  const s = subtle();
  if (!s) throw new Error('WebCrypto (crypto.subtle) is not available here: open the app over HTTPS');
  return s;
};

/** SHA-256 through WebCrypto. */
export const webSha256: Sha256 = async (data) => new Uint8Array(await needSubtle().digest('SHA-256', data));

const utf8 = (text: string): Uint8Array =>
  new (
    globalThis as unknown as { TextEncoder: new () => { encode(s: string): Uint8Array } }
  ).TextEncoder().encode(text);

export const toHex = (bytes: Uint8Array) =>
  Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');

/** Lower-case hex of an even length, else null. */
export const fromHex = (hex: string): Uint8Array | null => {
  if (!/^(?:[0-9a-f]{2})*$/.test(hex)) return null;
  const out = new Uint8Array(hex.length / 2);
  for (let i = 0; i < out.length; i++) out[i] = Number.parseInt(hex.slice(i * 2, i * 2 + 2), 16);
  return out;
};

const concat = (...parts: Uint8Array[]) => {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
};

/**
 * A sum as 16 bytes, big-endian. A negative sum has no encoding: a balance below zero, which could cancel a
 * liability out of a subtree, cannot enter the tree (docs/design/reserves.md, "Hash layout").
 */
export const sumBytes = (sum: bigint): Uint8Array => {
  if (sum < 0n) throw new RangeError(`negative sum ${sum}: a balance below zero cannot be committed`);
  if (sum > POR_MAX_SUM) throw new RangeError(`sum ${sum} does not fit in ${POR_SUM_BYTES} bytes`);
  const out = new Uint8Array(POR_SUM_BYTES);
  let v = sum;
  for (let i = POR_SUM_BYTES - 1; i >= 0; i--) {
    out[i] = Number(v & 0xffn);
    v >>= 8n;
  }
  return out;
};

/** One node of the tree: its hash and the sum of the balances under it (micro-USDT). */
export interface SumNode {
  hash: Uint8Array;
  sum: bigint;
}

export interface LeafInput {
  /** 32 random bytes, made for this member in this snapshot and shown only to them. */
  salt: Uint8Array;
  /** The member id members see in the app (UTF-8, 1-255 bytes). */
  memberId: string;
  /** available + frozen, micro-USDT. */
  balance: bigint;
}

/** leaf = SHA-256(0x00 ‖ salt[32] ‖ len(memberId)[1] ‖ memberId ‖ balance[16]); its sum is the balance. */
export const leafNode = async (sha: Sha256, leaf: LeafInput): Promise<SumNode> => {
  if (leaf.salt.length !== POR_SALT_BYTES) throw new RangeError(`a salt is ${POR_SALT_BYTES} bytes`);
  const id = utf8(leaf.memberId);
  if (id.length < 1 || id.length > 255) throw new RangeError('a member id is 1-255 bytes of UTF-8');
  const hash = await sha(
    concat(Uint8Array.of(POR_TAG.leaf), leaf.salt, Uint8Array.of(id.length), id, sumBytes(leaf.balance)),
  );
  return { hash: new Uint8Array(hash), sum: leaf.balance };
};

/**
 * node = SHA-256(0x01 ‖ left.hash ‖ left.sum[16] ‖ right.hash ‖ right.sum[16]); its sum is left.sum + right.sum.
 * Both children's sums are hashed, not only their total, so no child's sum can be moved to its sibling.
 */
export const parentNode = async (sha: Sha256, left: SumNode, right: SumNode): Promise<SumNode> => {
  const sum = left.sum + right.sum;
  sumBytes(sum);
  const hash = await sha(
    concat(Uint8Array.of(POR_TAG.node), left.hash, sumBytes(left.sum), right.hash, sumBytes(right.sum)),
  );
  return { hash: new Uint8Array(hash), sum };
};

/** The right sibling of the last node of an odd level: SHA-256(0x02), sum 0. Also the root of an empty tree. */
export const paddingNode = async (sha: Sha256): Promise<SumNode> => ({
  hash: new Uint8Array(await sha(Uint8Array.of(POR_TAG.padding))),
  sum: 0n,
});

/** Levels above the leaves: ceil(log2(count)), 0 for one leaf or none. */
export const treeDepth = (count: number) => {
  let depth = 0;
  for (let width = count; width > 1; width = Math.ceil(width / 2)) depth++;
  return depth;
};

/** Every level of the tree, leaves first, the root alone last. */
export const buildLevels = async (sha: Sha256, leaves: readonly SumNode[]): Promise<SumNode[][]> => {
  const pad = await paddingNode(sha);
  if (leaves.length === 0) return [[pad]];
  const levels: SumNode[][] = [[...leaves]];
  let level = levels[0]!;
  while (level.length > 1) {
    const next: SumNode[] = [];
    for (let i = 0; i < level.length; i += 2)
      next.push(await parentNode(sha, level[i]!, level[i + 1] ?? pad));
    levels.push(next);
    level = next;
  }
  return levels;
};

/** The siblings from a leaf up to the root, bottom first (a padding node where a level had none). */
export const proofPath = (levels: readonly SumNode[][], index: number, pad: SumNode): SumNode[] =>
  levels.slice(0, -1).map((level, depth) => level[(index >> depth) ^ 1] ?? pad);

/** Walks a path up from a leaf: at each level bit `depth` of the index says whether we are the right child. */
export const rootFromPath = async (
  sha: Sha256,
  leaf: SumNode,
  index: number,
  path: readonly SumNode[],
): Promise<SumNode> => {
  let node = leaf;
  for (const [depth, sibling] of path.entries()) {
    node = (index >> depth) & 1 ? await parentNode(sha, sibling, node) : await parentNode(sha, node, sibling);
  }
  return node;
};

// ---- the statement --------------------------------------------------------------------------------------

/** One address that holds reserves, its token balance at the named block and its EIP-191 signature. */
export interface ReserveAddress {
  network: string;
  chainId: number;
  /** The token contract. */
  token: string;
  block: string;
  blockHash: string;
  kind: 'hot' | 'deposit';
  address: string;
  /** micro-USDT (the token's smallest unit: 6 decimals). */
  balance: string;
  /** personal_sign (EIP-191) of `reserveChallenge` by the address's key. */
  signature: string;
}

/** A member liability held in a system account (an open order's escrow, unclaimed red packets). */
export interface EscrowLine {
  code: string;
  balance: string;
}

/** A network whose reserves are not counted, and why. */
export interface SkippedNetwork {
  network: string;
  reason: string;
}

/** What the operator signs. Amounts are micro-USDT integers as decimal strings. */
export interface SnapshotStatement {
  id: number;
  /** When the ledger was read (ISO 8601, UTC). */
  time: string;
  /** The last journal entry the snapshot includes: it holds every entry up to this id and none after. */
  ledgerPosition: string;
  /** Leaves of the tree: members with ledger accounts. */
  members: number;
  /** Hex of the root's hash. */
  root: string;
  /** The root's sum: what member accounts hold. */
  memberLiabilities: string;
  escrow: EscrowLine[];
  /** memberLiabilities + Σ escrow. */
  liabilities: string;
  /** Σ address balances. */
  reserves: string;
  addresses: ReserveAddress[];
  skipped: SkippedNetwork[];
  /** Hex of the operator's Ed25519 public key (32 bytes). */
  publicKey: string;
}

export interface SignedSnapshot extends SnapshotStatement {
  /** Hex of the Ed25519 signature (64 bytes) of `statementText`. */
  signature: string;
}

const oneLine = (text: string) => text.replace(/\s+/g, ' ').trim();

/**
 * The exact text the operator signs (UTF-8, lines joined by "\n", no final newline): one `key value` line per
 * field in this order, then one line per escrow account, reserve address and skipped network.
 */
export const statementText = (s: SnapshotStatement) =>
  [
    POR_STATEMENT_HEAD,
    `snapshot ${s.id}`,
    `time ${s.time}`,
    `ledger-position ${s.ledgerPosition}`,
    `members ${s.members}`,
    `root ${s.root}`,
    `member-liabilities ${s.memberLiabilities}`,
    ...s.escrow.map((e) => `escrow ${e.code} ${e.balance}`),
    `liabilities ${s.liabilities}`,
    `reserves ${s.reserves}`,
    ...s.addresses.map(
      (a) =>
        `reserve ${a.network} ${a.chainId} ${a.token} ${a.block} ${a.blockHash} ${a.kind} ${a.address} ${a.balance} ${a.signature}`,
    ),
    ...s.skipped.map((k) => `skipped ${k.network} ${oneLine(k.reason)}`),
    `public-key ${s.publicKey}`,
  ].join('\n');

/** The message each reserve address signs (EIP-191 personal_sign): it names the snapshot's root. */
export const reserveChallenge = (input: {
  snapshotId: number;
  root: string;
  network: string;
  chainId: number;
  address: string;
}) =>
  [
    'Proof of reserves: this address belongs to the operator.',
    `snapshot: ${input.snapshotId}`,
    `root: ${input.root}`,
    `network: ${input.network} (chain ${input.chainId})`,
    `address: ${input.address}`,
  ].join('\n');

const UNITS = /^(0|[1-9][0-9]{0,38})$/;
const HASH = /^[0-9a-f]{64}$/;

/** A non-negative micro-USDT integer, or null (negative, malformed, too large). */
export const parseUnits = (text: unknown): bigint | null => {
  if (typeof text !== 'string' || !UNITS.test(text)) return null;
  const v = BigInt(text);
  return v <= POR_MAX_SUM ? v : null;
};

/** reserves ÷ liabilities in hundredths of a percent (12345 = 123.45 %), rounded down; null when nothing is owed. */
export const reserveRatioBasis = (reserves: bigint, liabilities: bigint): bigint | null =>
  liabilities === 0n ? null : (reserves * 10_000n) / liabilities;

/** "123.45" (percent), or null when nothing is owed. */
export const formatRatio = (reserves: bigint, liabilities: bigint): string | null => {
  const basis = reserveRatioBasis(reserves, liabilities);
  if (basis === null) return null;
  return `${basis / 100n}.${(basis % 100n).toString().padStart(2, '0')}`;
};

export interface Verdict {
  ok: boolean;
  /** What failed, in English (the CLI prints them; the app shows its own words and these as details). */
  problems: string[];
}

const verdict = (problems: string[]): Verdict => ({ ok: problems.length === 0, problems });

/** Checks an Ed25519 signature (hex) of a text with a public key (hex) through WebCrypto. */
export const verifyEd25519 = async (publicKeyHex: string, signatureHex: string, text: string) => {
  const key = fromHex(publicKeyHex);
  const signature = fromHex(signatureHex);
  if (key?.length !== 32 || signature?.length !== 64) return false;
  const s = needSubtle();
  const imported = await s.importKey('raw', key, { name: 'Ed25519' }, false, ['verify']);
  return s.verify({ name: 'Ed25519' }, imported, signature, utf8(text));
};

/**
 * The statement on its own: the signature over its text, its sums add up (liabilities = member liabilities +
 * escrow; reserves = Σ addresses, none counted twice), every amount is a non-negative integer, and the key is
 * the one expected when the caller names one (the key the app shows, or `--key`). The reserve addresses'
 * own signatures and balances need a chain library and a node: `npm run por:verify` checks them.
 */
export const verifySnapshot = async (s: SignedSnapshot, expectedKey?: string): Promise<Verdict> => {
  const problems: string[] = [];
  if (!HASH.test(s.root)) problems.push('the root is not a 32-byte hex hash');
  const member = parseUnits(s.memberLiabilities);
  const total = parseUnits(s.liabilities);
  const reserves = parseUnits(s.reserves);
  const escrow = s.escrow.map((e) => parseUnits(e.balance));
  const held = s.addresses.map((a) => parseUnits(a.balance));
  if (member === null)
    problems.push(`member liabilities ${s.memberLiabilities} are not a non-negative integer`);
  if (total === null) problems.push(`liabilities ${s.liabilities} are not a non-negative integer`);
  if (reserves === null) problems.push(`reserves ${s.reserves} are not a non-negative integer`);
  s.escrow.forEach((e, i) => {
    if (escrow[i] === null) problems.push(`escrow ${e.code}: ${e.balance} is not a non-negative integer`);
  });
  s.addresses.forEach((a, i) => {
    if (held[i] === null) problems.push(`reserve ${a.address}: ${a.balance} is not a non-negative integer`);
  });
  if (member !== null && total !== null && escrow.every((e) => e !== null)) {
    const sum = escrow.reduce<bigint>((acc, e) => acc + (e ?? 0n), member);
    if (sum !== total) problems.push(`liabilities ${total} ≠ member liabilities + escrow ${sum}`);
  }
  if (reserves !== null && held.every((h) => h !== null)) {
    const sum = held.reduce<bigint>((acc, h) => acc + (h ?? 0n), 0n);
    if (sum !== reserves) problems.push(`reserves ${reserves} ≠ the addresses' balances ${sum}`);
  }
  const seen = new Set<string>();
  for (const a of s.addresses) {
    const key = `${a.network}:${a.address.toLowerCase()}`;
    if (seen.has(key)) problems.push(`reserve ${a.address} on ${a.network} is counted twice`);
    seen.add(key);
  }
  if (!Number.isInteger(s.members) || s.members < 0) problems.push('the member count is not a count');
  if (expectedKey !== undefined && expectedKey !== s.publicKey)
    problems.push('signed with another key than the operator key expected');
  let signed = false;
  try {
    signed = await verifyEd25519(s.publicKey, s.signature, statementText(s));
  } catch (error) {
    problems.push(`the signature could not be checked: ${(error as Error).message}`);
  }
  if (!signed) problems.push('the operator signature does not match the statement');
  return verdict(problems);
};

/** A JSON node: hash hex and sum as a decimal integer. */
export interface NodeJson {
  hash: string;
  sum: string;
}

const nodeFromJson = (n: NodeJson, what: string, problems: string[]): SumNode | null => {
  const hash = HASH.test(n.hash) ? fromHex(n.hash) : null;
  const sum = parseUnits(n.sum);
  if (!hash) problems.push(`${what}: the hash is not 32 bytes of hex`);
  if (sum === null) problems.push(`${what}: the sum ${n.sum} is not a non-negative integer`);
  return hash && sum !== null ? { hash, sum } : null;
};

export const nodeToJson = (n: SumNode): NodeJson => ({ hash: toHex(n.hash), sum: n.sum.toString() });

export interface MemberProof {
  format: typeof POR_PROOF_FORMAT;
  snapshot: SignedSnapshot;
  leaf: { index: number; memberId: string; salt: string; balance: string };
  /** Siblings from the leaf up, bottom first. */
  path: NodeJson[];
}

/**
 * A member's proof: the snapshot verifies, the leaf is built from the member id, salt and balance shown, and
 * its path leads to the signed root with the signed sum. `expect` names what the member knows to be theirs
 * (their member id, the balance they held): the proof must be of exactly that.
 */
export const verifyMemberProof = async (
  proof: MemberProof,
  options: { sha?: Sha256; expectedKey?: string; expect?: { memberId?: string; balance?: string } } = {},
): Promise<Verdict> => {
  const sha = options.sha ?? webSha256;
  const problems = [...(await verifySnapshot(proof.snapshot, options.expectedKey)).problems];
  const { leaf, snapshot } = proof;
  if (options.expect?.memberId !== undefined && options.expect.memberId !== leaf.memberId)
    problems.push(`the leaf is of member ${leaf.memberId}, not ${options.expect.memberId}`);
  if (options.expect?.balance !== undefined && options.expect.balance !== leaf.balance)
    problems.push(`the leaf holds ${leaf.balance}, not ${options.expect.balance}`);
  if (!Number.isInteger(leaf.index) || leaf.index < 0 || leaf.index >= snapshot.members)
    problems.push(`leaf index ${leaf.index} is outside a tree of ${snapshot.members} leaves`);
  const depth = treeDepth(snapshot.members);
  if (proof.path.length !== depth)
    problems.push(
      `the path has ${proof.path.length} steps; a tree of ${snapshot.members} leaves needs ${depth}`,
    );
  const salt = HASH.test(leaf.salt) ? fromHex(leaf.salt) : null;
  const balance = parseUnits(leaf.balance);
  if (!salt) problems.push('the salt is not 32 bytes of hex');
  if (balance === null) problems.push(`the balance ${leaf.balance} is not a non-negative integer`);
  const path = proof.path.map((n, i) => nodeFromJson(n, `path step ${i + 1}`, problems));
  if (salt && balance !== null && path.every((n) => n !== null)) {
    try {
      const start = await leafNode(sha, { salt, memberId: leaf.memberId, balance });
      const root = await rootFromPath(sha, start, leaf.index, path as SumNode[]);
      if (toHex(root.hash) !== snapshot.root) problems.push('the path does not lead to the signed root');
      if (root.sum.toString() !== snapshot.memberLiabilities)
        problems.push(`the path sums to ${root.sum}, not the signed ${snapshot.memberLiabilities}`);
    } catch (error) {
      problems.push(`the path cannot be hashed: ${(error as Error).message}`);
    }
  }
  return verdict(problems);
};

export interface PublishedTree {
  format: typeof POR_TREE_FORMAT;
  snapshot: SignedSnapshot;
  /** Every leaf's hash and balance, in tree order, without salts or member ids. */
  leaves: NodeJson[];
}

/** The whole published tree: the snapshot verifies and its leaves hash up to the signed root and sum. */
export const verifyPublishedTree = async (
  tree: PublishedTree,
  options: { sha?: Sha256; expectedKey?: string } = {},
): Promise<Verdict> => {
  const sha = options.sha ?? webSha256;
  const problems = [...(await verifySnapshot(tree.snapshot, options.expectedKey)).problems];
  if (tree.leaves.length !== tree.snapshot.members)
    problems.push(`${tree.leaves.length} leaves published, ${tree.snapshot.members} signed`);
  const leaves = tree.leaves.map((n, i) => nodeFromJson(n, `leaf ${i}`, problems));
  if (leaves.every((n) => n !== null)) {
    try {
      const levels = await buildLevels(sha, leaves as SumNode[]);
      const root = levels[levels.length - 1]![0]!;
      if (toHex(root.hash) !== tree.snapshot.root) problems.push('the leaves do not hash to the signed root');
      if (root.sum.toString() !== tree.snapshot.memberLiabilities)
        problems.push(`the leaves sum to ${root.sum}, not the signed ${tree.snapshot.memberLiabilities}`);
    } catch (error) {
      problems.push(`the tree cannot be hashed: ${(error as Error).message}`);
    }
  }
  return verdict(problems);
};

/** A proof's leaf is the published leaf at its index (same snapshot, same hash and sum). */
export const proofInTree = async (proof: MemberProof, tree: PublishedTree, sha: Sha256 = webSha256) => {
  const problems: string[] = [];
  if (proof.snapshot.signature !== tree.snapshot.signature || proof.snapshot.root !== tree.snapshot.root)
    problems.push('the proof is of another snapshot than the tree');
  const salt = fromHex(proof.leaf.salt);
  const balance = parseUnits(proof.leaf.balance);
  const published = tree.leaves[proof.leaf.index];
  if (!published) problems.push(`the tree has no leaf ${proof.leaf.index}`);
  else if (salt && balance !== null) {
    const leaf = await leafNode(sha, { salt, memberId: proof.leaf.memberId, balance });
    if (toHex(leaf.hash) !== published.hash || leaf.sum.toString() !== published.sum)
      problems.push(`the published leaf ${proof.leaf.index} is not this member's leaf`);
  }
  return verdict(problems);
};
