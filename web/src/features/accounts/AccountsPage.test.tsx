import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { Code, ConnectError } from "@connectrpc/connect";
import { afterEach, describe, expect, it, vi } from "vitest";

import { AccountCommodity, AccountFilter, OpenState } from "../../gen/eris/crm/v1/accounts_pb";
import { readFileText } from "../../lib/csv";
import { listAnswer, makeAccount } from "../../test/accountFakes";
import { catchDownloads, sally } from "../../test/fakes";
import { accountRow, boiler, openAccounts, plant } from "./accountsTestKit";
import { ACCOUNT_TEXTS } from "./texts";

const headers = () => screen.getAllByRole("columnheader").map((th) => th.textContent);

afterEach(() => {
  vi.restoreAllMocks();
});

describe("accounts tab", () => {
  it("lists the Electric columns with names from the directories and the response's totals", async () => {
    const { accounts } = openAccounts({ path: "/LeadTabs/5/accounts?commodity=electric" });
    const row = await accountRow("Plant 1");
    // The usage is pinned at the right, in view while the others scroll.
    expect(headers()).toEqual(["Actions", ...Object.values(electricLabels), "Annual kWh", "PLC", "NSPL"]);
    expect(accounts.listAccounts).toHaveBeenCalledWith(
      { companyId: 5n, filter: AccountFilter.ELECTRIC, query: "", pageSize: 500, pageToken: "" },
      expect.anything(),
    );
    // The utility by its label; the archived supplier still by its name.
    expect(within(row).getByText("PECO (PA)")).toBeTruthy();
    expect(within(row).getByText("Old Energy")).toBeTruthy();
    expect(within(row).getByText("864,000")).toBeTruthy();
    const totals = screen.getByTestId("account-totals");
    expect(within(totals).getByText("864,000")).toBeTruthy();
    expect(within(totals).getByText("150.00")).toBeTruthy();
    expect(within(totals).queryByText(ACCOUNT_TEXTS.totals.therms)).toBeNull();
  });

  it("shows the union of columns and every total for All", async () => {
    openAccounts();
    await accountRow("Boiler House");
    expect(headers()).toEqual(expect.arrayContaining(["Commodity", "Annual kWh", "Annual Therms", "PLC"]));
    const totals = screen.getByTestId("account-totals");
    expect(totals.textContent).toContain("Total kWh864,000");
    expect(totals.textContent).toContain("Total PLC150.00");
    expect(totals.textContent).toContain("Total Therms12,000");
  });

  it("keeps the search and the commodity in the address and lets the server filter", async () => {
    const { accounts, router } = openAccounts();
    await accountRow("Plant 1");
    await userEvent.type(screen.getByLabelText(ACCOUNT_TEXTS.search), "plant");
    await waitFor(() =>
      expect(accounts.listAccounts).toHaveBeenCalledWith(
        expect.objectContaining({ query: "plant", filter: AccountFilter.UNSPECIFIED }),
        expect.anything(),
      ),
    );
    await userEvent.click(screen.getByRole("radio", { name: "DR" }));
    await waitFor(() =>
      expect(accounts.listAccounts).toHaveBeenCalledWith(
        expect.objectContaining({ query: "plant", filter: AccountFilter.DR }),
        expect.anything(),
      ),
    );
    const params = new URLSearchParams(router().location.search);
    expect(params.get("search")).toBe("plant");
    expect(params.get("commodity")).toBe("dr");
    await waitFor(() =>
      expect(headers().slice(-7, -3)).toEqual(["Status", "Provider", "Summer Registered kW", "Winter Registered kW"]),
    );
  });

  it("formats the numbers of a column and its total alike", async () => {
    const big = makeAccount({ accountId: 21n, name: "Big Plant", plc: "153", annualKwh: "1250000" });
    const small = makeAccount({ accountId: 22n, name: "Small Plant", plc: "65.5", annualKwh: "864000.4" });
    openAccounts({
      accounts: {
        listAccounts: vi.fn(async () => listAnswer([big, small], { totalKwh: "2114000.4", totalPlc: "218.5" })),
      },
    });
    const plc = async (name: string) =>
      (await accountRow(name)).querySelectorAll("td")[headers().indexOf("PLC")].textContent;
    expect(await plc("Big Plant")).toBe("153.00");
    expect(await plc("Small Plant")).toBe("65.50");
    const totals = screen.getByTestId("account-totals");
    expect(within(totals).getByText("218.50")).toBeTruthy();
    expect(within(totals).getByText("2,114,000")).toBeTruthy();
  });

  it("opens with the search the account finder links to", async () => {
    const { accounts } = openAccounts({ path: "/LeadTabs/5/accounts?search=0001" });
    await accountRow("Plant 1");
    expect((screen.getByLabelText(ACCOUNT_TEXTS.search) as HTMLInputElement).value).toBe("0001");
    expect(accounts.listAccounts).toHaveBeenCalledWith(expect.objectContaining({ query: "0001" }), expect.anything());
  });

  it("shows Gas columns for the gas filter", async () => {
    openAccounts({
      path: "/LeadTabs/5/accounts?commodity=gas",
      accounts: { listAccounts: vi.fn(async () => listAnswer([boiler])) },
    });
    const row = await accountRow("Boiler House");
    expect(headers()).toContain("Annual Therms");
    expect(headers()).not.toContain("PLC");
    expect(headers()).not.toContain("Load Factor");
    expect(within(row).getByText("12,000")).toBeTruthy();
    expect(within(row).getByText("Gas Direct")).toBeTruthy();
  });

  it("gives Sales no Actions column and no add, import or export", async () => {
    openAccounts({ me: sally });
    await accountRow("Plant 1");
    expect(headers()).not.toContain("Actions");
    expect(screen.queryByRole("button", { name: ACCOUNT_TEXTS.add })).toBeNull();
    expect(screen.queryByRole("button", { name: ACCOUNT_TEXTS.importCsv })).toBeNull();
    expect(screen.queryByRole("button", { name: ACCOUNT_TEXTS.export })).toBeNull();
    expect(screen.queryByRole("button", { name: ACCOUNT_TEXTS.actions.edit })).toBeNull();
  });

  it("reads the next page when the last rows come into view, and says how many are shown", async () => {
    const listAccounts = vi.fn(async ({ pageToken }: { pageToken: string }) =>
      pageToken === ""
        ? listAnswer([plant], { nextPageToken: "p2", totalSize: 2 })
        : listAnswer([boiler], { totalSize: 2 }),
    );
    openAccounts({ accounts: { listAccounts } });
    await accountRow("Boiler House");
    expect(listAccounts).toHaveBeenLastCalledWith(expect.objectContaining({ pageToken: "p2" }), expect.anything());
    expect(screen.getByTestId("account-range").textContent).toBe("Showing 2 of 2");
    expect(screen.queryByRole("button", { name: ACCOUNT_TEXTS.loadMore })).toBeNull();
  });

  it("draws only the rows in view of a long list", async () => {
    const many = Array.from({ length: 2000 }, (_, i) =>
      makeAccount({ accountId: BigInt(i + 1), name: `Site ${String(i + 1).padStart(4, "0")}` }),
    );
    openAccounts({ accounts: { listAccounts: vi.fn(async () => listAnswer(many)) } });
    await accountRow("Site 0001");
    const table = screen.getByRole("table", { name: "Accounts" });
    expect(table.getAttribute("aria-rowcount")).toBe("2001");
    expect(table.querySelectorAll("tr[data-account-id]").length).toBeLessThan(60);
    expect(screen.queryByText("Site 2000")).toBeNull();
  });

  it("exports every matching account, read page by page, as a CSV for Excel", async () => {
    const downloads = catchDownloads();
    const listAccounts = vi.fn(async ({ pageSize, pageToken }: { pageSize: number; pageToken: string }) =>
      pageSize !== 2000
        ? listAnswer([plant], { totalSize: 2 })
        : pageToken === ""
          ? listAnswer([plant], { totalSize: 2, nextPageToken: "e2" })
          : listAnswer([makeAccount({ accountId: 23n, name: 'Say "Hi", Plant' })], { totalSize: 2 }),
    );
    openAccounts({ path: "/LeadTabs/5/accounts?commodity=electric&search=pl", accounts: { listAccounts } });
    await accountRow("Plant 1");
    await userEvent.click(screen.getByRole("button", { name: ACCOUNT_TEXTS.export }));
    await waitFor(() => expect(downloads).toHaveLength(1));
    expect(listAccounts).toHaveBeenCalledWith({
      companyId: 5n,
      filter: AccountFilter.ELECTRIC,
      query: "pl",
      pageSize: 2000,
      pageToken: "e2",
    });
    expect(downloads[0].name).toBe(ACCOUNT_TEXTS.exportFileName);
    const lines = (await readFileText(downloads[0].blob)).split("\r\n");
    expect(lines[0].startsWith('"Name","Utility","Account #"')).toBe(true);
    expect(lines[1].startsWith('"Plant 1","PECO (PA)","0001"')).toBe(true);
    expect(lines[2].startsWith('"Say ""Hi"", Plant"')).toBe(true);
    expect(lines).toHaveLength(4);
  });

  it("says 'error fetching accounts' when the accounts cannot be read", async () => {
    openAccounts({
      accounts: {
        listAccounts: vi.fn(async () => {
          throw new ConnectError("down", Code.Unavailable);
        }),
      },
    });
    expect((await screen.findAllByText(ACCOUNT_TEXTS.loadFailed)).length).toBeGreaterThan(0);
  });

  it("deletes an account after the spec's confirmation", async () => {
    const deleteAccount = vi.fn(async () => ({}));
    const { accounts } = openAccounts({ accounts: { deleteAccount } });
    await userEvent.click(within(await accountRow("Plant 1")).getByRole("button", { name: "Delete" }));
    const dialog = await screen.findByRole("alertdialog");
    expect(within(dialog).getByText("Are you sure you want to delete this account ?")).toBeTruthy();
    await userEvent.click(within(dialog).getByRole("button", { name: "Delete" }));
    await waitFor(() => expect(deleteAccount).toHaveBeenCalledWith({ accountId: 21n }));
    await waitFor(() => expect(accounts.listAccounts).toHaveBeenCalledTimes(2));
  });

  it("says 'error fetching data' with the server's reason when a delete is refused", async () => {
    const deleteAccount = vi.fn(async () => {
      throw new ConnectError("The account is on a contract.", Code.InvalidArgument);
    });
    openAccounts({ accounts: { deleteAccount } });
    await userEvent.click(within(await accountRow("Plant 1")).getByRole("button", { name: "Delete" }));
    await userEvent.click(within(await screen.findByRole("alertdialog")).getByRole("button", { name: "Delete" }));
    expect(await screen.findByText("error fetching data The account is on a contract.")).toBeTruthy();
  });
});

describe("account dialog", () => {
  it("updates only the changed fields with the version read", async () => {
    const updateAccount = vi.fn(async () => ({ account: plant }));
    openAccounts({ accounts: { updateAccount } });
    await userEvent.click(within(await accountRow("Plant 1")).getByRole("button", { name: "Edit" }));
    const dialog = await screen.findByRole("dialog", { name: "Edit Account" });
    const city = within(dialog).getByLabelText("City");
    await userEvent.clear(city);
    await userEvent.type(city, "Akron");
    await userEvent.selectOptions(within(dialog).getByLabelText("Open State"), "Closed");
    await userEvent.click(within(dialog).getByRole("button", { name: "Save" }));
    await waitFor(() =>
      expect(updateAccount).toHaveBeenCalledWith({
        account: { accountId: 21n, version: 4n, city: "Akron", openState: OpenState.CLOSED },
        updateMask: { paths: ["city", "open_state"] },
      }),
    );
    expect(await screen.findByText(ACCOUNT_TEXTS.updated)).toBeTruthy();
  });

  it("keeps an archived supplier and offers only the commodity's directories", async () => {
    openAccounts();
    await userEvent.click(within(await accountRow("Plant 1")).getByRole("button", { name: "Edit" }));
    const dialog = await screen.findByRole("dialog", { name: "Edit Account" });
    const supplier = within(dialog).getByLabelText("Supplier") as HTMLSelectElement;
    expect(supplier.value).toBe("9");
    const labels = Array.from(supplier.options).map((option) => option.text);
    expect(labels).toEqual(["None (utility supply)", "Constellation", "Old Energy (archived)"]);
    const utility = within(dialog).getByLabelText("Utility") as HTMLSelectElement;
    expect(Array.from(utility.options).map((option) => option.text)).toEqual(["None", "PECO (PA)"]);
  });

  it("after a stale update shows the server's message, reloads and keeps what was typed", async () => {
    const updateAccount = vi
      .fn()
      .mockRejectedValueOnce(new ConnectError("This account was changed by someone else.", Code.Aborted))
      .mockResolvedValue({ account: plant });
    const fresh = makeAccount({ city: "Kettering", zip: "45429", version: 6n });
    const getAccount = vi.fn(async () => ({ account: fresh }));
    openAccounts({ accounts: { updateAccount, getAccount } });
    await userEvent.click(within(await accountRow("Plant 1")).getByRole("button", { name: "Edit" }));
    const dialog = await screen.findByRole("dialog", { name: "Edit Account" });
    const city = within(dialog).getByLabelText("City") as HTMLInputElement;
    await userEvent.clear(city);
    await userEvent.type(city, "Akron");
    await userEvent.click(within(dialog).getByRole("button", { name: "Save" }));
    expect(await within(dialog).findByText("This account was changed by someone else.")).toBeTruthy();
    expect(getAccount).toHaveBeenCalledWith({ accountId: 21n });
    expect(city.value).toBe("Akron");
    await waitFor(() => expect((within(dialog).getByLabelText("Zip") as HTMLInputElement).value).toBe("45429"));
    await userEvent.click(within(dialog).getByRole("button", { name: "Save" }));
    await waitFor(() =>
      expect(updateAccount).toHaveBeenLastCalledWith({
        account: { accountId: 21n, version: 6n, city: "Akron" },
        updateMask: { paths: ["city"] },
      }),
    );
  });

  it("adds a Gas account that starts Open, without the Electric-only fields", async () => {
    const createAccount = vi.fn(async () => ({ account: boiler }));
    openAccounts({ accounts: { createAccount } });
    await accountRow("Plant 1");
    await userEvent.click(screen.getByRole("button", { name: ACCOUNT_TEXTS.add }));
    const dialog = await screen.findByRole("dialog", { name: "Add Account" });
    await userEvent.click(within(dialog).getByRole("button", { name: "Save" }));
    expect(within(dialog).getByText("A site name is required.")).toBeTruthy();
    expect(createAccount).not.toHaveBeenCalled();

    await userEvent.type(within(dialog).getByLabelText(/Site Name/), "Boiler House");
    await userEvent.selectOptions(within(dialog).getByLabelText(/Commodity/), "Gas");
    expect(within(dialog).queryByLabelText(/PLC/)).toBeNull();
    expect(within(dialog).queryByLabelText("IsDR")).toBeNull();
    const utility = within(dialog).getByLabelText("Utility") as HTMLSelectElement;
    expect(Array.from(utility.options).map((option) => option.text)).toEqual([
      "None",
      "PECO (PA)",
      "Columbia Gas (PA)",
    ]);
    await userEvent.selectOptions(utility, "Columbia Gas (PA)");
    await userEvent.type(within(dialog).getByLabelText(/Tax Exempt/), "150");
    expect(within(dialog).getByText("Enter a percent from 0 to 100.")).toBeTruthy();
    await userEvent.clear(within(dialog).getByLabelText(/Tax Exempt/));
    await userEvent.type(within(dialog).getByLabelText(/Tax Exempt/), "50");
    await userEvent.type(within(dialog).getByLabelText("ContractEndDate"), "03/31/2027");
    await userEvent.click(within(dialog).getByRole("button", { name: "Save" }));
    await waitFor(() => expect(createAccount).toHaveBeenCalledTimes(1));
    const sent = (createAccount.mock.calls[0] as unknown as [{ account: Record<string, unknown> }])[0].account;
    expect(sent).toMatchObject({
      companyId: 5n,
      name: "Boiler House",
      commodity: AccountCommodity.GAS,
      utilityId: 6n,
      supplierId: 0n,
      taxExemptPercent: "50",
      contractEndDate: { year: 2027, month: 3, day: 31 },
      openState: OpenState.OPEN,
    });
    expect(sent).not.toHaveProperty("plc");
    expect(sent).not.toHaveProperty("isDr");
    expect(await screen.findByText(ACCOUNT_TEXTS.added)).toBeTruthy();
  });

  it("shows the DR fields when IsDR is on, with the DR suppliers as providers", async () => {
    openAccounts();
    await userEvent.click(within(await accountRow("Plant 1")).getByRole("button", { name: "Edit" }));
    const dialog = await screen.findByRole("dialog", { name: "Edit Account" });
    expect(within(dialog).queryByLabelText("DR Status")).toBeNull();
    await userEvent.click(within(dialog).getByLabelText("IsDR"));
    expect((within(dialog).getByLabelText("DR Status") as HTMLSelectElement).value).toBe("2");
    const provider = within(dialog).getByLabelText("Provider") as HTMLSelectElement;
    expect(Array.from(provider.options).map((option) => option.text)).toEqual(["None", "CPower"]);
    expect(within(dialog).getByLabelText("Summer Registered kW")).toBeTruthy();
    expect(within(dialog).getByLabelText("Winter Registered kW")).toBeTruthy();
  });
});

const electricLabels = {
  name: "Name",
  utility: "Utility",
  accountNumber: "Account #",
  secondaryNumber: "Secondary #",
  rateClass: "Rate Class",
  supplier: "Supplier",
  address: "Address",
  taxExempt: "Tax Exempt Status",
  loadFactor: "Load Factor",
  contractEndDate: "ContractEndDate",
  openState: "Open State",
};
