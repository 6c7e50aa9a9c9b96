import { mkdtemp, mkdir, readdir, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { brotliDecompressSync, gunzipSync } from "node:zlib";

import { afterEach, beforeEach, describe, expect, it } from "vitest";

import { compressDist, SMALLEST } from "./compress.mjs";

/** A script that compresses well, larger than the smallest file worth compressing. */
const script = "export const rows = [" + Array.from({ length: 400 }, (_, i) => `{ id: ${i} }`).join(", ") + "];\n";

describe("compressing the built app ahead of time", () => {
  let dist;

  beforeEach(async () => {
    dist = await mkdtemp(join(tmpdir(), "eris-dist-"));
    await mkdir(join(dist, "assets"));
    await writeFile(join(dist, "assets", "index-abc.js"), script);
    await writeFile(join(dist, "assets", "tiny-def.js"), "export {};\n");
    await writeFile(join(dist, "assets", "icons-123.woff2"), script);
    await writeFile(join(dist, "index.html"), `<!doctype html><title>Eris</title>${" ".repeat(2 * SMALLEST)}`);
  });

  afterEach(async () => {
    await rm(dist, { recursive: true, force: true });
  });

  it("writes a brotli and a gzip copy beside each text file, each decoding to the file", async () => {
    const totals = await compressDist(dist);
    expect(totals.files).toBe(2);
    for (const path of [join(dist, "assets", "index-abc.js"), join(dist, "index.html")]) {
      const file = await readFile(path);
      const [br, gz] = [await readFile(`${path}.br`), await readFile(`${path}.gz`)];
      expect(brotliDecompressSync(br).equals(file)).toBe(true);
      expect(gunzipSync(gz).equals(file)).toBe(true);
      expect(br.length).toBeLessThan(file.length / 4);
    }
    expect(totals.br).toBeLessThan(totals.gz);
  });

  it("leaves files too small to gain and files compressed already alone, and compresses no copy again", async () => {
    await compressDist(dist);
    await compressDist(dist);
    const assets = (await readdir(join(dist, "assets"))).sort();
    expect(assets).toEqual(["icons-123.woff2", "index-abc.js", "index-abc.js.br", "index-abc.js.gz", "tiny-def.js"]);
  });
});
