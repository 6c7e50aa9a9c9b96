import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { Code, ConnectError } from "@connectrpc/connect";
import { afterEach, describe, expect, it, vi } from "vitest";

import { ProjectionBasis } from "../../gen/eris/contracts/v1/contracts_pb";
import { sally, spyToasts } from "../../test/fakes";
import { makeContract, openBeta } from "./betaTestKit";
import { BETA_CONTRACT_TEXTS, HEDGE_TEXTS } from "./betaTexts";

const VIEW = "/LeadTabs/5/contractsBETA/view/41";

afterEach(() => {
  vi.restoreAllMocks();
});

const field = (label: string) => screen.getByLabelText(label, { exact: true }) as HTMLInputElement;
const submitChanges = () =>
  screen.getByRole("button", { name: BETA_CONTRACT_TEXTS.submitChanges }) as HTMLButtonElement;
const update = () => screen.getByRole("button", { name: "Update" }) as HTMLButtonElement;
const hedgeContract = makeContract({ contractType: "Hedge" });

/** Opens the view and waits for the Info tab's fields. */
async function openInfo(options: Parameters<typeof openBeta>[1] = {}) {
  const view = openBeta(VIEW, options);
  await screen.findByRole("tab", { name: "Info" });
  await waitFor(() => expect(field("Contract Rate").value).toBe("0.0712"));
  return view;
}

describe("View Contract (beta): tabs", () => {
  it("shows the lead, the contract in brief and four tabs; the tab shown is in the address", async () => {
    const { router } = openBeta(VIEW);
    expect(await screen.findByDisplayValue("Acme Foods")).toBeTruthy();
    expect(screen.getByTestId("contract-heading").textContent).toBe("Electric contract, Active, signed 01/15/2026");
    expect(screen.getAllByRole("tab").map((tab) => tab.textContent)).toEqual(["Info", "Hedge", "Payments", "Accounts"]);
    expect(screen.getByRole("tab", { name: "Info" }).getAttribute("aria-selected")).toBe("true");
    await userEvent.click(screen.getByRole("tab", { name: "Accounts" }));
    expect(new URLSearchParams(router().location.search).get("tab")).toBe("accounts");
    expect(await screen.findByRole("table", { name: "Accounts" })).toBeTruthy();
  });

  it("opens on the tab of the address", async () => {
    openBeta(`${VIEW}?tab=payments`);
    await waitFor(() =>
      expect(screen.getByRole("tab", { name: "Payments" }).getAttribute("aria-selected")).toBe("true"),
    );
  });

  it("names on the Payments tab what the contract's projected payments go by", async () => {
    const { unmount } = openBeta(`${VIEW}?tab=payments`);
    expect((await screen.findByTestId("projection-basis")).textContent).toBe("Projected payments by rate (0.0712)");
    unmount();
    // A contract made on the lead contracts screen keeps its fee, here too.
    const leadMade = makeContract({ beta: false, projectionBasis: ProjectionBasis.FEE });
    openBeta(`${VIEW}?tab=payments`, {
      api: { contracts: { getContract: vi.fn(async () => ({ contract: leadMade })) } },
    });
    expect((await screen.findByTestId("projection-basis")).textContent).toBe("Projected payments by fee (0.005)");
  });
});

describe("View Contract (beta): Info", () => {
  it("sends only the changed fields with the version read, then starts again from the contract saved", async () => {
    const toasts = spyToasts();
    const { clients } = await openInfo();
    expect(submitChanges().disabled).toBe(true);
    await userEvent.clear(field("Contract Rate"));
    await userEvent.type(field("Contract Rate"), "0.075");
    await userEvent.selectOptions(field("Closer 2"), "Ana Analyst");
    expect(submitChanges().disabled).toBe(false);
    await userEvent.click(submitChanges());
    await waitFor(() => expect(clients.contracts.updateContract).toHaveBeenCalledTimes(1));
    expect(clients.contracts.updateContract).toHaveBeenCalledWith({
      contract: { contractId: 41n, version: 3n, closer2UserId: 4n, contractRate: "0.075" },
      updateMask: { paths: ["closer2_user_id", "contract_rate"] },
    });
    expect(toasts.success).toHaveBeenCalledWith("Contract Updated");
    // The answer (version 4, the fake's stored values) is what the form now holds.
    await waitFor(() => expect(field("Contract Rate").value).toBe("0.0712"));
    expect(submitChanges().disabled).toBe(true);
  });

  it("after a stale save keeps what was typed, shows what changed meanwhile and sends the new version next", async () => {
    const stored = makeContract({ version: 5n, contractRate: "0.08", paymentSchedule: "Quarterly" });
    const updateContract = vi
      .fn()
      .mockRejectedValueOnce(new ConnectError("Contract Rate was changed by someone else.", Code.Aborted))
      .mockResolvedValueOnce({ contract: makeContract({ version: 6n, contractRate: "0.075" }) });
    const getContract = vi
      .fn()
      .mockResolvedValueOnce({ contract: makeContract() })
      .mockResolvedValue({ contract: stored });
    const { clients } = await openInfo({ api: { contracts: { updateContract, getContract } } });
    await userEvent.clear(field("Contract Rate"));
    await userEvent.type(field("Contract Rate"), "0.075");
    await userEvent.click(submitChanges());
    expect(await screen.findByText("Contract Rate was changed by someone else.")).toBeTruthy();
    expect(field("Contract Rate").value).toBe("0.075");
    expect(screen.getByText('Someone else has saved "0.08" here meanwhile.')).toBeTruthy();
    expect(field("Payment Schedule").value).toBe("Quarterly");
    await userEvent.click(submitChanges());
    await waitFor(() => expect(updateContract).toHaveBeenCalledTimes(2));
    expect(updateContract).toHaveBeenLastCalledWith({
      contract: { contractId: 41n, version: 5n, contractRate: "0.075" },
      updateMask: { paths: ["contract_rate"] },
    });
    expect(clients.contracts.getContract).toHaveBeenCalled();
  });

  it("lists the server's refusal under 'Errors found on this form:'", async () => {
    const updateContract = vi.fn(async () => {
      throw new ConnectError("State is a required field\nFee is a required field", Code.InvalidArgument);
    });
    await openInfo({ api: { contracts: { updateContract } } });
    await userEvent.selectOptions(field("State"), "");
    await userEvent.click(submitChanges());
    const alert = await screen.findByRole("alert", { name: BETA_CONTRACT_TEXTS.errorsHeading });
    expect(
      within(alert)
        .getAllByRole("listitem")
        .map((li) => li.textContent),
    ).toEqual(["State is a required field", "Fee is a required field"]);
  });

  it("gives Sales the fields to read, without Submit Changes", async () => {
    await openInfo({ me: sally });
    expect(field("Contract Rate").readOnly).toBe(true);
    expect((field("Closer 1") as unknown as HTMLSelectElement).disabled).toBe(true);
    expect(screen.queryByRole("button", { name: BETA_CONTRACT_TEXTS.submitChanges })).toBeNull();
  });
});

describe("View Contract (beta): Hedge", () => {
  it("says hedges are for Hedge contracts and reads none for others", async () => {
    const { clients } = openBeta(`${VIEW}?tab=hedge`);
    expect(await screen.findByText("Hedges are kept for contracts whose Contract Type is Hedge.")).toBeTruthy();
    expect(clients.hedges.listHedges).not.toHaveBeenCalled();
  });

  it("lists a Hedge contract's hedges", async () => {
    const { clients } = openBeta(`${VIEW}?tab=hedge`, {
      api: { contracts: { getContract: vi.fn(async () => ({ contract: hedgeContract })) } },
    });
    const table = await screen.findByRole("table", { name: "Hedges" });
    expect(
      within(table)
        .getAllByRole("columnheader")
        .map((th) => th.textContent),
    ).toEqual(["Actions", "Block Type", "Signed Date", "Start Month", "Term", "Rate", "Fee"]);
    const row = within(table).getByText("Flat Block").closest("tr") as HTMLElement;
    expect(
      within(row)
        .getAllByRole("cell")
        .slice(1)
        .map((td) => td.textContent),
    ).toEqual(["Flat Block", "01/20/2026", "03/2026", "6", "$0.065", "$0.004"]);
    expect(clients.hedges.listHedges).toHaveBeenCalledWith({ contractId: 41n }, expect.anything());
  });

  it("asks 'Confirm Delete Hedge?' naming the block type and start month, then deletes", async () => {
    const { clients } = openBeta(`${VIEW}?tab=hedge`, {
      api: { contracts: { getContract: vi.fn(async () => ({ contract: hedgeContract })) } },
    });
    const table = await screen.findByRole("table", { name: "Hedges" });
    await userEvent.click(within(table).getByRole("button", { name: "Delete hedge" }));
    const alert = await screen.findByRole("alertdialog");
    expect(within(alert).getByText(HEDGE_TEXTS.deleteConfirm)).toBeTruthy();
    expect(within(alert).getByTestId("hedge-delete-describes").textContent).toBe("Flat Block starting 03/2026");
    await userEvent.click(within(alert).getByRole("button", { name: "Delete" }));
    await waitFor(() => expect(clients.hedges.deleteHedge).toHaveBeenCalledWith({ hedgeId: 51n }));
  });

  it("adds a hedge with Add Hedge", async () => {
    const { clients } = openBeta(`${VIEW}?tab=hedge`, {
      api: { contracts: { getContract: vi.fn(async () => ({ contract: hedgeContract })) } },
    });
    await userEvent.click(await screen.findByRole("button", { name: "Add Hedge" }));
    const dialog = await screen.findByRole("dialog", { name: "Add Hedge" });
    const inDialog = (label: string) => within(dialog).getByLabelText(label, { exact: true }) as HTMLInputElement;
    expect(
      Array.from((inDialog("Block Type") as unknown as HTMLSelectElement).options).map((o) => o.textContent),
    ).toEqual(["", "Load Following Block", "Flat Block"]);
    await userEvent.selectOptions(inDialog("Block Type"), "Load Following Block");
    await userEvent.type(inDialog("Signed Date"), "03/02/2026");
    await userEvent.type(inDialog("Start Month"), "13/2026");
    expect(within(dialog).getByText("Start Month Format Should be MM/YYYY")).toBeTruthy();
    expect((within(dialog).getByRole("button", { name: "Save" }) as HTMLButtonElement).disabled).toBe(true);
    await userEvent.clear(inDialog("Start Month"));
    await userEvent.type(inDialog("Start Month"), "04/2026");
    await userEvent.type(inDialog("Term"), "3");
    await userEvent.type(inDialog("Rate"), "-1");
    expect(within(dialog).getByText("Enter a number of 0 or more, e.g. 0.0712.")).toBeTruthy();
    await userEvent.clear(inDialog("Rate"));
    await userEvent.type(inDialog("Rate"), "0.061");
    await userEvent.type(inDialog("Fee"), "0");
    await userEvent.click(within(dialog).getByRole("button", { name: "Save" }));
    await waitFor(() => expect(clients.hedges.createHedge).toHaveBeenCalledTimes(1));
    expect(clients.hedges.createHedge).toHaveBeenCalledWith({
      hedge: {
        contractId: 41n,
        blockType: "Load Following Block",
        signedDate: { year: 2026, month: 3, day: 2 },
        startMonth: { year: 2026, month: 4, day: 1 },
        termMonths: 3,
        rate: "0.061",
        fee: "0",
      },
    });
    await waitFor(() => expect(screen.queryByRole("dialog", { name: "Add Hedge" })).toBeNull());
  });

  it("shows who made and changed a hedge in Edit Hedge, and saves every field with the version read", async () => {
    const { clients } = openBeta(`${VIEW}?tab=hedge`, {
      api: { contracts: { getContract: vi.fn(async () => ({ contract: hedgeContract })) } },
    });
    const table = await screen.findByRole("table", { name: "Hedges" });
    await userEvent.click(within(table).getByRole("button", { name: "Edit hedge" }));
    const dialog = await screen.findByRole("dialog", { name: "Edit Hedge" });
    await waitFor(() => expect(within(dialog).getByTestId("hedge-created-by").textContent).toBe("Carl Closer"));
    // On the business clock (New York): 15:05 UTC is 10:05 AM there.
    expect(within(dialog).getByTestId("hedge-created-on").textContent).toBe("01/20/2026 10:05 AM");
    expect(within(dialog).getByTestId("hedge-modified-by").textContent).toBe("Ana Analyst");
    expect(within(dialog).getByTestId("hedge-modified-on").textContent).toBe("01/21/2026 1:30 PM");
    const term = within(dialog).getByLabelText("Term", { exact: true });
    await userEvent.clear(term);
    await userEvent.type(term, "9");
    await userEvent.click(within(dialog).getByRole("button", { name: "Save" }));
    await waitFor(() => expect(clients.hedges.updateHedge).toHaveBeenCalledTimes(1));
    expect(clients.hedges.updateHedge).toHaveBeenCalledWith({
      hedge: {
        contractId: 41n,
        hedgeId: 51n,
        version: 2n,
        blockType: "Flat Block",
        signedDate: { year: 2026, month: 1, day: 20 },
        startMonth: { year: 2026, month: 3, day: 1 },
        termMonths: 9,
        rate: "0.065",
        fee: "0.004",
      },
    });
  });

  it("gives Sales the hedges without Add, edit or delete", async () => {
    openBeta(`${VIEW}?tab=hedge`, {
      me: sally,
      api: { contracts: { getContract: vi.fn(async () => ({ contract: hedgeContract })) } },
    });
    const table = await screen.findByRole("table", { name: "Hedges" });
    expect(within(table).queryAllByRole("button")).toHaveLength(0);
    expect(screen.queryByRole("button", { name: "Add Hedge" })).toBeNull();
  });
});

describe("View Contract (beta): Accounts", () => {
  const checkbox = (name: string) => screen.getByRole("checkbox", { name }) as HTMLInputElement;

  it("selects the contract's accounts and replaces them with Update", async () => {
    const { clients } = openBeta(`${VIEW}?tab=accounts`);
    await screen.findByRole("table", { name: "Accounts" });
    expect(checkbox("Select Plant 1 0001").checked).toBe(true);
    expect(checkbox("Select Mill 0002").checked).toBe(false);
    expect(screen.queryByRole("checkbox", { name: "Select Boiler House G-77" })).toBeNull();
    await userEvent.click(checkbox("Select Mill 0002"));
    await userEvent.click(update());
    await waitFor(() => expect(clients.contracts.updateContract).toHaveBeenCalledTimes(1));
    expect(clients.contracts.updateContract).toHaveBeenCalledWith({
      contract: { contractId: 41n, version: 3n, accountIds: [21n, 23n] },
      updateMask: { paths: ["account_ids"] },
    });
  });

  it("disables Update while no account is selected", async () => {
    openBeta(`${VIEW}?tab=accounts`);
    await screen.findByRole("table", { name: "Accounts" });
    expect(update().disabled).toBe(false);
    await userEvent.click(checkbox("Select Plant 1 0001"));
    expect(update().disabled).toBe(true);
    await userEvent.click(checkbox("Select all accounts"));
    expect(update().disabled).toBe(false);
  });

  it("disables Update for a contract not made in beta", async () => {
    openBeta(`${VIEW}?tab=accounts`, {
      api: { contracts: { getContract: vi.fn(async () => ({ contract: makeContract({ beta: false }) })) } },
    });
    await screen.findByRole("table", { name: "Accounts" });
    expect(checkbox("Select Plant 1 0001").checked).toBe(true);
    expect(update().disabled).toBe(true);
  });

  it("gives Sales the accounts to read, without Update", async () => {
    openBeta(`${VIEW}?tab=accounts`, { me: sally });
    await screen.findByRole("table", { name: "Accounts" });
    expect(checkbox("Select Plant 1 0001").disabled).toBe(true);
    expect(screen.queryByRole("button", { name: "Update" })).toBeNull();
  });
});
