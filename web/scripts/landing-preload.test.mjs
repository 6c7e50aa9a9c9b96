import { describe, expect, it } from "vitest";

import { landingPreload, landingPreloads } from "./landing-preload.mjs";

const PAGE = "src/features/dashboard/DashboardPage.tsx";

/** A bundle shaped as Rolldown hands it to plugins: an entry, shared chunks, pages and a style. */
const bundle = {
  "assets/index.js": { type: "chunk", fileName: "assets/index.js", isEntry: true, imports: ["assets/runtime.js"] },
  "assets/runtime.js": { type: "chunk", fileName: "assets/runtime.js", isEntry: false, imports: [] },
  "assets/DashboardPage.js": {
    type: "chunk",
    fileName: "assets/DashboardPage.js",
    isEntry: false,
    facadeModuleId: `/work/web/${PAGE}`,
    imports: ["assets/runtime.js", "assets/tabs.js"],
  },
  "assets/tabs.js": { type: "chunk", fileName: "assets/tabs.js", isEntry: false, imports: ["assets/tag.js"] },
  "assets/tag.js": { type: "chunk", fileName: "assets/tag.js", isEntry: false, imports: ["assets/tabs.js"] },
  "assets/ReportsPage.js": {
    type: "chunk",
    fileName: "assets/ReportsPage.js",
    isEntry: false,
    facadeModuleId: "/work/web/src/features/reports/ReportsPage.tsx",
    imports: ["assets/charts.js"],
  },
  "assets/charts.js": { type: "chunk", fileName: "assets/charts.js", isEntry: false, imports: [] },
  "assets/index.css": { type: "asset", fileName: "assets/index.css" },
};

describe("the landing page's preload links", () => {
  it("names the page's chunk and its static imports, each once, without the entry's or other pages'", () => {
    expect(landingPreloads(bundle, PAGE)).toEqual(["assets/DashboardPage.js", "assets/tabs.js", "assets/tag.js"]);
  });

  it("names nothing when no chunk is built from the page", () => {
    expect(landingPreloads(bundle, "src/features/gone/GonePage.tsx")).toEqual([]);
  });

  it("adds modulepreload links to the built index.html's head", () => {
    const { handler } = landingPreload(PAGE).transformIndexHtml;
    expect(handler("<html></html>", { bundle })).toEqual(
      ["assets/DashboardPage.js", "assets/tabs.js", "assets/tag.js"].map((file) => ({
        tag: "link",
        attrs: { rel: "modulepreload", crossorigin: true, href: `/${file}` },
        injectTo: "head",
      })),
    );
    expect(handler("<html></html>", {})).toEqual([]);
  });
});
