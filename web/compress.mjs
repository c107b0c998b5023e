// Precompresses the browser build: writes NAME.br (brotli, quality 11) and NAME.gz (gzip -9)
// beside each .wasm, .js, .html and .css file of web/dist, for servers that send them as they
// are (see web/serve.mjs and the README). Prints each file's sizes.
//   node web/compress.mjs [DIR]      (DIR defaults to web/dist)
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join, dirname } from "node:path";
import { fileURLToPath } from "node:url";
import { brotliCompressSync, gzipSync, constants } from "node:zlib";

const dir = process.argv[2] || join(dirname(fileURLToPath(import.meta.url)), "dist");
for (const name of readdirSync(dir)) {
  if (!/\.(wasm|js|html|css)$/.test(name)) continue;
  const path = join(dir, name);
  const raw = readFileSync(path);
  const br = brotliCompressSync(raw, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: 11,
      [constants.BROTLI_PARAM_LGWIN]: 24,
      [constants.BROTLI_PARAM_SIZE_HINT]: raw.length,
    },
  });
  const gz = gzipSync(raw, { level: 9 });
  writeFileSync(path + ".br", br);
  writeFileSync(path + ".gz", gz);
  console.log(`${name}: ${raw.length} bytes raw, ${br.length} brotli, ${gz.length} gzip`);
}
