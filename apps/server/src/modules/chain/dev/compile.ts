import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

const require = createRequire(import.meta.url);
export const TEST_USDT_SOURCE = path.join(import.meta.dirname, 'test-usdt.sol');
export const TEST_USDT_ARTIFACT = path.join(import.meta.dirname, 'test-usdt.json');

export interface Artifact {
  contractName: string;
  compiler: string;
  abi: unknown[];
  bytecode: `0x${string}`;
}

/**
 * Compiles the test USDT with solc-js (devDependencies `solc` and `@openzeppelin/contracts`). Used by
 * `npm run chain:compile`, which writes the committed artifact, and by the test that checks the artifact.
 */
export const compileTestUsdt = (): Artifact => {
  const solc = require('solc') as { compile(input: string, opts: unknown): string; version(): string };
  const input = {
    language: 'Solidity',
    sources: { 'test-usdt.sol': { content: fs.readFileSync(TEST_USDT_SOURCE, 'utf8') } },
    settings: {
      evmVersion: 'paris',
      optimizer: { enabled: true, runs: 200 },
      outputSelection: { '*': { '*': ['abi', 'evm.bytecode.object'] } },
    },
  };
  const findImports = (p: string) => {
    try {
      return { contents: fs.readFileSync(require.resolve(p), 'utf8') };
    } catch {
      return { error: `not found: ${p}` };
    }
  };
  const out = JSON.parse(solc.compile(JSON.stringify(input), { import: findImports })) as {
    errors?: { severity: string; formattedMessage: string }[];
    contracts: Record<string, Record<string, { abi: unknown[]; evm: { bytecode: { object: string } } }>>;
  };
  const errors = (out.errors ?? []).filter((e) => e.severity === 'error');
  if (errors.length > 0) throw new Error(errors.map((e) => e.formattedMessage).join('\n'));
  const c = out.contracts['test-usdt.sol']!.TestUSDT!;
  return {
    contractName: 'TestUSDT',
    compiler: solc.version(),
    abi: c.abi,
    bytecode: `0x${c.evm.bytecode.object}`,
  };
};
