import react from "@vitejs/plugin-react";
import { defineConfig } from "vitest/config";

import { DASHBOARD_PAGE } from "./scripts/bundle-budget.mjs";
import { landingPreload } from "./scripts/landing-preload.mjs";

// In development the app is served by Vite, so gRPC-web and REST calls are forwarded to the gateway.
const gateway = process.env.ERIS_GATEWAY_URL ?? "http://localhost:8080";

export default defineConfig({
  plugins: [react(), landingPreload(DASHBOARD_PAGE)],
  base: "/",
  build: {
    outDir: "dist",
    emptyOutDir: true,
    chunkSizeWarningLimit: 2000,
    // dist/.vite/manifest.json: which chunks each chunk imports, read by scripts/bundle-budget.mjs.
    manifest: true,
    rolldownOptions: {
      // The app's own modules (its .ts and .tsx files) only define things when imported, and none
      // is imported for an effect alone; so a module none of whose exports a chunk uses is no part of
      // that chunk. A feature's index.ts then does not pull every dialog it re-exports into each page
      // that imports it, and a dialog opened with import() stays in a chunk of its own. CSS keeps its
      // effect.
      treeshake: { moduleSideEffects: [{ test: /^(?!.*[\\/]node_modules[\\/]).*\.tsx?$/, sideEffects: false }] },
      output: {
        codeSplitting: {
          // Everything the entry imports statically goes into one chunk: the app starts with two
          // requests instead of thirty, and gzip compresses the whole better than the pieces. Each
          // page (routes.tsx loads them lazily) stays its own chunk with what only it needs.
          groups: [{ name: "app", tags: ["$initial"] }],
        },
      },
    },
  },
  server: {
    proxy: {
      "^/eris\\.[a-z]+\\.v1\\.": { target: gateway, changeOrigin: true },
      "/api": { target: gateway, changeOrigin: true },
      "/healthz": { target: gateway, changeOrigin: true },
    },
  },
  test: {
    environment: "jsdom",
    include: ["src/**/*.test.{ts,tsx}", "scripts/**/*.test.mjs"],
    setupFiles: ["src/test/setup.ts"],
    css: false,
    // Files share their worker's page and module cache instead of loading React, Blueprint and the
    // app again for each (import was two thirds of the run); src/test/setup.ts clears what a test
    // leaves behind.
    isolate: false,
    // Most of a test's time is spent waiting (typing, transitions, retries of findBy), so two
    // workers halve the run on two cores where the default would be one.
    maxWorkers: 2,
    // Typing into forms in jsdom is slow on a busy 2-core CI machine; 5 s was too tight.
    testTimeout: 20_000,
  },
});
