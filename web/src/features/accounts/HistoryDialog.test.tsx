import { create } from "@bufbuild/protobuf";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { Code, ConnectError } from "@connectrpc/connect";
import { describe, expect, it, vi } from "vitest";

import { CapacityKind, CapacityRecordSchema, type CapacityRecord } from "../../gen/eris/crm/v1/accounts_pb";
import { accountRow, openAccounts } from "./accountsTestKit";
import { HISTORY_TEXTS } from "./texts";

const plcRecord = create(CapacityRecordSchema, {
  capacityRecordId: 31n,
  accountId: 21n,
  kind: CapacityKind.PLC,
  value: "150.5",
  startDate: { year: 2025, month: 6, day: 1 },
  endDate: { year: 2026, month: 5, day: 31 },
});

/** A capacity service holding records in memory, per kind. */
function fakeHistories(initial: CapacityRecord[] = []) {
  let records = [...initial];
  let nextId = 40n;
  return {
    listCapacityRecords: vi.fn(async ({ kind }: { kind: CapacityKind }) => ({
      records: records.filter((record) => record.kind === kind),
    })),
    createCapacityRecord: vi.fn(async ({ record }: { record: Partial<CapacityRecord> }) => {
      const created = create(CapacityRecordSchema, { ...record, capacityRecordId: nextId++ } as CapacityRecord);
      records = [created, ...records];
      return { record: created };
    }),
    deleteCapacityRecord: vi.fn(async ({ capacityRecordId }: { capacityRecordId: bigint }) => {
      records = records.filter((record) => record.capacityRecordId !== capacityRecordId);
      return {};
    }),
  };
}

async function openHistory(histories: Record<string, unknown>) {
  openAccounts({ accounts: histories });
  await userEvent.click(within(await accountRow("Plant 1")).getByRole("button", { name: "History" }));
  return screen.findByRole("dialog", { name: "Account History — Plant 1" });
}

describe("account history dialog", () => {
  it("has the spec's four tabs, each with its empty text", async () => {
    const user = userEvent.setup();
    const dialog = await openHistory(fakeHistories());
    const tabs = within(dialog)
      .getAllByRole("tab")
      .map((tab) => tab.textContent);
    expect(tabs).toEqual(["PLC", "NSPL", "Summer Registered KW", "Winter Registered KW"]);
    expect(await within(dialog).findByText("No PLC history records found")).toBeTruthy();
    await user.click(within(dialog).getByRole("tab", { name: "Summer Registered KW" }));
    // The tab, its value's field and column, its empty text and its button all say the spec's tab name.
    expect(await within(dialog).findByText("No Summer Registered KW history records found")).toBeTruthy();
    const panel = within(dialog).getByRole("tabpanel");
    expect(within(panel).getByLabelText("Summer Registered KW")).toBeTruthy();
    expect(within(panel).getByRole("button", { name: "Add Summer Registered KW Record" })).toBeTruthy();
    expect(within(dialog).queryByText(/SummerKW/)).toBeNull();
    await user.click(within(dialog).getByRole("tab", { name: "Winter Registered KW" }));
    expect(await within(dialog).findByText("No Winter Registered KW history records found")).toBeTruthy();
    expect(within(dialog).getByRole("button", { name: "Add Winter Registered KW Record" })).toBeTruthy();
  });

  it("adds a PLC record and says so with the spec's message", async () => {
    const user = userEvent.setup();
    const histories = fakeHistories();
    const dialog = await openHistory(histories);
    await within(dialog).findByText("No PLC history records found");
    const panel = within(dialog).getByRole("tabpanel");
    await user.type(within(panel).getByLabelText("PLC"), "1,210.5");
    await user.type(within(panel).getByLabelText("Start Date"), "06/01/2026");
    await user.type(within(panel).getByLabelText("End Date"), "05/31/2027");
    await user.click(within(panel).getByRole("button", { name: "Add PLC Record" }));
    await waitFor(() =>
      expect(histories.createCapacityRecord).toHaveBeenCalledWith({
        record: {
          accountId: 21n,
          kind: CapacityKind.PLC,
          value: "1210.5",
          startDate: { year: 2026, month: 6, day: 1 },
          endDate: { year: 2027, month: 5, day: 31 },
        },
      }),
    );
    expect(await screen.findByText("PLC Updated successfully")).toBeTruthy();
    const row = (await within(panel).findByText("1,210.50")).closest("tr") as HTMLElement;
    expect(within(row).getByText("06/01/2026")).toBeTruthy();
    expect((within(panel).getByLabelText("PLC") as HTMLInputElement).value).toBe("");
  });

  it("names a Summer Registered KW record SummerKW in the spec's success message only", async () => {
    const user = userEvent.setup();
    const histories = fakeHistories();
    const dialog = await openHistory(histories);
    await user.click(within(dialog).getByRole("tab", { name: "Summer Registered KW" }));
    const panel = within(dialog).getByRole("tabpanel");
    await user.type(within(panel).getByLabelText("Summer Registered KW"), "95");
    await user.type(within(panel).getByLabelText("Start Date"), "06/01/2026");
    await user.type(within(panel).getByLabelText("End Date"), "09/30/2026");
    await user.click(within(panel).getByRole("button", { name: "Add Summer Registered KW Record" }));
    expect(await screen.findByText("SummerKW Updated successfully")).toBeTruthy();
    const table = await within(panel).findByRole("table", { name: "Summer Registered KW history" });
    expect(within(table).getByRole("columnheader", { name: "Summer Registered KW" })).toBeTruthy();
    expect(histories.createCapacityRecord).toHaveBeenCalledWith({
      record: expect.objectContaining({ kind: CapacityKind.SUMMER_KW, value: "95" }),
    });
  });

  it("refuses a start after the end on the form", async () => {
    const user = userEvent.setup();
    const histories = fakeHistories();
    const dialog = await openHistory(histories);
    await user.click(within(dialog).getByRole("tab", { name: "NSPL" }));
    const panel = within(dialog).getByRole("tabpanel");
    await user.type(within(panel).getByLabelText("NSPL"), "80");
    await user.type(within(panel).getByLabelText("Start Date"), "06/01/2026");
    await user.type(within(panel).getByLabelText("End Date"), "05/31/2026");
    expect(within(panel).getByRole("alert").textContent).toBe(HISTORY_TEXTS.startAfterEnd);
    await user.click(within(panel).getByRole("button", { name: "Add NSPL Record" }));
    expect(histories.createCapacityRecord).not.toHaveBeenCalled();
  });

  it("shows the server's reason when it refuses a record", async () => {
    const user = userEvent.setup();
    const histories = {
      ...fakeHistories(),
      createCapacityRecord: vi.fn(async () => {
        throw new ConnectError("The dates overlap another record.", Code.InvalidArgument);
      }),
    };
    const dialog = await openHistory(histories);
    const panel = within(dialog).getByRole("tabpanel");
    await user.type(within(panel).getByLabelText("PLC"), "10");
    await user.type(within(panel).getByLabelText("Start Date"), "06/01/2026");
    await user.type(within(panel).getByLabelText("End Date"), "06/30/2026");
    await user.click(within(panel).getByRole("button", { name: "Add PLC Record" }));
    expect(await screen.findByText("error fetching data The dates overlap another record.")).toBeTruthy();
  });

  it("deletes a record after the spec's confirmation", async () => {
    const user = userEvent.setup();
    const histories = fakeHistories([plcRecord]);
    const dialog = await openHistory(histories);
    const row = (await within(dialog).findByText("150.50")).closest("tr") as HTMLElement;
    expect(within(row).getByText("05/31/2026")).toBeTruthy();
    await user.click(within(row).getByRole("button", { name: "Delete" }));
    const confirm = await screen.findByRole("alertdialog");
    expect(within(confirm).getByText("Are you sure you want to delete this record?")).toBeTruthy();
    await user.click(within(confirm).getByRole("button", { name: "Delete" }));
    await waitFor(() =>
      expect(histories.deleteCapacityRecord).toHaveBeenCalledWith({ capacityRecordId: 31n, kind: CapacityKind.PLC }),
    );
    expect(await within(dialog).findByText("No PLC history records found")).toBeTruthy();
  });
});
