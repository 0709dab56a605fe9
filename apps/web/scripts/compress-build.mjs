// Writes a Brotli (.br) and a gzip (.gz) copy beside every text file of the web build, so the
// server can send them as they are (@fastify/static `preCompressed`) instead of compressing each
// response. Runs after `react-router build`.
import fs from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import zlib from "node:zlib";

const buildDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../build/client");
const compressible = /\.(html|js|css|svg|xml|txt|json|webmanifest)$/;
// Below this size compression saves less than the headers it adds.
const minBytes = 1024;
const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

async function* files(dir) {
  for (const entry of await fs.readdir(dir, { withFileTypes: true })) {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* files(file);
    else if (compressible.test(entry.name)) yield file;
  }
}

let count = 0;
let before = 0;
let after = 0;
for await (const file of files(buildDir)) {
  const content = await fs.readFile(file);
  if (content.length < minBytes) continue;
  const [br, gz] = await Promise.all([
    brotli(content, {
      params: {
        [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
        [zlib.constants.BROTLI_PARAM_SIZE_HINT]: content.length,
      },
    }),
    gzip(content, { level: zlib.constants.Z_BEST_COMPRESSION }),
  ]);
  await Promise.all([fs.writeFile(`${file}.br`, br), fs.writeFile(`${file}.gz`, gz)]);
  count += 1;
  before += content.length;
  after += br.length;
}
console.log(
  `compressed ${count} files: ${(before / 1024).toFixed(0)} KiB, ${(after / 1024).toFixed(0)} KiB with Brotli`,
);
