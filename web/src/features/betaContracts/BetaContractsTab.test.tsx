import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";

import { Commodity } from "../../gen/eris/sourcing/v1/utilities_pb";
import { CONTRACT_TEXTS } from "../../lib/records/contractTexts";
import { blobBytes, catchDownloads, sally, spyToasts } from "../../test/fakes";
import { contractRow, makeContract, openBeta } from "./betaTestKit";
import { BETA_CONTRACT_TEXTS } from "./betaTexts";

const TAB = "/LeadTabs/5/contractsBETA";

/** A beta Electric contract and a Gas contract made on the lead contracts screen (not beta, Inactive). */
const betaRow = makeContract();
const standardRow = makeContract({
  contractId: 42n,
  beta: false,
  commodity: Commodity.GAS,
  status: 3,
  dateSigned: { year: 2025, month: 6, day: 2 },
  utilityId: 6n,
  supplierId: 10n,
  accountIds: [22n],
});
const listContracts = () => vi.fn(async () => ({ contracts: [betaRow, standardRow], nextPageToken: "" }));

afterEach(() => {
  vi.restoreAllMocks();
});

const headers = () => screen.getAllByRole("columnheader").map((th) => th.textContent);
const showInactive = () => screen.getByRole("checkbox", { name: "Show Inactive" }) as HTMLInputElement;

describe("Contracts (BETA) tab", () => {
  it("lists the company's contracts, Inactive ones hidden, with the lead contracts screen's columns", async () => {
    const { clients } = openBeta(TAB);
    const row = await contractRow(41n);
    expect(screen.getByRole("heading", { name: "Contracts (BETA) for Acme Foods" })).toBeTruthy();
    expect(headers()).toEqual([
      "Actions",
      "Status",
      "Date Signed",
      "Commodity",
      "Utility",
      "Contract Type",
      "Supplier",
      "Start Date",
      "Term Length",
      "End Date",
      "Rate",
      "Fee",
    ]);
    expect(
      within(row)
        .getAllByRole("cell")
        .slice(1)
        .map((td) => td.textContent),
    ).toEqual([
      "Active",
      "01/15/2026",
      "Electric",
      "PECO (PA)",
      "New",
      "Constellation",
      "02/01/2026",
      "12",
      "02/28/2027",
      "$0.0712",
      "$0.005",
    ]);
    expect(clients.contracts.listContracts).toHaveBeenCalledWith(
      { companyId: 5n, query: "", includeInactive: false, pageSize: 50, pageToken: "" },
      expect.anything(),
    );
    expect(showInactive().checked).toBe(false);
  });

  it("keeps Show Inactive in the address and asks the server for Inactive contracts", async () => {
    const { clients, router } = openBeta(TAB);
    await contractRow(41n);
    await userEvent.click(showInactive());
    expect(new URLSearchParams(router().location.search).get("inactive")).toBe("1");
    await waitFor(() =>
      expect(clients.contracts.listContracts).toHaveBeenLastCalledWith(
        expect.objectContaining({ includeInactive: true }),
        expect.anything(),
      ),
    );
    expect(showInactive().checked).toBe(true);
    await userEvent.click(showInactive());
    expect(router().location.search).toBe("");
  });

  it("opens with Show Inactive on when the address says so", async () => {
    const { clients } = openBeta(`${TAB}?inactive=1`);
    await contractRow(41n);
    expect(showInactive().checked).toBe(true);
    expect(clients.contracts.listContracts).toHaveBeenCalledWith(
      expect.objectContaining({ includeInactive: true }),
      expect.anything(),
    );
  });

  it("keeps the search in the address and lets the server search", async () => {
    const { clients, router } = openBeta(TAB);
    await contractRow(41n);
    await userEvent.type(screen.getByLabelText("Search"), "hedge");
    await waitFor(() =>
      expect(clients.contracts.listContracts).toHaveBeenLastCalledWith(
        expect.objectContaining({ query: "hedge" }),
        expect.anything(),
      ),
    );
    expect(new URLSearchParams(router().location.search).get("q")).toBe("hedge");
  });

  it("offers delete only on beta rows, and names the contract in the confirmation", async () => {
    const toasts = spyToasts();
    const { clients } = openBeta(`${TAB}?inactive=1`, { api: { contracts: { listContracts: listContracts() } } });
    const beta = await contractRow(41n);
    const standard = await contractRow(42n);
    expect(within(standard).queryByRole("button", { name: "Delete" })).toBeNull();
    expect(within(standard).getByRole("button", { name: "Edit" })).toBeTruthy();

    await userEvent.click(within(beta).getByRole("button", { name: "Delete" }));
    const alert = await screen.findByRole("alertdialog");
    expect(within(alert).getByText(CONTRACT_TEXTS.deleteConfirm)).toBeTruthy();
    expect(within(alert).getByTestId("delete-describes").textContent).toBe(
      "Electric contract, Active, signed 01/15/2026",
    );
    await userEvent.click(within(alert).getByRole("button", { name: "Delete" }));
    await waitFor(() =>
      expect(clients.contracts.deleteContract).toHaveBeenCalledWith({ contractId: 41n, betaOnly: true }),
    );
    expect(toasts.success).toHaveBeenCalledWith("Contract successfully deleted.");
  });

  it("opens a row to show the contract's other fields and its accounts", async () => {
    openBeta(TAB);
    const row = await contractRow(41n);
    const toggle = within(row).getByRole("button", { name: "Show details" });
    expect(toggle.getAttribute("aria-expanded")).toBe("false");
    await userEvent.click(toggle);
    const hide = within(row).getByRole("button", { name: "Hide details" });
    expect(hide.getAttribute("aria-expanded")).toBe("true");
    const details = document.getElementById(hide.getAttribute("aria-controls") ?? "") as HTMLElement;
    expect(within(details).getByText("Inside Sales").nextElementSibling?.textContent).toBe("Mia Manager");
    expect(within(details).getByText("Closer 1").nextElementSibling?.textContent).toBe("Carl Closer");
    expect(within(details).getByText("Annual Revenue").nextElementSibling?.textContent).toBe("$4,320.00");
    expect(within(details).getByText("Notes").nextElementSibling?.textContent).toBe("Signed at the plant.");
    await waitFor(() =>
      expect(within(within(details).getByRole("list", { name: "Accounts" })).getByText("Plant 1 — 0001")).toBeTruthy(),
    );
    await userEvent.click(hide);
    expect(document.getElementById(hide.getAttribute("aria-controls") ?? "x")).toBeNull();
  });

  it("opens a contract's View page to edit it, and Add Contract's page", async () => {
    const { router } = openBeta(TAB);
    const row = await contractRow(41n);
    await userEvent.click(within(row).getByRole("button", { name: "Edit" }));
    expect(router().location.pathname).toBe("/LeadTabs/5/contractsBETA/view/41");
  });

  it("goes to Add Contract", async () => {
    const { router } = openBeta(TAB);
    await contractRow(41n);
    await userEvent.click(screen.getByRole("button", { name: BETA_CONTRACT_TEXTS.addContract }));
    expect(router().location.pathname).toBe("/LeadTabs/5/contractsBETA/add");
  });

  it("downloads the company's contracts with Export Contracts", async () => {
    const downloads = catchDownloads();
    const { clients } = openBeta(TAB);
    await contractRow(41n);
    await userEvent.click(screen.getByRole("button", { name: BETA_CONTRACT_TEXTS.exportContracts }));
    await waitFor(() => expect(downloads).toHaveLength(1));
    expect(clients.contracts.exportContracts).toHaveBeenCalledWith({ companyId: 5n });
    expect(downloads[0].name).toBe("Contracts.xlsx");
    expect(Array.from(await blobBytes(downloads[0].blob))).toEqual([80, 75]);
  });

  it("gives Sales the list to read: no Add, Export or Delete, and View instead of Edit", async () => {
    openBeta(TAB, { me: sally, api: { contracts: { listContracts: listContracts() } } });
    const row = await contractRow(41n);
    expect(within(row).queryByRole("button", { name: "Delete" })).toBeNull();
    expect(within(row).queryByRole("button", { name: "Edit" })).toBeNull();
    expect(within(row).getByRole("button", { name: "View" })).toBeTruthy();
    expect(screen.queryByRole("button", { name: BETA_CONTRACT_TEXTS.addContract })).toBeNull();
    expect(screen.queryByRole("button", { name: BETA_CONTRACT_TEXTS.exportContracts })).toBeNull();
  });
});
