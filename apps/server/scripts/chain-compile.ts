import fs from 'node:fs';
// biome-ignore lint/style/noRestrictedImports: a development tool; the server never loads the compiler
import { compileTestUsdt, TEST_USDT_ARTIFACT } from '../src/modules/chain/dev/compile.ts';

/** `npm run chain:compile`: compiles the development test USDT and writes the committed artifact. */
const artifact = compileTestUsdt();
fs.writeFileSync(TEST_USDT_ARTIFACT, `${JSON.stringify(artifact, null, 2)}\n`);
console.log(
  `wrote ${TEST_USDT_ARTIFACT} (${artifact.compiler}, ${(artifact.bytecode.length - 2) / 2} bytes)`,
);
