import type { Network } from '@chatpay/shared';
import {
  type Address,
  createPublicClient,
  createWalletClient,
  encodeFunctionData,
  getAddress,
  type Hex,
  http,
  isAddress,
  keccak256,
  type PublicClient,
  parseEventLogs,
} from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import type { ChainAdapter, OwnKey, Receipt, TokenTransfer } from './adapter.ts';
import { erc20Abi } from './dev/abi.ts';
import { EVM_PATH, type HdWallet } from './hd.ts';
import type { NetworkConfig } from './settings.ts';

/** Gas limit of a token transfer: fixed, well above what an ERC-20 transfer costs (~52k to a new holder). */
export const TRANSFER_GAS = 100_000n;

const ignorableSendError = (message: string) =>
  /already known|known transaction|nonce too low|already imported|replacement transaction underpriced/i.test(
    message,
  );

/** ERC20 and BEP20 through viem over JSON-RPC (docs/design/chain.md). */
export class EvmAdapter implements ChainAdapter {
  readonly network: Network;
  private readonly client: PublicClient;
  private readonly token: Address;
  private chainId: number | null;

  constructor(private readonly config: NetworkConfig) {
    if (!config.rpcUrl || !config.token) throw new Error(`${config.network} is not configured`);
    this.network = config.network;
    this.client = createPublicClient({
      transport: http(config.rpcUrl, { retryCount: 0, timeout: 10_000 }),
    }) as PublicClient;
    this.token = getAddress(config.token);
    this.chainId = config.chainId;
  }

  normalizeAddress(text: string): string | null {
    const t = text.trim();
    // Mixed case must carry a valid EIP-55 checksum; all lower (or upper) case has none to check.
    if (!isAddress(t, { strict: true })) return null;
    return getAddress(t);
  }

  addressKey(address: string) {
    return address.toLowerCase();
  }

  depositAddress(hd: HdWallet, index: number) {
    return { address: hd.evmAddress(index), path: EVM_PATH(index) };
  }

  hotAddress(hd: HdWallet) {
    return getAddress(hd.hot().address);
  }

  head() {
    return this.client.getBlockNumber({ cacheTime: 0 });
  }

  async blockHash(height: bigint) {
    try {
      const block = await this.client.getBlock({ blockNumber: height });
      return block.hash;
    } catch (error) {
      if ((error as Error).name === 'BlockNotFoundError') return null;
      throw error;
    }
  }

  private toTransfers(
    logs: readonly {
      transactionHash: Hex | null;
      logIndex: number | null;
      blockNumber: bigint | null;
      blockHash: Hex | null;
      args: { from: Address; to: Address; value: bigint };
    }[],
  ): TokenTransfer[] {
    return logs
      .filter((l) => l.transactionHash && l.blockHash && l.blockNumber !== null && l.logIndex !== null)
      .map((l) => ({
        txHash: l.transactionHash!,
        logIndex: l.logIndex!,
        blockNumber: l.blockNumber!,
        blockHash: l.blockHash!,
        from: getAddress(l.args.from),
        to: getAddress(l.args.to),
        amount: l.args.value,
      }));
  }

  async transfers(fromBlock: bigint, toBlock: bigint) {
    const logs = await this.client.getLogs({
      address: this.token,
      event: erc20Abi[0],
      fromBlock,
      toBlock,
      strict: true,
    });
    return this.toTransfers(logs);
  }

  async receipt(txHash: string): Promise<Receipt | null> {
    try {
      const r = await this.client.getTransactionReceipt({ hash: txHash as Hex });
      const logs = parseEventLogs({
        abi: erc20Abi,
        eventName: 'Transfer',
        logs: r.logs.filter((l) => l.address.toLowerCase() === this.token.toLowerCase()),
      });
      return {
        status: r.status,
        blockNumber: r.blockNumber,
        blockHash: r.blockHash,
        transfers: this.toTransfers(logs),
      };
    } catch (error) {
      if ((error as Error).name === 'TransactionReceiptNotFoundError') return null;
      throw error;
    }
  }

  tokenBalance(address: string) {
    return this.client.readContract({
      address: this.token,
      abi: erc20Abi,
      functionName: 'balanceOf',
      args: [address as Address],
    });
  }

  tokenBalanceAt(address: string, block: bigint) {
    return this.client.readContract({
      address: this.token,
      abi: erc20Abi,
      functionName: 'balanceOf',
      args: [address as Address],
      blockNumber: block,
    });
  }

  networkChainId() {
    return this.chain();
  }

  signMessage(hd: HdWallet, key: OwnKey, message: string) {
    const account = key.kind === 'hot' ? hd.hot() : hd.evmDeposit(key.index);
    return account.signMessage({ message });
  }

  nativeBalance(address: string) {
    return this.client.getBalance({ address: address as Address });
  }

  async nonceAt(address: string, tag: 'latest' | 'pending') {
    return BigInt(await this.client.getTransactionCount({ address: address as Address, blockTag: tag }));
  }

  private async chain() {
    this.chainId ??= await this.client.getChainId();
    return this.chainId;
  }

  async signTransfer(hd: HdWallet, input: { to: string; amount: bigint; nonce: bigint }) {
    const account = hd.hot();
    const chainId = await this.chain();
    const fees = await this.client.estimateFeesPerGas();
    const raw = await account.signTransaction({
      type: 'eip1559',
      chainId,
      nonce: Number(input.nonce),
      to: this.token,
      data: encodeFunctionData({
        abi: erc20Abi,
        functionName: 'transfer',
        args: [input.to as Address, input.amount],
      }),
      gas: TRANSFER_GAS,
      // Twice the current base fee: room for a few blocks of rising fees (no fee bumping, see Limits).
      maxFeePerGas: fees.maxFeePerGas * 2n,
      maxPriorityFeePerGas: fees.maxPriorityFeePerGas,
    });
    return { hash: keccak256(raw), raw };
  }

  async sendRaw(raw: string) {
    try {
      await this.client.sendRawTransaction({ serializedTransaction: raw as Hex });
    } catch (error) {
      const text = `${(error as Error).message} ${(error as { details?: string }).details ?? ''}`;
      if (ignorableSendError(text)) return;
      throw error;
    }
  }

  async faucet(privateKey: string, to: string, amount: bigint) {
    const account = privateKeyToAccount(privateKey as Hex);
    const wallet = createWalletClient({
      account,
      transport: http(this.config.rpcUrl!, { retryCount: 0 }),
      chain: {
        id: await this.chain(),
        name: this.network,
        nativeCurrency: { name: 'ETH', symbol: 'ETH', decimals: 18 },
        rpcUrls: { default: { http: [this.config.rpcUrl!] } },
      },
    });
    return wallet.writeContract({
      address: this.token,
      abi: erc20Abi,
      functionName: 'transfer',
      args: [to as Address, amount],
    });
  }
}
