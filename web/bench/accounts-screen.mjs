// How soon the accounts screen of the customer with the most accounts is usable, in Debian's
// Chromium against the running bench stack: its first rows and totals shown. `make bench` runs it
// after eris-bench and writes the table into docs/benchmarks.md.
//
//   BENCH_BASE_URL=http://127.0.0.1:28080 BENCH_COMPANY=1 node bench/accounts-screen.mjs
import { readFileSync, writeFileSync } from "node:fs";

import { chromium } from "playwright-core";

const base = process.env.BENCH_BASE_URL ?? "http://127.0.0.1:28080";
const companyId = process.env.BENCH_COMPANY ?? "1";
const email = process.env.BENCH_EMAIL ?? "management@eris.test";
const password = process.env.BENCH_PASSWORD ?? "eris-demo-2026";
const runs = Number(process.env.BENCH_RUNS ?? "7");
const report = process.env.BENCH_REPORT ?? new URL("../../docs/benchmarks.md", import.meta.url).pathname;

const browser = await chromium.launch({
  executablePath: process.env.E2E_CHROMIUM ?? "/usr/bin/chromium",
  args: ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking"],
});
const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
page.setDefaultTimeout(30_000);

await page.goto(`${base}/`);
await page.getByLabel("Login", { exact: true }).fill(email);
await page.getByLabel("Password", { exact: true }).fill(password);
await page.getByLabel("Password", { exact: true }).press("Enter");
await page.waitForURL(/\/Dashboard$/);

const accountsUrl = `${base}/LeadTabs/${companyId}/accounts`;
const firstRow = page.locator("tr[data-account-id]").first();
const count = page.getByTestId("account-totals").locator('[data-total="count"]');

/** Milliseconds from `start` until the first row and the totals are on the screen. */
async function usableAfter(start) {
  const began = performance.now();
  await start();
  await firstRow.waitFor({ state: "visible" });
  await count.waitFor({ state: "visible" });
  return performance.now() - began;
}

const opened = [];
const switched = [];
for (let run = 0; run < runs; run += 1) {
  // A fresh load of the address: the app's code, the session refresh, then the accounts.
  opened.push(await usableAfter(() => page.goto(accountsUrl)));
  // From the company's details to its Accounts tab, as people move around all day.
  await page.goto(`${base}/LeadTabs/${companyId}/details`);
  await page.getByRole("tab", { name: "Accounts" }).waitFor();
  switched.push(await usableAfter(() => page.getByRole("tab", { name: "Accounts" }).click()));
}
const accounts = await count.textContent();
await browser.close();

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const worst = (values) => Math.max(...values);
const ms = (value) => Math.round(value).toLocaleString("en-US");
const when = new Date().toISOString().slice(0, 16).replace("T", " ");
const section = [
  "<!-- bench:accounts-screen:start -->",
  `Measured ${when} UTC in headless Chromium at 1280 px against the same stack, ${runs} runs each: the accounts screen of the customer with ${accounts} accounts, until its first rows and totals show.`,
  "",
  "| how it is reached | median ms | slowest ms |",
  "| --- | ---: | ---: |",
  `| its address loaded afresh (app code, session, accounts) | ${ms(median(opened))} | ${ms(worst(opened))} |`,
  `| the Accounts tab clicked on the company's details | ${ms(median(switched))} | ${ms(worst(switched))} |`,
  "<!-- bench:accounts-screen:end -->",
].join("\n");
console.log(section);

const text = readFileSync(report, "utf8");
const pattern = /<!-- bench:accounts-screen:start -->[\s\S]*?<!-- bench:accounts-screen:end -->/;
writeFileSync(report, pattern.test(text) ? text.replace(pattern, section) : `${text.trimEnd()}\n\n${section}\n`);
