// Compresses the built app ahead of time: beside each text file of dist (scripts, styles, the page,
// SVG, JSON, fonts that are not compressed already) it writes `<file>.br` (brotli, best quality)
// and `<file>.gz` (gzip level 9), which the gateway sends to browsers that accept them; the
// gateway compresses nothing per request. Files too small to gain are left alone, and so is a
// compressed copy no smaller than its file.
//
//   node scripts/compress.mjs [dist directory]     (default: dist)
import { readdir, readFile, writeFile } from "node:fs/promises";
import { join, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { promisify } from "node:util";
import { brotliCompress, constants, gzip } from "node:zlib";

const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);

/** Files whose bytes compress; images and woff2 are compressed already. */
export const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|txt|map|ttf|eot|woff)$/;

/** Below this many bytes a compressed copy saves less than its headers cost. */
export const SMALLEST = 1024;

/** Every file under `dir`, as paths. */
async function filesUnder(dir) {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true });
  return entries.filter((entry) => entry.isFile()).map((entry) => join(entry.parentPath, entry.name));
}

/** Writes the compressed copies of one file; answers how many bytes each copy has, or null. */
export async function compressFile(path) {
  const bytes = await readFile(path);
  if (bytes.length < SMALLEST) {
    return null;
  }
  const [br, gz] = await Promise.all([
    brotli(bytes, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
      },
    }),
    gzipped(bytes, { level: 9 }),
  ]);
  const written = { file: bytes.length, br: null, gz: null };
  for (const [suffix, copy] of [
    ["br", br],
    ["gz", gz],
  ]) {
    if (copy.length < bytes.length) {
      await writeFile(`${path}.${suffix}`, copy);
      written[suffix] = copy.length;
    }
  }
  return written;
}

/** Compresses every compressible file of `dir`, a few at a time; answers the totals. */
export async function compressDist(dir) {
  const paths = (await filesUnder(dir)).filter((path) => COMPRESSIBLE.test(path));
  const totals = { files: 0, bytes: 0, br: 0, gz: 0 };
  let next = 0;
  const worker = async () => {
    while (next < paths.length) {
      const written = await compressFile(paths[next++]);
      if (written) {
        totals.files += 1;
        totals.bytes += written.file;
        totals.br += written.br ?? written.file;
        totals.gz += written.gz ?? written.file;
      }
    }
  };
  await Promise.all(Array.from({ length: 4 }, worker));
  return totals;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  const dir = resolve(process.argv[2] ?? "dist");
  const totals = await compressDist(dir);
  const kb = (bytes) => `${(bytes / 1000).toFixed(1)} KB`;
  console.log(
    `compressed ${totals.files} files of ${dir}: ${kb(totals.bytes)} as brotli ${kb(totals.br)}, as gzip ${kb(totals.gz)}`,
  );
}
