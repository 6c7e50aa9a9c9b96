import { describe, expect, it } from "vitest";

import { DASHBOARD_PAGE, entryKey, pageFiles, routeFiles, staticFiles } from "./bundle-budget.mjs";

/** A manifest shaped as `vite build` writes it: an entry, shared chunks and lazy pages. */
const manifest = {
  "index.html": {
    file: "assets/index.js",
    isEntry: true,
    imports: ["_vendor.js", "_api.js"],
    dynamicImports: [DASHBOARD_PAGE, "src/features/reports/ReportsPage.tsx"],
    css: ["assets/index.css"],
  },
  "_vendor.js": { file: "assets/vendor.js" },
  "_api.js": { file: "assets/api.js", imports: ["_vendor.js"] },
  "_dates.js": { file: "assets/dates.js", imports: ["_vendor.js"] },
  "_charts.js": { file: "assets/charts.js" },
  [DASHBOARD_PAGE]: {
    file: "assets/DashboardPage.js",
    src: DASHBOARD_PAGE,
    isDynamicEntry: true,
    imports: ["_vendor.js", "_dates.js"],
    dynamicImports: ["_charts.js"],
  },
  "src/features/reports/ReportsPage.tsx": {
    file: "assets/ReportsPage.js",
    src: "src/features/reports/ReportsPage.tsx",
    isDynamicEntry: true,
    imports: ["_charts.js"],
  },
};

describe("bundle budget's manifest walk", () => {
  it("finds the entry chunk", () => {
    expect(entryKey(manifest)).toBe("index.html");
    expect(() => entryKey({ "_vendor.js": { file: "assets/vendor.js" } })).toThrow(/no entry/);
  });

  it("follows static imports transitively, each chunk once, and leaves dynamic imports out", () => {
    expect(staticFiles(manifest, "index.html")).toEqual(["assets/index.js", "assets/vendor.js", "assets/api.js"]);
  });

  it("counts for the dashboard the entry's files plus its page's chunk and the page's own static imports", () => {
    expect(routeFiles(manifest)).toEqual({
      "sign-in": ["assets/index.js", "assets/vendor.js", "assets/api.js"],
      dashboard: ["assets/index.js", "assets/vendor.js", "assets/api.js", "assets/DashboardPage.js", "assets/dates.js"],
    });
  });

  it("counts what index.html preloads for both routes, each file once", () => {
    const html = `<head>
    <script type="module" crossorigin src="/assets/index.js"></script>
    <link rel="modulepreload" crossorigin href="/assets/vendor.js">
    <link rel="stylesheet" crossorigin href="/assets/index.css">
    <link rel="icon" type="image/svg+xml" href="/favicon.svg" />
    <link rel="modulepreload" crossorigin href="/assets/DashboardPage.js">
    <link rel="modulepreload" crossorigin href="/assets/dates.js">
  </head>`;
    const preloaded = pageFiles(html);
    expect(preloaded).toEqual(["assets/index.js", "assets/vendor.js", "assets/DashboardPage.js", "assets/dates.js"]);
    expect(routeFiles(manifest, preloaded)).toEqual({
      "sign-in": ["assets/index.js", "assets/vendor.js", "assets/api.js", "assets/DashboardPage.js", "assets/dates.js"],
      dashboard: ["assets/index.js", "assets/vendor.js", "assets/api.js", "assets/DashboardPage.js", "assets/dates.js"],
    });
  });

  it("counts the dashboard as the entry alone when the app loads none of its own modules lazily", () => {
    const single = {
      "index.html": { file: "assets/index.js", isEntry: true, dynamicImports: ["node_modules/icons/loader.js"] },
      "node_modules/icons/loader.js": {
        file: "assets/loader.js",
        src: "node_modules/icons/loader.js",
        isDynamicEntry: true,
      },
    };
    expect(routeFiles(single)).toEqual({ "sign-in": ["assets/index.js"], dashboard: ["assets/index.js"] });
  });

  it("refuses to guess when lazy chunks exist but none is the dashboard page's", () => {
    const merged = { ...manifest };
    delete merged[DASHBOARD_PAGE];
    expect(() => routeFiles(merged)).toThrow(/none for src\/features\/dashboard\/DashboardPage\.tsx/);
  });

  it("names a chunk the manifest does not hold", () => {
    const broken = { "index.html": { file: "assets/index.js", isEntry: true, imports: ["_gone.js"] } };
    expect(() => staticFiles(broken, "index.html")).toThrow(/_gone\.js/);
  });
});
