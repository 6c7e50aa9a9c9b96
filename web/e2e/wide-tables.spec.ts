import { expect, test, type Locator, type Page } from "@playwright/test";

import { AccountCommodity } from "../src/gen/eris/crm/v1/accounts_pb";
import { Commodity } from "../src/gen/eris/sourcing/v1/utilities_pb";
import { crmApiAs, randomLetters, utilityNamed } from "./crmHelpers";
import { DEMO, expectNoSidewaysScroll, signIn, unique } from "./helpers";
import { contractFor } from "./reportHelpers";

const WIDTH = 1024;

// The narrowest window the back office uses.
test.use({ viewport: { width: WIDTH, height: 768 } });

/**
 * Each header is in view without scrolling sideways: inside the window (x + width <= 1024) and
 * inside the visible part of the table's own scroll box, not under its scrollbar or past its edge.
 */
async function expectHeadersInView(table: Locator, names: readonly string[]) {
  await expect(table.locator("tbody tr").first()).toBeVisible();
  for (const name of names) {
    const header = table.getByRole("columnheader", { name, exact: true });
    await expect(header).toBeVisible();
    const box = await header.boundingBox();
    expect(box, `${name} has a box`).not.toBeNull();
    expect(box!.x, `${name} starts in the window`).toBeGreaterThanOrEqual(0);
    expect(box!.x + box!.width, `${name} ends in the window`).toBeLessThanOrEqual(WIDTH);
    const seen = await header.evaluate((th) => {
      const scroll = th.closest("table")!.parentElement!;
      const frame = scroll.getBoundingClientRect();
      const cell = th.getBoundingClientRect();
      return cell.left >= frame.left && cell.right <= frame.left + scroll.clientLeft + scroll.clientWidth + 0.5;
    });
    expect(seen, `${name} is in the visible part of the table`).toBe(true);
  }
}

/** Hides a column with the Columns chooser (from the keyboard: Space on its checkbox). */
async function hideColumn(page: Page, name: string) {
  await page.getByRole("button", { name: "Columns" }).click();
  const chooser = page.getByRole("group", { name: "Choose columns" });
  const box = chooser.getByRole("checkbox", { name, exact: true });
  await box.focus();
  await page.keyboard.press("Space");
  await expect(box).not.toBeChecked();
  await page.keyboard.press("Escape");
  await expect(chooser).toBeHidden();
}

test("a company's contracts and accounts keep their amounts and usage in view at 1024 px, and a hidden column stays hidden", async ({
  page,
}) => {
  const api = await crmApiAs(DEMO.management);
  const { company, contract } = await contractFor(api, unique("WideContracts").name, {});
  // A Gas account too, so All shows Annual Therms.
  const gas = await utilityNamed("PECO", Commodity.GAS).catch(() => null);
  if (gas) {
    await api.accounts.createAccount({
      account: {
        companyId: company.companyId,
        name: "Boiler",
        commodity: AccountCommodity.GAS,
        utilityId: gas.utilityId,
        accountNumber: `E2E-${randomLetters(6)}`,
      },
    });
  }
  await signIn(page, DEMO.management);

  await page.goto(`/LeadTabs/${company.companyId}/contracts`);
  const contracts = page.getByRole("table", { name: "Contracts" });
  await expect(contracts.locator(`tr[data-contract-id="${contract.contractId}"]`)).toBeVisible();
  await expectHeadersInView(contracts, ["Status", "Rate", "Fee", "Annual Revenue", "Term Revenue"]);
  await expectNoSidewaysScroll(page);
  // Scrolled to its far right, the pinned columns stay put.
  await contracts.evaluate((table) => table.parentElement!.scrollTo({ left: 10_000 }));
  await expectHeadersInView(contracts, ["Status", "Rate", "Fee", "Annual Revenue", "Term Revenue"]);

  // A column hidden with the chooser stays hidden after a reload, until Reset columns.
  await expect(contracts.getByRole("columnheader", { name: "Contract Type" })).toHaveCount(1);
  await hideColumn(page, "Contract Type");
  await expect(contracts.getByRole("columnheader", { name: "Contract Type" })).toHaveCount(0);
  await page.reload();
  await expect(contracts.locator(`tr[data-contract-id="${contract.contractId}"]`)).toBeVisible();
  await expect(contracts.getByRole("columnheader", { name: "Contract Type" })).toHaveCount(0);
  await page.getByRole("button", { name: "Columns" }).click();
  await page.getByRole("button", { name: "Reset columns" }).click();
  await expect(contracts.getByRole("columnheader", { name: "Contract Type" })).toHaveCount(1);
  await page.keyboard.press("Escape");

  await page.goto(`/LeadTabs/${company.companyId}/accounts`);
  const accounts = page.getByRole("table", { name: "Accounts" });
  await expectHeadersInView(accounts, ["Name", "Annual kWh", "Annual Therms", "PLC", "NSPL"]);
  await expectNoSidewaysScroll(page);
});

test("Margin Builder keeps Fee, the usage and the payments in view at 1024 px", async ({ page }) => {
  await signIn(page, DEMO.management);
  await page.goto("/MarginBuilder");
  const table = page.getByRole("table", { name: "Margin Builder rows" });
  await expect(page.getByRole("dialog", { name: "Loading…" })).toBeHidden();
  const money = ["CustName", "Fee", "ProjectedUsage", "ProjectedPayment", "UsageActual", "PaymentActual"];
  await expectHeadersInView(table, money);
  await expectNoSidewaysScroll(page);
  await table.evaluate((t) => t.parentElement!.scrollTo({ left: 10_000 }));
  await expectHeadersInView(table, money);
});

test("the /RFP page keeps Start Date, Fee, Suppliers and Download in view at 1024 px, in rows of one height", async ({
  page,
}) => {
  // The demo's RFPs, whose companies, Lens and supplier lists are often longer than their columns.
  await signIn(page, DEMO.management);
  await page.goto("/RFP");
  const table = page.getByRole("table", { name: "RFPs" });
  await expectHeadersInView(table, ["Company", "Start Date", "Fee", "Suppliers", "Download"]);
  await expectNoSidewaysScroll(page);
  // Compact rows, all of one height, however long their text; the whole text on hover.
  const rows = table.locator("tbody tr[data-rfp-id]");
  const heights = await rows.evaluateAll((all) => [
    ...new Set(all.map((row) => Math.round(row.getBoundingClientRect().height))),
  ]);
  expect(heights).toEqual([34]);
  const company = rows.first().locator("td").first();
  await expect(company).toHaveAttribute("title", (await company.textContent()) ?? "");
});
