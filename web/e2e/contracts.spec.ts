import { execFileSync } from "node:child_process";
import { readFile } from "node:fs/promises";

import { Code, ConnectError } from "@connectrpc/connect";
import { expect, test, type Page } from "@playwright/test";

import { AccountCommodity, type Account } from "../src/gen/eris/crm/v1/accounts_pb";
import { Commodity } from "../src/gen/eris/sourcing/v1/utilities_pb";
import { createTestCompany, crmApiAs, randomLetters, userIdOf, utilityNamed, type CrmApi } from "./crmHelpers";
import { DEMO, signIn, unique } from "./helpers";

/** Twelve months of the same usage, as UpdateUsage takes them. */
const monthsOf = (kwh: number) =>
  Array.from({ length: 12 }, (_, i) => ({ month: i + 1, value: String(kwh), kw: "200" }));

/**
 * A company with two Electric accounts at PECO, made by Management through the API, with a year of
 * usage each: 864,000 and 432,000 kWh, so 1,296,000 kWh a year together.
 */
async function companyWithUsage(tag: string, fields: { insideUserId?: bigint } = {}) {
  const [peco, api] = await Promise.all([utilityNamed("PECO", Commodity.ELECTRIC), crmApiAs(DEMO.management)]);
  const company = await createTestCompany({ name: unique(tag).name, ...fields });
  const accounts: Account[] = [];
  for (const [site, kwh] of [
    ["Plant A", 72_000],
    ["Plant B", 36_000],
  ] as const) {
    const { account } = await api.accounts.createAccount({
      account: {
        companyId: company.companyId,
        name: site,
        commodity: AccountCommodity.ELECTRIC,
        utilityId: peco.utilityId,
        accountNumber: `E2E-${randomLetters(6)}`,
        city: "Media",
        state: "PA",
      },
    });
    if (!account) throw new Error("CreateAccount answered without an account");
    await api.accounts.updateUsage({ accountId: account.accountId, months: monthsOf(kwh) });
    accounts.push(account);
  }
  return { company, accounts, peco, api };
}

/** A contract of the company on both accounts: 12 months from 01/01/2026 at a fee of 0.005. */
async function createContract(api: CrmApi, companyId: bigint, accounts: Account[], fields: object = {}) {
  const { contract } = await api.contracts.createContract({
    contract: {
      companyId,
      commodity: Commodity.ELECTRIC,
      accountIds: accounts.map((a) => a.accountId),
      startDate: { year: 2026, month: 1, day: 1 },
      termMonths: 12,
      fee: "0.005",
      status: 0,
      ...fields,
    },
  });
  if (!contract) throw new Error("CreateContract answered without a contract");
  return contract;
}

function contractRow(page: Page, contractId: bigint) {
  return page.locator(`tr[data-contract-id="${contractId}"]`);
}

/** The page never scrolls sideways; a wide table scrolls inside its own box. */
async function expectTableScrollsInside(page: Page, box: string) {
  const sizes = await page.evaluate((selector) => {
    const table = document.querySelector(selector);
    return {
      pageOverflow: document.documentElement.scrollWidth - window.innerWidth,
      boxOverflow: table ? table.scrollWidth - table.clientWidth : -1,
    };
  }, box);
  expect(sizes.pageOverflow).toBeLessThanOrEqual(0);
  expect(sizes.boxOverflow).toBeGreaterThan(0);
}

/** A one-page PDF with a correct cross-reference table, starting "%PDF-1.4". */
function smallPdf(): Buffer {
  const objects = [
    "<< /Type /Catalog /Pages 2 0 R >>",
    "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
    "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>",
    "<< /Length 44 >>\nstream\nBT /F1 24 Tf 72 700 Td (E2E contract) Tj ET\nendstream",
    "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>",
  ];
  let body = "%PDF-1.4\n";
  const offsets: number[] = [];
  objects.forEach((object, i) => {
    offsets.push(body.length);
    body += `${i + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = body.length;
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  body += offsets.map((offset) => `${String(offset).padStart(10, "0")} 00000 n \n`).join("");
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, "latin1");
}

test("Management adds a contract on two accounts, sees its volume, end date and revenue, and files its PDF", async ({
  page,
}) => {
  const { company, accounts, api } = await companyWithUsage("Contracts");
  const violations: string[] = [];
  page.on("console", (message) => {
    if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
  });

  await signIn(page, DEMO.management);
  await page.goto(`/LeadTabs/${company.companyId}/contracts`);
  await expect(page.getByRole("tab", { name: "Contracts", exact: true })).toHaveAttribute("aria-selected", "true");
  await expect(page.getByRole("heading", { name: `Contracts for ${company.name}` })).toBeVisible();
  await expect(page.getByText("No contracts found.")).toBeVisible();

  await page.getByRole("button", { name: "Add Contract" }).click();
  const dialog = page.getByRole("dialog", { name: "Add Contract" });
  await expect(dialog.getByRole("button", { name: "Save" })).toBeDisabled();
  await dialog.getByLabel("Commodity").selectOption({ label: "Electric" });
  const accountBox = dialog.getByRole("textbox", { name: "Accounts" });
  for (const account of accounts) {
    await accountBox.fill(account.name);
    await page
      .getByRole("listbox", { name: "Accounts" })
      .getByRole("option", { name: new RegExp(`^${account.name} `) })
      .click();
  }
  await dialog.getByRole("heading", { name: "Add Contract" }).click(); // closes the account list
  // Both accounts are at PECO: the utility picker offers PECO only.
  await expect(dialog.getByLabel("Utility", { exact: true }).locator("option")).toHaveText(["", "PECO (PA)"]);
  await dialog.getByLabel("Utility", { exact: true }).selectOption({ label: "PECO (PA)" });
  await dialog.getByLabel("Contract Type", { exact: true }).selectOption("New");
  await dialog.getByLabel("Date Signed", { exact: true }).fill("12/15/2025");
  await dialog.getByLabel("Start Date", { exact: true }).fill("01/01/2026");
  await dialog.getByLabel("Term Length", { exact: true }).fill("12");
  await dialog.getByLabel("Contract Rate", { exact: true }).fill("0.0712");
  const fee = dialog.getByLabel("Fee", { exact: true });
  await fee.fill("0.005");
  await fee.press("Enter"); // Enter saves
  await expect(dialog).toBeHidden();

  const { contracts } = await api.contracts.listContracts({ companyId: company.companyId, includeInactive: true });
  expect(contracts).toHaveLength(1);
  const contract = contracts[0];
  expect([...contract.accountIds].sort()).toEqual(accounts.map((a) => a.accountId).sort());
  const row = contractRow(page, contract.contractId);
  await expect(row.getByRole("cell")).toHaveText([
    /.*/,
    "Active",
    "12/15/2025",
    "Electric",
    "PECO (PA)",
    "New",
    "",
    "01/01/2026",
    "12",
    "12/31/2026",
    "",
    "1,296,000",
    "1,296,000",
    // The amounts are pinned at the right of the table.
    "$0.0712",
    "$0.005",
    "$6,480.00",
    "$6,480.00",
  ]);

  // The table scrolls sideways inside its box at the narrower widths; the page never does.
  for (const width of [1280, 1024]) {
    await page.setViewportSize({ width, height: 800 });
    await expectTableScrollsInside(page, ".eris-contracts-table");
    await row.getByRole("button", { name: "Edit" }).click();
    const edit = page.getByRole("dialog", { name: "Edit Contract" });
    await expect(edit.getByTestId("contract-computed")).toContainText("$6,480.00");
    const box = await edit.boundingBox();
    expect(box && box.x >= 0 && box.x + box.width <= width).toBe(true);
    await page.keyboard.press("Escape");
    await expect(edit).toBeHidden();
  }
  await page.setViewportSize({ width: 1400, height: 900 });

  // The contract's PDF: uploaded, shown, deleted.
  await row.getByRole("button", { name: "Contract PDF" }).click();
  const pdf = page.getByRole("dialog", { name: "Contract PDF" });
  await expect(pdf.getByRole("button", { name: "Upload Contract" })).toBeDisabled();
  await pdf.getByLabel("Contract file").setInputFiles({
    name: "signed contract.pdf",
    mimeType: "application/pdf",
    buffer: smallPdf(),
  });
  await pdf.getByRole("button", { name: "Upload Contract" }).click();
  await expect(page.getByText("File Upload Success!")).toBeVisible();
  const viewer = pdf.locator('iframe[title="Contract PDF"]');
  await expect(viewer).toBeVisible();
  await expect(viewer).toHaveAttribute("src", /^blob:/);
  const { contract: filed } = await api.contracts.getContract({ contractId: contract.contractId });
  expect(filed?.fileName).toBe(`Contract ${contract.contractId}.pdf`);

  await pdf.getByRole("button", { name: "Delete File" }).click();
  const confirm = page.getByRole("alertdialog");
  await expect(confirm).toContainText("Are you sure you want to delete this contract?");
  await confirm.getByRole("button", { name: "Delete File" }).click();
  await expect(pdf.getByLabel("Contract file")).toBeAttached();
  await expect(pdf.getByRole("button", { name: "Upload Contract" })).toBeVisible();
  await expect(viewer).toHaveCount(0);
  const { contract: cleared } = await api.contracts.getContract({ contractId: contract.contractId });
  expect(cleared?.fileName).toBe("");
  // The viewer showed the file under the server's Content-Security-Policy.
  expect(violations).toEqual([]);
});

test("a Sales user sees a company's contracts without Actions, and the service refuses their writes", async ({
  page,
}) => {
  const salesId = await userIdOf(DEMO.sales);
  const { company, accounts, api } = await companyWithUsage("SalesContracts", { insideUserId: salesId });
  const contract = await createContract(api, company.companyId, accounts);

  await signIn(page, DEMO.sales);
  await page.goto(`/LeadTabs/${company.companyId}/contracts`);
  await expect(page.getByRole("heading", { name: `Contracts for ${company.name}` })).toBeVisible();
  const row = contractRow(page, contract.contractId);
  await expect(row).toContainText("1,296,000");
  await expect(page.getByRole("columnheader", { name: "Status" })).toBeVisible();
  await expect(page.getByRole("columnheader", { name: "Actions" })).toHaveCount(0);
  await expect(row.getByRole("button")).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Add Contract" })).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Export" })).toHaveCount(0);

  // Hiding the buttons is not the rule: the service refuses a Sales user's write too.
  const sales = await crmApiAs(DEMO.sales);
  const refused = await sales.contracts
    .createContract({
      contract: { companyId: company.companyId, commodity: Commodity.ELECTRIC, accountIds: [accounts[0].accountId] },
    })
    .then(
      () => null,
      (err: unknown) => ConnectError.from(err),
    );
  expect(refused?.code).toBe(Code.PermissionDenied);
  const { contracts } = await api.contracts.listContracts({ companyId: company.companyId, includeInactive: true });
  expect(contracts).toHaveLength(1);
});

test("the Contracts page lists a contract by the filters in the address and exports them", async ({ page }) => {
  const { company, accounts, api } = await companyWithUsage("Book");
  // A day of its own in the past, so the date filter finds this contract among few others.
  const day = {
    year: 1990 + Math.floor(Math.random() * 10),
    month: 1 + Math.floor(Math.random() * 12),
    day: 1 + Math.floor(Math.random() * 28),
  };
  const contract = await createContract(api, company.companyId, accounts, { dateSigned: day });
  const pad = (n: number) => String(n).padStart(2, "0");
  const iso = `${day.year}-${pad(day.month)}-${pad(day.day)}`;
  const typed = `${pad(day.month)}/${pad(day.day)}/${day.year}`;

  await signIn(page, DEMO.management);
  await page.goto("/Contracts");
  await expect(page.getByRole("heading", { name: "Contracts" })).toBeVisible();
  await expect(page.getByText("Active filter: All")).toBeVisible();
  // Blueprint draws the radio over its input: click its label.
  const commodity = page.getByRole("radiogroup", { name: "Commodity" });
  await commodity.getByText("Electric", { exact: true }).click();
  await expect(commodity.getByRole("radio", { name: "Electric" })).toBeChecked();
  await page.getByLabel("Date Signed Start").fill(typed);
  await page.getByLabel("Date Signed End").fill(typed);
  await expect(page).toHaveURL(new RegExp(`to=${iso}`));
  const address = new URL(page.url()).searchParams;
  expect([address.get("commodity"), address.get("from"), address.get("to")]).toEqual(["Electric", iso, iso]);
  const row = contractRow(page, contract.contractId);
  await expect(row.getByRole("cell")).toHaveText([
    company.name,
    "Active",
    typed,
    "Electric",
    "",
    "",
    "01/01/2026",
    "12/31/2026",
    "12",
    "",
    "$0.005",
    "1,296,000",
    "$6,480.00",
  ]);
  await expect(page.getByTestId("book-displaying")).toHaveText(/^Displaying \d+ of \d+$/);
  const shown = await page.getByTestId("book-displaying").textContent();
  const [, count, total] = /Displaying (\d+) of (\d+)/.exec(shown ?? "") ?? [];
  expect(Number(count)).toBeGreaterThanOrEqual(1);
  expect(Number(count)).toBe(Number(total));

  // A reload (or a shared link) shows the same list.
  await page.reload();
  await expect(page.getByLabel("Date Signed Start")).toHaveValue(typed);
  await expect(page.getByRole("radio", { name: "Electric" })).toBeChecked();
  await expect(row).toBeVisible();

  for (const width of [1280, 1024]) {
    await page.setViewportSize({ width, height: 800 });
    await expectTableScrollsInside(page, ".eris-book-table");
  }
  await page.setViewportSize({ width: 1400, height: 900 });

  const saved = page.waitForEvent("download");
  await page.getByRole("button", { name: "Export" }).click();
  const download = await saved;
  expect(download.suggestedFilename()).toBe("Contracts.xlsx");
  const file = await download.path();
  const bytes = await readFile(file);
  expect(bytes.subarray(0, 2).toString("latin1")).toBe("PK");
  const texts = execFileSync("unzip", ["-p", file, "xl/sharedStrings.xml"]).toString("utf8");
  expect(texts).toContain(company.name);

  // Each company links to its contracts tab.
  await row.getByRole("link", { name: company.name }).click();
  await expect(page).toHaveURL(new RegExp(`/LeadTabs/${company.companyId}/contracts$`));
  await expect(page.getByRole("heading", { name: `Contracts for ${company.name}` })).toBeVisible();
});
