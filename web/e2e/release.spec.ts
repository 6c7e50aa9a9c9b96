import { expect, test, type Response } from "@playwright/test";

import { DEMO, signIn } from "./helpers";

test("the app's scripts come compressed and are kept; a page whose code is gone says so in place and comes back with Try again", async ({
  page,
}) => {
  const scripts: Response[] = [];
  page.on("response", (response) => {
    if (/\/assets\/[^/]+\.js$/.test(response.url())) scripts.push(response);
  });
  const home = await page.goto("/");
  expect(home?.headers()["cache-control"]).toBe("no-cache");
  await signIn(page, DEMO.management);
  await expect(page.getByRole("tab", { name: "Tasks" })).toBeVisible();
  expect(scripts.length).toBeGreaterThan(1);
  for (const script of scripts) {
    expect(script.headers()["cache-control"], script.url()).toBe("public, max-age=31536000, immutable");
  }
  // The app's first script goes as brotli (files under 1 KB go as they are).
  const entry = scripts.find((script) => /\/assets\/index-[^/]+\.js$/.test(script.url()));
  expect(entry?.headers()["content-encoding"]).toBe("br");

  // A new release since this tab was opened: the Suppliers page's code is no longer served.
  const gone = /\/assets\/SuppliersPage-[^/]+\.js$/;
  await page.route(gone, (route) => route.fulfill({ status: 404, body: "" }));
  await page.getByRole("link", { name: "Suppliers" }).click();
  await expect(page.getByText("This screen could not be shown")).toBeVisible();
  // The rest of the app stays: the menu still works.
  await expect(page.getByRole("link", { name: "Dashboard" })).toBeVisible();

  await page.unroute(gone);
  await page.getByRole("button", { name: "Try again" }).click();
  await expect(page.getByRole("heading", { name: "Suppliers" })).toBeVisible();
  await expect(page.getByText("This screen could not be shown")).toHaveCount(0);
});
