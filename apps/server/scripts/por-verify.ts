/**
 * `npm run por:verify -- <snapshot.json> [<my-proof.json>] [--key <hex>] [--rpc [<NETWORK>=]<url>]…`: checks a
 * proof-of-reserves snapshot on its own (docs/design/reserves.md, "Checking a snapshot") with the shared
 * implementation the app uses. Exit 0: every check passed; 1: a check failed; 2: could not run.
 */
import fs from 'node:fs';
import {
  type MemberProof,
  POR_PROOF_FORMAT,
  POR_TREE_FORMAT,
  type PublishedTree,
  proofInTree,
  reserveChallenge,
  type SignedSnapshot,
  verifyMemberProof,
  verifyPublishedTree,
  verifySnapshot,
} from '@chatpay/shared';
import { type Address, createPublicClient, erc20Abi, type Hex, http, verifyMessage } from 'viem';
import { z } from 'zod';

const HELP = `Usage: npm run por:verify -- <snapshot.json> [<my-proof.json>] [--key <hex>] [--rpc [NETWORK=]<url>]

Checks a signed proof-of-reserves snapshot without trusting the server:

  <snapshot.json>  the whole published tree: GET /api/app/usdt/reserves/tree (the app's "Download the
                   whole tree"), with or without the API's {code, data} envelope. A member proof alone
                   may be given here too.
  <my-proof.json>  a member's proof (the app's "Download my proof"): its path must lead to the signed
                   root, and its leaf must be the published leaf at its index.
  --key <hex>      the operator public key you trust (as the app shows it). Without it the key inside
                   the file is used, and printed so you can compare it.
  --rpc <url>      a JSON-RPC node to read reserves from; NETWORK=<url> (ERC20=…, BEP20=…) for one network.
                   Each reserve address's token balance is read at the snapshot's block and must be the
                   signed one, at the named block hash.

Always checked: the operator's Ed25519 signature, that the sums add up (no negative amount anywhere),
that the leaves hash to the signed root, and each reserve address's EIP-191 signature of the challenge
naming the root. Exit 0: everything checked passed; 1: a check failed; 2: could not run.`;

class UsageError extends Error {}

/** The shape only: the values are checked by the verifiers, which report a bad one as a failed check. */
const loose = {
  node: z.object({ hash: z.string(), sum: z.string() }),
  snapshot: z.object({
    id: z.number(),
    time: z.string(),
    ledgerPosition: z.string(),
    members: z.number(),
    root: z.string(),
    memberLiabilities: z.string(),
    escrow: z.array(z.object({ code: z.string(), balance: z.string() })),
    liabilities: z.string(),
    reserves: z.string(),
    addresses: z.array(
      z.object({
        network: z.string(),
        chainId: z.number(),
        token: z.string(),
        block: z.string(),
        blockHash: z.string(),
        kind: z.enum(['hot', 'deposit']),
        address: z.string(),
        balance: z.string(),
        signature: z.string(),
      }),
    ),
    skipped: z.array(z.object({ network: z.string(), reason: z.string() })),
    publicKey: z.string(),
    signature: z.string(),
  }),
};
const treeFile = z.object({
  format: z.literal(POR_TREE_FORMAT),
  snapshot: loose.snapshot,
  leaves: z.array(loose.node),
});
const proofFile = z.object({
  format: z.literal(POR_PROOF_FORMAT),
  snapshot: loose.snapshot,
  leaf: z.object({ index: z.number(), memberId: z.string(), salt: z.string(), balance: z.string() }),
  path: z.array(loose.node),
});

/** A file as the API answers it (the envelope's `data`) or as saved from the app. */
const readFile = (file: string): PublishedTree | MemberProof => {
  let json: unknown;
  try {
    json = JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch (error) {
    throw new UsageError(`${file}: cannot read it as JSON (${(error as Error).message})`);
  }
  if (json && typeof json === 'object' && 'code' in json && 'data' in json)
    json = (json as { data: unknown }).data;
  const format = (json as { format?: unknown } | null)?.format;
  const parsed = (format === POR_PROOF_FORMAT ? proofFile : treeFile).safeParse(json);
  if (!parsed.success)
    throw new UsageError(
      `${file}: not a proof-of-reserves tree or proof (${parsed.error.issues
        .slice(0, 3)
        .map((i) => `${i.path.join('.')}: ${i.message}`)
        .join('; ')})`,
    );
  return parsed.data as PublishedTree | MemberProof;
};

const parseArgs = (argv: string[]) => {
  const files: string[] = [];
  const rpc = new Map<string, string>();
  let key: string | undefined;
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    if (a === '--key') key = argv[++i]?.toLowerCase();
    else if (a === '--rpc') {
      const v = argv[++i];
      if (!v) throw new UsageError('--rpc needs a URL');
      const m = /^([A-Z0-9]+)=(.+)$/.exec(v);
      rpc.set(m ? m[1]! : '*', m ? m[2]! : v);
    } else if (a.startsWith('--')) throw new UsageError(`unknown option ${a}`);
    else files.push(a);
  }
  if (files.length < 1 || files.length > 2) throw new UsageError('give one or two files');
  if (key !== undefined && !/^[0-9a-f]{64}$/.test(key)) throw new UsageError('--key: 64 hex characters');
  return { files, rpc, key };
};

const ok = (text: string) => console.log(`  ✓ ${text}`);
const fail = (text: string) => console.log(`  ✗ ${text}`);

/** Reserve addresses: their signatures always; balances and blocks where a node was given. */
const checkReserves = async (s: SignedSnapshot, rpc: Map<string, string>) => {
  const problems: string[] = [];
  const clients = new Map<string, ReturnType<typeof createPublicClient>>();
  const unread = new Set<string>();
  for (const a of s.addresses) {
    const message = reserveChallenge({
      snapshotId: s.id,
      root: s.root,
      network: a.network,
      chainId: a.chainId,
      address: a.address,
    });
    let signed = false;
    try {
      signed = await verifyMessage({ address: a.address as Address, message, signature: a.signature as Hex });
    } catch {
      signed = false;
    }
    if (!signed) problems.push(`${a.network} ${a.address}: its signature of the challenge does not match`);
    const url = rpc.get(a.network) ?? rpc.get('*');
    if (!url) {
      unread.add(a.network);
      continue;
    }
    let client = clients.get(a.network);
    if (!client) {
      client = createPublicClient({ transport: http(url, { retryCount: 1, timeout: 20_000 }) });
      clients.set(a.network, client);
      const chainId = await client.getChainId();
      if (chainId !== a.chainId)
        problems.push(
          `${a.network}: the node at ${url} is chain ${chainId}, the snapshot names ${a.chainId}`,
        );
    }
    const blockNumber = BigInt(a.block);
    const block = await client.getBlock({ blockNumber }).catch(() => null);
    if (block?.hash !== a.blockHash)
      problems.push(
        `${a.network} block ${a.block}: the node's hash is ${block?.hash ?? 'none'}, not ${a.blockHash}`,
      );
    const balance = await client.readContract({
      address: a.token as Address,
      abi: erc20Abi,
      functionName: 'balanceOf',
      args: [a.address as Address],
      blockNumber,
    });
    if (balance.toString() !== a.balance)
      problems.push(
        `${a.network} ${a.address}: holds ${balance} at block ${a.block}, the snapshot says ${a.balance}`,
      );
  }
  return { problems, unread: [...unread] };
};

const main = async () => {
  const argv = process.argv.slice(2);
  if (argv.includes('--help') || argv.includes('-h')) {
    console.log(HELP);
    return 0;
  }
  const { files, rpc, key } = parseArgs(argv);
  const loaded = files.map((f) => ({ file: f, data: readFile(f) }));
  const tree = loaded.find((l) => l.data.format === POR_TREE_FORMAT)?.data as PublishedTree | undefined;
  const proof = loaded.find((l) => l.data.format === POR_PROOF_FORMAT)?.data as MemberProof | undefined;
  const snapshot = (tree ?? proof)!.snapshot;
  let failed = false;
  const report = (title: string, problems: string[]) => {
    if (problems.length === 0) ok(title);
    else {
      failed = true;
      fail(title);
      for (const p of problems) console.log(`      - ${p}`);
    }
  };

  console.log(`Snapshot ${snapshot.id} of ${snapshot.time}, ledger position ${snapshot.ledgerPosition}`);
  console.log(
    `  operator key ${snapshot.publicKey}${key ? '' : ' (from the file: compare it with the app)'}`,
  );
  console.log(
    `  members ${snapshot.members}, liabilities ${snapshot.liabilities}, reserves ${snapshot.reserves} (micro-USDT)`,
  );
  const statement = (await verifySnapshot(snapshot, key)).problems;
  report('signature and sums of the statement', statement);
  // The tree and proof checks repeat the statement's: each line below reports only its own.
  const own = (problems: string[]) => problems.filter((p) => !statement.includes(p));
  if (tree)
    report(
      `the ${tree.leaves.length} published leaves hash to the signed root`,
      own((await verifyPublishedTree(tree, { expectedKey: key })).problems),
    );
  if (proof) {
    if (tree && proof.snapshot.signature !== tree.snapshot.signature)
      report('the proof is of the same snapshot', (await verifySnapshot(proof.snapshot, key)).problems);
    report(
      `the proof of member ${proof.leaf.memberId} (balance ${proof.leaf.balance}) leads to the signed root`,
      own((await verifyMemberProof(proof, { expectedKey: key })).problems),
    );
    if (tree)
      report('the proof is the published leaf at its index', (await proofInTree(proof, tree)).problems);
  }
  for (const s of snapshot.skipped) console.log(`  - ${s.network} not counted: ${s.reason}`);
  const reserves = await checkReserves(snapshot, rpc);
  report(
    `${snapshot.addresses.length} reserve address(es): signatures${reserves.unread.length === snapshot.addresses.length && snapshot.addresses.length > 0 ? '' : ', balances and blocks'}`,
    reserves.problems,
  );
  if (reserves.unread.length > 0)
    console.log(
      `  ! balances not read (no --rpc for ${reserves.unread.join(', ')}): the on-chain side is unchecked`,
    );
  console.log(failed ? 'FAILED' : 'OK');
  return failed ? 1 : 0;
};

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    if (error instanceof UsageError) console.error(`${error.message}\n\n${HELP}`);
    else console.error(`could not run: ${(error as Error).message}`);
    process.exit(2);
  },
);
