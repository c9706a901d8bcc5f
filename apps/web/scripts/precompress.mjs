/**
 * After `vite build`: writes a brotli (`.br`) and a gzip (`.gz`) copy beside every text file of dist/ (scripts,
 * styles, the HTML shell, the service worker, the manifest, SVG), at the highest levels, once at build time.
 * The server sends the copy the browser accepts (apps/server/src/http/web-app.ts) and the file itself to
 * browsers that accept neither. A copy that would not be smaller is not written.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const dist = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../dist');
const TEXT = /\.(?:js|mjs|css|html|svg|json|webmanifest|txt)$/;
/** Below this, the headers of a compressed answer cost about what it saves. */
const MIN_BYTES = 512;

const files = (dir) =>
  fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    return entry.isDirectory() ? files(full) : [full];
  });

let before = 0;
let after = 0;
for (const file of files(dist)) {
  if (!TEXT.test(file)) continue;
  const body = fs.readFileSync(file);
  if (body.length < MIN_BYTES) continue;
  const br = brotliCompressSync(body, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
      [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
    },
  });
  const gz = gzipSync(body, { level: 9 });
  if (br.length < body.length) fs.writeFileSync(`${file}.br`, br);
  if (gz.length < body.length) fs.writeFileSync(`${file}.gz`, gz);
  before += body.length;
  after += Math.min(br.length, body.length);
}
console.log(
  `precompressed: ${Math.round(before / 1024)} KiB of text files -> ${Math.round(after / 1024)} KiB brotli`,
);
