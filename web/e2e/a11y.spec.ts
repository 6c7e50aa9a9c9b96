import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Browser, type Locator, type Page } from "@playwright/test";

import { createTestAccount, createTestCompany, crmApiAs, electricContract, userIdOf } from "./crmHelpers";
import { businessInstant, businessToday, createTestTask, isoDay } from "./dailyHelpers";
import { DEMO, signIn, unique } from "./helpers";

/**
 * WCAG 2.1 A and AA, as axe-core checks them automatically, on every route and the main dialogs, as
 * Management and as Sales (issue 28). A critical or serious violation fails the test; every one
 * found is listed (rule, screen, elements, what to fix) before it fails, so one run shows them all.
 * One signed-in page per role walks the screens, so the scan stays quick. Each role's walk runs at
 * 1280 px; at 1024 px the screens whose layout changes at that width (wide tables pin their columns,
 * two-column layouts stack, the contract form takes two columns) are scanned again, as Management,
 * since a role changes what a screen holds, not how it is laid out. The month calendar is also
 * scanned on a day with more entries than its cell shows ("+N more").
 */
const WCAG_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"];
const FAILING_IMPACTS = new Set(["critical", "serious"]);

interface Finding {
  screen: string;
  rule: string;
  impact: string;
  help: string;
  targets: string[];
  summary: string;
}

/** Scans the page as it is (a dialog open included) and returns its critical and serious violations. */
async function scan(page: Page, screen: string): Promise<Finding[]> {
  const { violations } = await new AxeBuilder({ page }).withTags(WCAG_TAGS).analyze();
  return violations
    .filter((violation) => FAILING_IMPACTS.has(violation.impact ?? ""))
    .map((violation) => ({
      screen,
      rule: violation.id,
      impact: violation.impact ?? "",
      help: violation.help,
      targets: violation.nodes.map((node) => node.target.join(" ")),
      summary: violation.nodes[0]?.failureSummary ?? "",
    }));
}

function report(findings: Finding[]): string {
  return findings
    .map(
      (f) =>
        `[${f.impact}] ${f.rule} on ${f.screen}: ${f.help}\n` +
        `  ${f.targets.length} element(s): ${f.targets.slice(0, 8).join(" | ")}\n` +
        `  ${f.summary.replace(/\n/g, "\n  ")}`,
    )
    .join("\n");
}

/** The main content has settled: something in it shows and no spinner is left. */
async function settled(page: Page, ready: Locator) {
  await expect(ready.first()).toBeVisible();
  // Spinners only: a progress bar with a value (a call bank's completion) is content.
  await expect(page.locator("main [role=progressbar]:not([aria-valuenow])")).toHaveCount(0);
  // A loading dialog over the page (outside main) is gone, fade included: scanned while fading in,
  // its text measures as a contrast failure.
  await expect(page.locator(".eris-blocking-loader")).toHaveCount(0);
  await transitionsDone(page);
}

/**
 * Every transition and finite animation has ended: text scanned while an overlay fades in is
 * measured half-transparent, as a contrast failure. Spinners (which never end) are left running.
 */
async function transitionsDone(page: Page) {
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every(
        (animation) => animation.playState !== "running" || animation.effect?.getComputedTiming().endTime === Infinity,
      ),
  );
}

/** A company the Sales user is on (as inside rep), with an account, a contract and a contact. */
async function prepareCompany() {
  const [api, salesId] = await Promise.all([crmApiAs(DEMO.management), userIdOf(DEMO.sales)]);
  const company = await createTestCompany({ name: unique("A11y").name, insideUserId: salesId }, api);
  const account = await createTestAccount(api, company.companyId, "Plant A");
  await api.contracts.createContract({ contract: electricContract(company.companyId, [account.accountId]) });
  await api.contacts.createContact({ contact: { companyId: company.companyId, firstName: "Ada", lastName: "Lane" } });
  return { company, salesId };
}

/** Today's calendar holds an open and a closed task of the user's, so their colours are checked. */
async function prepareTasks(userId: bigint, companyId: bigint) {
  const { year, month, day } = businessToday();
  await Promise.all([
    createTestTask({
      subject: "A11y open",
      due: businessInstant(year, month, day, 10),
      assigneeUserIds: [userId],
      companyId,
    }),
    createTestTask({
      subject: "A11y closed",
      due: businessInstant(year, month, day, 11),
      assigneeUserIds: [userId],
      companyId,
      closed: true,
    }),
  ]);
}

/**
 * A day, far from the days other tests use, with more of the user's tasks than a month cell shows:
 * the cell lists some and offers the rest behind "+N more".
 */
const BUSY_DAY = (() => {
  const { year, month } = businessToday();
  return { year: year + 1 + (month === 12 ? 1 : 0), month: (month % 12) + 1, day: 15 };
})();
const BUSY_DAY_TASKS = 7;

async function prepareBusyDay(userId: bigint, companyId: bigint) {
  const { year, month, day } = BUSY_DAY;
  await Promise.all(
    Array.from({ length: BUSY_DAY_TASKS }, (_, i) =>
      createTestTask({
        subject: `A11y busy ${i + 1}`,
        due: businessInstant(year, month, day, 8 + i),
        assigneeUserIds: [userId],
        companyId,
        closed: i % 3 === 2,
      }),
    ),
  );
}

/** A route to scan: where, and what shows once it has loaded. */
interface Screen {
  name: string;
  path: string;
  ready: (page: Page) => Locator;
}

const inMain = (page: Page) => page.locator("main").getByRole("button").or(page.locator("main").getByRole("link"));

/** A route; by default it has loaded once a button or link shows in the main content. */
const route = (name: string, path: string, ready: Screen["ready"] = inMain): Screen => ({ name, path, ready });

function commonScreens(companyId: bigint): Screen[] {
  const today = (page: Page) => page.getByText("A11y open");
  const tab = (name: string, path: string) =>
    route(`company ${name}`, `/LeadTabs/${companyId}/${path}`, (page) =>
      page.getByRole("tab", { name, exact: true, selected: true }),
    );
  return [
    route("dashboard (month)", "/Dashboard", today),
    route("dashboard (day)", `/Dashboard?view=day&date=${isoDay(businessToday())}`, today),
    route("dashboard (month, a day with more than fits)", `/Dashboard?view=month&date=${isoDay(BUSY_DAY)}`, (page) =>
      // At least the day's own tasks: a worker started again after a failure prepares them again.
      page.getByRole("button", { name: /more: all \d+ entries/ }),
    ),
    route("dashboard call banks", "/Dashboard?tab=callbanks"),
    route("companies", "/Leads", (page) => page.getByRole("tab", { name: "View Companies" })),
    tab("Company Details", "details"),
    tab("Accounts", "accounts"),
    tab("Contacts", "contacts"),
    tab("Contracts", "contracts"),
    tab("RFPs", "rfps"),
    route("contracts book", "/Contracts"),
    route("RFP report", "/RFP"),
    route("suppliers", "/Suppliers"),
    route("utilities", "/Utilities"),
    route("reports", "/Reports"),
    route("renewal tracking", "/RenewalTracking"),
    route("account search", "/Accounts", (page) => page.getByRole("searchbox")),
    route("settings", "/Settings", (page) => page.getByLabel(/Current Password/)),
    route("page not found", "/NoSuchPage"),
  ];
}

const MANAGEMENT_ONLY: Screen[] = [
  route("companies (add)", "/Leads?tab=add"),
  route("forecast revenue", "/ForecastRevenueBySupplier"),
  route("actual revenue", "/ActualRevenueBySupplier"),
  route("Margin Builder", "/MarginBuilder"),
  route("supplier outreach", "/SupplierOutreach"),
  route("welcome e-mails", "/WelcomeEmails"),
  route("first month's billing", "/FirstMonthsBilling"),
  route("opportunity tracker", "/OpportunityTracker"),
  route("auto-inactive contracts", "/AutoInactiveContracts"),
  route("admin users", "/Admin", (page) => page.getByRole("button", { name: "Add User" })),
  route("admin call banks", "/Admin?tab=callbanks"),
  route("admin companies", "/Admin?tab=companies"),
  route("rate types", "/RateTypes"),
  route("commissions", "/Commissions", (page) => page.getByRole("tab", { name: "Statements" })),
];

/**
 * The screens whose layout changes at 1024 px: the data grids that pin their first and money
 * columns, the layouts that stack below 1100 px (a company's details, the dashboard's tasks, the
 * revenue charts) and the frame itself.
 */
function narrowScreens(companyId: bigint): Screen[] {
  const wide = new Set([
    "dashboard (month)",
    "dashboard (month, a day with more than fits)",
    "companies",
    "company Company Details",
    "company Accounts",
    "company Contracts",
    "company RFPs",
    "contracts book",
    "RFP report",
    "renewal tracking",
    "account search",
    "forecast revenue",
    "Margin Builder",
    "opportunity tracker",
    "commissions",
  ]);
  const screens = [...commonScreens(companyId), ...MANAGEMENT_ONLY].filter((screen) => wide.has(screen.name));
  expect(screens, "every narrow screen is one of the walk's").toHaveLength(wide.size);
  return screens;
}

/** Opens a dialog (or drawer) from its button, scans the page with it open, and closes it with Escape. */
async function scanDialog(page: Page, screen: string, opener: Locator): Promise<Finding[]> {
  const dialog = page.getByRole("dialog");
  // A click before the page has hooked up its handlers is lost; the first opening fetches the dialog's code.
  await expect(async () => {
    await opener.first().click();
    await expect(dialog).toBeVisible({ timeout: 8_000 });
  }).toPass({ timeout: 30_000 });
  await expect(dialog.locator("[role=progressbar]:not([aria-valuenow])")).toHaveCount(0);
  await transitionsDone(page);
  const found = await scan(page, `${screen} dialog`);
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  return found;
}

async function scanScreens(page: Page, screens: Screen[]): Promise<Finding[]> {
  const findings: Finding[] = [];
  for (const screen of screens) {
    await page.goto(screen.path);
    await settled(page, screen.ready(page));
    findings.push(...(await scan(page, screen.name)));
  }
  return findings;
}

/**
 * The dialogs and overlays everyone has: Add Task, the company search and the finder; and the
 * Payments dialog for those who see payments (not Sales).
 */
async function scanCommonDialogs(page: Page, companyId: bigint, payments: boolean): Promise<Finding[]> {
  const findings: Finding[] = [];
  await page.goto("/Dashboard");
  await settled(page, page.getByText("A11y open"));
  findings.push(...(await scanDialog(page, "Add Task", page.getByRole("button", { name: "Add Task" }))));
  const search = page.getByRole("button", { name: "Company search" });
  findings.push(...(await scanDialog(page, "company search", search)));
  await page.keyboard.press("Control+k");
  const finder = page.getByRole("textbox", { name: "Find a company" });
  await expect(finder).toBeFocused();
  await finder.fill("a");
  findings.push(...(await scan(page, "company finder (Ctrl+K)")));
  await page.keyboard.press("Escape");
  await expect(finder).toBeHidden();

  if (payments) {
    await page.goto(`/LeadTabs/${companyId}/contracts`);
    const opener = page.getByRole("button", { name: "Payments", exact: true });
    await settled(page, opener);
    findings.push(...(await scanDialog(page, "Payments", opener)));
  }
  return findings;
}

/** The dialogs only Management opens: the add dialogs of the company tabs and the directories. */
async function scanManagementDialogs(page: Page, companyId: bigint): Promise<Finding[]> {
  const findings: Finding[] = [];
  const at = async (path: string, button: string) => {
    await page.goto(path);
    const opener = page.getByRole("button", { name: button, exact: true });
    await settled(page, opener);
    findings.push(...(await scanDialog(page, button, opener)));
  };
  await at(`/LeadTabs/${companyId}/contracts`, "Add Contract");
  await at(`/LeadTabs/${companyId}/accounts`, "Add Account");
  // Add Contact is a link: the dialog has an address of its own.
  await page.goto(`/Leads/${companyId}/contacts/add`);
  const contact = page.getByRole("dialog", { name: "Add Contact" });
  await expect(contact).toBeVisible();
  findings.push(...(await scan(page, "Add Contact dialog")));
  await at(`/LeadTabs/${companyId}/rfps`, "Add RFP");
  await at("/Suppliers", "Add Supplier");
  await at("/Utilities", "Add Utility");
  await at("/Admin", "Add User");
  await at("/Admin?tab=callbanks", "Add Call Bank");
  return findings;
}

/** The dialogs that lay out differently at 1024 px: Payments (a grid) and Add Contract (two columns). */
async function scanNarrowDialogs(page: Page, companyId: bigint): Promise<Finding[]> {
  await page.goto(`/LeadTabs/${companyId}/contracts`);
  const findings: Finding[] = [];
  for (const button of ["Payments", "Add Contract"]) {
    const opener = page.getByRole("button", { name: button, exact: true });
    await settled(page, opener);
    findings.push(...(await scanDialog(page, button, opener)));
  }
  return findings;
}

async function newPage(browser: Browser, width: number): Promise<Page> {
  const context = await browser.newContext({ viewport: { width, height: 800 } });
  return context.newPage();
}

test.describe("WCAG 2.1 AA (axe-core)", () => {
  let companyId = 0n;

  test.beforeAll(async () => {
    const prepared = await prepareCompany();
    companyId = prepared.company.companyId;
    const managementId = await userIdOf(DEMO.management);
    await Promise.all(
      [managementId, prepared.salesId].flatMap((userId) => [
        prepareTasks(userId, companyId),
        prepareBusyDay(userId, companyId),
      ]),
    );
  });

  test("as Management at 1280 px: sign-in, every route and the main dialogs", async ({ browser }) => {
    test.setTimeout(360_000);
    const page = await newPage(browser, 1280);
    await page.goto("/");
    await settled(page, page.getByRole("button", { name: "Login" }));
    const findings = await scan(page, "sign-in");
    await signIn(page, DEMO.management);
    findings.push(...(await scanScreens(page, [...commonScreens(companyId), ...MANAGEMENT_ONLY])));
    findings.push(...(await scanCommonDialogs(page, companyId, true)));
    findings.push(...(await scanManagementDialogs(page, companyId)));
    expect(findings, report(findings)).toEqual([]);
    await page.context().close();
  });

  test("as Sales at 1280 px: every route and the dialogs a Sales user opens", async ({ browser }) => {
    test.setTimeout(240_000);
    const page = await newPage(browser, 1280);
    await signIn(page, DEMO.sales);
    const findings = await scanScreens(page, commonScreens(companyId));
    findings.push(...(await scanCommonDialogs(page, companyId, false)));
    expect(findings, report(findings)).toEqual([]);
    await page.context().close();
  });

  test("at 1024 px: the screens and dialogs whose layout changes at that width", async ({ browser }) => {
    test.setTimeout(240_000);
    const page = await newPage(browser, 1024);
    await page.goto("/");
    await settled(page, page.getByRole("button", { name: "Login" }));
    const findings = await scan(page, "sign-in");
    await signIn(page, DEMO.management);
    findings.push(...(await scanScreens(page, narrowScreens(companyId))));
    findings.push(...(await scanNarrowDialogs(page, companyId)));
    expect(findings, report(findings)).toEqual([]);
    await page.context().close();
  });
});
