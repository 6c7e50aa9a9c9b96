// How soon the dashboard is usable when the app is opened afresh by someone already signed in, in
// Debian's Chromium against the running bench stack: from the navigation to "/" (the stored session
// is restored, "/" sends it on to /Dashboard) until the dashboard's heading, calendar and upcoming
// tasks are on the screen and no spinner is left. Every run has a new browser context, so an empty
// cache: all of the app's code is fetched again. `make bench` runs it after accounts-screen.mjs and
// writes the table into docs/benchmarks.md.
//
//   BENCH_BASE_URL=http://127.0.0.1:28080 node bench/cold-load.mjs
import { readFileSync, writeFileSync } from "node:fs";
import { loadavg } from "node:os";

import { chromium } from "playwright-core";

const base = process.env.BENCH_BASE_URL ?? "http://127.0.0.1:28080";
const email = process.env.BENCH_EMAIL ?? "management@eris.test";
const password = process.env.BENCH_PASSWORD ?? "eris-demo-2026";
const runs = Number(process.env.BENCH_RUNS ?? "7");
const report = process.env.BENCH_REPORT ?? new URL("../../docs/benchmarks.md", import.meta.url).pathname;
const viewport = { width: 1280, height: 900 };

const browser = await chromium.launch({
  executablePath: process.env.E2E_CHROMIUM ?? "/usr/bin/chromium",
  args: ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking"],
});

// Sign in once through the form; each run starts from what the app then keeps (the access token in
// localStorage, the refresh cookie), as a returning user's browser does.
const signIn = await browser.newContext({ viewport });
const form = await signIn.newPage();
form.setDefaultTimeout(30_000);
await form.goto(`${base}/`);
await form.getByLabel("Login", { exact: true }).fill(email);
await form.getByLabel("Password", { exact: true }).fill(password);
await form.getByLabel("Password", { exact: true }).press("Enter");
await form.waitForURL(/\/Dashboard$/);
const session = await signIn.storageState();
await signIn.close();

/**
 * Milliseconds since the navigation started when the dashboard is usable, checked on every frame in
 * the page itself, so the figure leaves out the time the bench takes to ask.
 */
function dashboardUsable() {
  const heading = [...document.querySelectorAll("h3")].some((h) => h.textContent === "Dashboard");
  const calendar = document.querySelector('section[aria-label="Calendar"]');
  const upcoming = document.querySelector("section.eris-upcoming");
  const busy = document.querySelector('[role="progressbar"]');
  return heading && calendar && upcoming && !busy ? performance.now() : false;
}

/** One cold load: its time to usable, and the JavaScript fetched by then (bytes on the wire, files). */
async function coldLoad() {
  const context = await browser.newContext({ viewport, storageState: session });
  const page = await context.newPage();
  page.setDefaultTimeout(30_000);
  // The scripts fetched until the dashboard is usable; the icon paths Blueprint fetches later are not counted.
  const scripts = [];
  let counting = true;
  page.on("requestfinished", (request) => {
    if (counting && request.resourceType() === "script") {
      scripts.push(request.sizes().then((sizes) => sizes.responseBodySize));
    }
  });
  await page.goto(`${base}/`, { waitUntil: "commit" });
  const usable = await page.waitForFunction(dashboardUsable, null, { polling: "raf" });
  counting = false;
  const ms = await usable.jsonValue();
  if (!page.url().endsWith("/Dashboard")) {
    throw new Error(`the signed-in session was not restored: the page is at ${page.url()}`);
  }
  const bytes = await Promise.all(scripts);
  await context.close();
  return { ms, bytes: bytes.reduce((sum, size) => sum + size, 0), files: bytes.length };
}

// The figures swing with whatever else the two cores run; the load average says how busy they were.
const loadAverage = loadavg()[0].toFixed(1);
const loads = [];
for (let run = 0; run < runs; run += 1) {
  loads.push(await coldLoad());
}
await browser.close();

const times = loads.map((load) => load.ms);
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const ms = (value) => Math.round(value).toLocaleString("en-US");
const kb = (bytes) => `${Math.round(bytes / 1000).toLocaleString("en-US")} KB`;
const when = new Date().toISOString().slice(0, 16).replace("T", " ");
const last = loads[loads.length - 1];
const section = [
  "<!-- bench:cold-load:start -->",
  `Measured ${when} UTC in headless Chromium at 1280 px against the same stack, ${runs} cold loads (a new browser context each, so an empty cache), signed in as ${email}; load average ${loadAverage} at the start.`,
  "",
  "| what | median | slowest |",
  "| --- | ---: | ---: |",
  `| "/" opened until the dashboard is usable, ms | ${ms(median(times))} | ${ms(Math.max(...times))} |`,
  `| JavaScript fetched by then (as sent) | ${kb(median(loads.map((load) => load.bytes)))} in ${last.files} files | |`,
  "<!-- bench:cold-load:end -->",
].join("\n");
console.log(section);

const text = readFileSync(report, "utf8");
const pattern = /<!-- bench:cold-load:start -->[\s\S]*?<!-- bench:cold-load:end -->/;
writeFileSync(report, pattern.test(text) ? text.replace(pattern, section) : `${text.trimEnd()}\n\n${section}\n`);
