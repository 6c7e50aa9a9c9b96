import { create } from "@bufbuild/protobuf";
import { timestampFromDate } from "@bufbuild/protobuf/wkt";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { Code, ConnectError } from "@connectrpc/connect";
import { describe, expect, it, vi } from "vitest";

import { UsageMonthSchema, type UsageMonth } from "../../gen/eris/crm/v1/accounts_pb";
import { makeAccount } from "../../test/accountFakes";
import { accountRow, boiler, openAccounts, plant } from "./accountsTestKit";
import { USAGE_TEXTS } from "./texts";

const months = (values: (number | "")[] = [], kw: (number | "")[] = []): UsageMonth[] =>
  Array.from({ length: 12 }, (_, i) =>
    create(UsageMonthSchema, { month: i + 1, value: String(values[i] ?? ""), kw: String(kw[i] ?? "") }),
  );

/** Opens the usage dialog of a listed account. */
async function openUsage(name: string, accounts: Record<string, unknown>) {
  const opened = openAccounts({ accounts });
  await userEvent.click(within(await accountRow(name)).getByRole("button", { name: "Usage" }));
  return opened;
}

const value = (dialog: HTMLElement, label: string) => (within(dialog).getByLabelText(label) as HTMLInputElement).value;

describe("usage dialog", () => {
  it("is titled by commodity and shows the months, the last update and the load factors", async () => {
    const getUsage = vi.fn(async () => ({
      months: months([72000, 100000], [200, 300]),
      account: makeAccount({ usageUpdateTime: timestampFromDate(new Date("2026-03-07T15:00:00Z")) }),
    }));
    await openUsage("Plant 1", { getUsage });
    const dialog = await screen.findByRole("dialog", { name: "Electric Usage" });
    expect(await within(dialog).findByTestId("usage-last-updated")).toHaveProperty("textContent", "03/07/2026");
    expect(value(dialog, "January kWh")).toBe("72,000");
    expect(value(dialog, "February kW")).toBe("300");
    expect(within(dialog).getByLabelText("January Load Factor").textContent).toBe("0.5000");
    expect(within(dialog).getByLabelText("February Load Factor").textContent).toBe("0.4630");
    // 172,000 kWh / (300 kW x 8760 h)
    expect(within(dialog).getByTestId("usage-annual-load-factor").textContent).toBe("0.0654");
    expect(within(dialog).getByRole("figure", { name: "kWh by month" }).getAttribute("data-points")).toBe("2");
    expect(getUsage).toHaveBeenCalledWith({ accountId: 21n }, expect.anything());
  });

  it("recomputes the load factors as the person types", async () => {
    await openUsage("Plant 1", { getUsage: vi.fn(async () => ({ months: months(), account: plant })) });
    const dialog = await screen.findByRole("dialog", { name: "Electric Usage" });
    await userEvent.type(await within(dialog).findByLabelText("March kWh"), "144,000");
    expect(within(dialog).getByLabelText("March Load Factor").textContent).toBe("");
    await userEvent.type(within(dialog).getByLabelText("March kW"), "400");
    expect(within(dialog).getByLabelText("March Load Factor").textContent).toBe("0.5000");
    expect(within(dialog).getByTestId("usage-annual-total").textContent).toBe("144,000");
    expect(within(dialog).getByTestId("usage-annual-load-factor").textContent).toBe("0.0411");
  });

  it("fills the months from a paste, saves them and refreshes the accounts and the company", async () => {
    const user = userEvent.setup();
    const saved = months([72000, 144000], [200, 400]);
    const updateUsage = vi.fn(async () => ({
      months: saved,
      account: makeAccount({
        annualKwh: "216000",
        usageUpdateTime: timestampFromDate(new Date("2026-04-01T15:00:00Z")),
      }),
    }));
    const { accounts, getCompany } = await openUsage("Plant 1", {
      getUsage: vi.fn(async () => ({ months: months(), account: plant })),
      updateUsage,
    });
    const dialog = await screen.findByRole("dialog", { name: "Electric Usage" });
    await within(dialog).findByLabelText("January kWh");
    expect(within(dialog).queryByLabelText(USAGE_TEXTS.pasteLabel)).toBeNull();
    await user.click(within(dialog).getByRole("button", { name: USAGE_TEXTS.showPaste }));
    await user.click(within(dialog).getByLabelText(USAGE_TEXTS.pasteLabel));
    await user.paste("72,000\t200\r\n144000\t400\r\n");
    expect(value(dialog, "January kWh")).toBe("72,000");
    expect(value(dialog, "February kWh")).toBe("144,000");
    expect(value(dialog, "February kW")).toBe("400");
    expect(within(dialog).getByLabelText("February Load Factor").textContent).toBe("0.5000");
    expect(within(dialog).getByRole("figure", { name: "kWh by month" }).getAttribute("data-points")).toBe("2");
    expect(within(dialog).getByRole("button", { name: USAGE_TEXTS.hidePaste })).toBeTruthy();

    const listCalls = accounts.listAccounts.mock.calls.length;
    const companyCalls = getCompany.mock.calls.length;
    await user.click(within(dialog).getByRole("button", { name: USAGE_TEXTS.save }));
    await waitFor(() => expect(updateUsage).toHaveBeenCalledTimes(1));
    const sent = (updateUsage.mock.calls[0] as unknown as [{ accountId: bigint; months: UsageMonth[] }])[0];
    expect(sent.accountId).toBe(21n);
    expect(sent.months).toHaveLength(12);
    expect(sent.months[0]).toEqual({ month: 1, value: "72000", kw: "200" });
    expect(sent.months[1]).toEqual({ month: 2, value: "144000", kw: "400" });
    expect(sent.months[11]).toEqual({ month: 12, value: "", kw: "" });
    expect(await screen.findByText(USAGE_TEXTS.updated)).toBeTruthy();
    expect(within(dialog).getByTestId("usage-last-updated").textContent).toBe("04/01/2026");
    await waitFor(() => expect(accounts.listAccounts.mock.calls.length).toBeGreaterThan(listCalls));
    await waitFor(() => expect(getCompany.mock.calls.length).toBeGreaterThan(companyCalls));
  });

  it("names a pasted line that cannot be read and applies nothing", async () => {
    const user = userEvent.setup();
    await openUsage("Plant 1", { getUsage: vi.fn(async () => ({ months: months([5]), account: plant })) });
    const dialog = await screen.findByRole("dialog", { name: "Electric Usage" });
    await within(dialog).findByLabelText("January kWh");
    await user.click(within(dialog).getByRole("button", { name: USAGE_TEXTS.showPaste }));
    await user.click(within(dialog).getByLabelText(USAGE_TEXTS.pasteLabel));
    await user.paste("1000\t10\nabc\t20\n3000\t30");
    expect(within(dialog).getByRole("alert").textContent).toBe(USAGE_TEXTS.pasteBadLine(2, "abc\t20"));
    expect(value(dialog, "January kWh")).toBe("5");
    expect(value(dialog, "March kWh")).toBe("");
  });

  it("takes one value a line for Gas, in therms, without kW", async () => {
    const user = userEvent.setup();
    await openUsage("Boiler House", { getUsage: vi.fn(async () => ({ months: months(), account: boiler })) });
    const dialog = await screen.findByRole("dialog", { name: "Gas Usage" });
    await within(dialog).findByLabelText("January Therms");
    expect(within(dialog).queryByLabelText("January kW")).toBeNull();
    expect(within(dialog).queryByText("Load Factor")).toBeNull();
    await user.click(within(dialog).getByRole("button", { name: USAGE_TEXTS.showPaste }));
    await user.click(within(dialog).getByLabelText(USAGE_TEXTS.pasteLabel));
    await user.paste("1,200\n900");
    expect(value(dialog, "February Therms")).toBe("900");
    expect(within(dialog).getByTestId("usage-annual-total").textContent).toBe("2,100");
  });

  it("says 'Error Updating Usage' when the save fails", async () => {
    const updateUsage = vi.fn(async () => {
      throw new ConnectError("down", Code.Unavailable);
    });
    await openUsage("Plant 1", { getUsage: vi.fn(async () => ({ months: months(), account: plant })), updateUsage });
    const dialog = await screen.findByRole("dialog", { name: "Electric Usage" });
    await userEvent.type(await within(dialog).findByLabelText("January kWh"), "10");
    await userEvent.click(within(dialog).getByRole("button", { name: USAGE_TEXTS.save }));
    expect(await screen.findByText(USAGE_TEXTS.updateFailed)).toBeTruthy();
  });
});
