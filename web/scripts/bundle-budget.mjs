// The JavaScript a browser must fetch before the sign-in page and the dashboard can show, gzipped,
// against a budget: the entry chunk and every chunk it imports statically (what a lazy route imports
// with import() comes later, when that route is opened), plus the dashboard page's own chunk and its
// static imports for the dashboard, and for both what index.html has the browser preload. Reads the
// manifest `vite build` writes (build.manifest: true) and the built index.html.
// Exits 1 when a route is over budget, so `make test` fails.
//
//   node scripts/bundle-budget.mjs [dist directory]     (default: dist)
//
// Sizes are gzip level 9 (node:zlib gzipSync), as a server that compresses ahead of time sends them;
// 1 KB is 1,000 bytes.
import { readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { gzipSync } from "node:zlib";

/** At most this many gzipped bytes of JavaScript before a route can show. */
export const BUDGET_BYTES = 250_000;

/** The page module whose chunk the dashboard loads besides the entry's. */
export const DASHBOARD_PAGE = "src/features/dashboard/DashboardPage.tsx";

/** The manifest key of the app's entry (index.html). */
export function entryKey(manifest) {
  const key = Object.keys(manifest).find((name) => manifest[name].isEntry);
  if (!key) {
    throw new Error("the manifest has no entry chunk");
  }
  return key;
}

/**
 * The JavaScript files a chunk needs before it runs: its own and those of every chunk it imports
 * statically, transitively, once each; dynamic imports are left out (they load on demand).
 */
export function staticFiles(manifest, key, seen = new Set()) {
  if (seen.has(key)) {
    return [];
  }
  seen.add(key);
  const chunk = manifest[key];
  if (!chunk) {
    throw new Error(`the manifest has no chunk ${key}`);
  }
  return [chunk.file, ...(chunk.imports ?? []).flatMap((imported) => staticFiles(manifest, imported, seen))];
}

/** The files index.html has the browser fetch at once: its scripts and modulepreload links. */
export function pageFiles(html) {
  const tags = html.match(/<(script|link)\b[^>]*>/g) ?? [];
  return tags
    .filter((tag) => tag.startsWith("<script") || /\brel="modulepreload"/.test(tag))
    .map((tag) => /\b(?:src|href)="\/?([^"]+)"/.exec(tag)?.[1])
    .filter((file) => file?.endsWith(".js"));
}

/**
 * The files of each measured route: the sign-in page fetches the entry's and whatever index.html
 * preloads (`preloaded`). When the app loads none of its own modules lazily (as before routes
 * were split) the dashboard is in the entry and costs nothing beyond it; when it does, a dashboard
 * page without a chunk of its own (a chunking rule merged it into another) is an error, not a
 * guess.
 */
export function routeFiles(manifest, preloaded = []) {
  const entry = entryKey(manifest);
  const signIn = [...new Set([...staticFiles(manifest, entry), ...preloaded])];
  let dashboardExtra = [];
  if (manifest[DASHBOARD_PAGE]) {
    dashboardExtra = staticFiles(manifest, DASHBOARD_PAGE, new Set([entry]));
  } else if (Object.values(manifest).some((chunk) => chunk.isDynamicEntry && chunk.src?.startsWith("src/"))) {
    throw new Error(`the manifest has lazy chunks but none for ${DASHBOARD_PAGE}: keep it a chunk of its own`);
  }
  return {
    "sign-in": signIn,
    dashboard: [...new Set([...signIn, ...dashboardExtra])],
  };
}

const kb = (bytes) => `${(bytes / 1000).toFixed(1)} KB`;

function main() {
  const dist = resolve(process.argv[2] ?? "dist");
  const manifest = JSON.parse(readFileSync(join(dist, ".vite", "manifest.json"), "utf8"));
  const preloaded = pageFiles(readFileSync(join(dist, "index.html"), "utf8"));
  const gzipped = new Map();
  const sizeOf = (file) => {
    if (!gzipped.has(file)) {
      const bytes = readFileSync(join(dist, file));
      gzipped.set(file, { raw: bytes.length, gzip: gzipSync(bytes, { level: 9 }).length });
    }
    return gzipped.get(file);
  };

  let over = false;
  for (const [route, files] of Object.entries(routeFiles(manifest, preloaded))) {
    const js = files.filter((file) => file.endsWith(".js"));
    const sizes = js.map(sizeOf);
    const raw = sizes.reduce((sum, size) => sum + size.raw, 0);
    const gzip = sizes.reduce((sum, size) => sum + size.gzip, 0);
    const verdict = gzip > BUDGET_BYTES ? "OVER BUDGET" : "ok";
    over ||= gzip > BUDGET_BYTES;
    console.log(
      `${route}: ${kb(gzip)} gzipped (${kb(raw)} raw) in ${js.length} files, budget ${kb(BUDGET_BYTES)}: ${verdict}`,
    );
    for (const [index, file] of js.entries()) {
      console.log(`  ${kb(sizes[index].gzip).padStart(10)}  ${file}`);
    }
  }
  if (over) {
    console.error("bundle-budget: the initial JavaScript is over budget; split the route or its imports.");
    process.exit(1);
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  main();
}
