import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { Code, ConnectError } from "@connectrpc/connect";
import { afterEach, describe, expect, it, vi } from "vitest";

import { Commodity } from "../../gen/eris/sourcing/v1/utilities_pb";
import { sally, spyToasts } from "../../test/fakes";
import { openBeta } from "./betaTestKit";
import { BETA_CONTRACT_TEXTS, BETA_CONTRACT_ERRORS as E } from "./betaTexts";

const ADD = "/LeadTabs/5/contractsBETA/add";

afterEach(() => {
  vi.restoreAllMocks();
});

const field = (label: string) => screen.getByLabelText(label, { exact: true }) as HTMLInputElement;
const select = (label: string) => field(label) as unknown as HTMLSelectElement;
const optionTexts = (label: string) =>
  Array.from(select(label).options)
    .map((o) => o.textContent)
    .filter(Boolean);

/** Opens Add Contract and waits until the pickers have their users and affiliates. */
async function openAdd(options: Parameters<typeof openBeta>[1] = {}) {
  const view = openBeta(ADD, options);
  await screen.findByDisplayValue("Acme Foods");
  await waitFor(() => expect(optionTexts("Closer 1")).toContain("Carl Closer"));
  await waitFor(() => expect(optionTexts("Affiliate")).toContain("Acme Partners"));
  return view;
}

async function chooseCommodity(label: "Electric" | "Gas" | "DR") {
  await userEvent.selectOptions(select("Commodity"), label);
}

const submit = () => userEvent.click(screen.getByRole("button", { name: BETA_CONTRACT_TEXTS.submit }));

/** The messages listed under 'Errors found on this form:'. */
function listedErrors(): string[] {
  const alert = screen.getByRole("alert", { name: BETA_CONTRACT_TEXTS.errorsHeading });
  expect(within(alert).getByText(BETA_CONTRACT_TEXTS.errorsHeading)).toBeTruthy();
  return within(alert)
    .getAllByRole("listitem")
    .map((li) => li.textContent ?? "");
}

/** Fills every field an Electric contract needs, Plant 1 as its account. */
async function fillElectric() {
  await chooseCommodity("Electric");
  await userEvent.selectOptions(select("Inside Sales"), "Mia Manager");
  await userEvent.selectOptions(select("Closer 1"), "Carl Closer");
  await userEvent.selectOptions(select("Analyst"), "Ana Analyst");
  await userEvent.type(field("Date Signed"), "01/15/2026");
  await userEvent.type(field("Start Date"), "02/01/2026");
  await userEvent.type(field("Term Length"), "12");
  await userEvent.selectOptions(select("Status"), "Active");
  await userEvent.selectOptions(select("Contract Type"), "Hedge");
  await userEvent.click(screen.getByRole("checkbox", { name: "Select Plant 1 0001" }));
  await userEvent.selectOptions(select("Utility"), "PECO (PA)");
  await userEvent.selectOptions(select("Supplier"), "Constellation");
  await userEvent.type(field("Contract Rate"), "0.0712");
  await userEvent.selectOptions(select("State"), "PA");
  await userEvent.type(field("Fee"), "0.005");
  await userEvent.selectOptions(select("Billing Type"), "Dual");
}

describe("Add Contract (beta)", () => {
  it("shows the lead's name read only and offers Electric, Gas and DR", async () => {
    await openAdd();
    expect(field("Lead").readOnly).toBe(true);
    expect(field("Lead").value).toBe("Acme Foods");
    expect(optionTexts("Commodity")).toEqual(["Choose…", "Electric", "Gas", "DR"]);
    expect(screen.getByText("Choose a commodity first.", { selector: "p" })).toBeTruthy();
    expect(select("Utility").disabled).toBe(true);
    expect(select("Supplier").disabled).toBe(true);
  });

  it("lists every message of an empty form together and makes no call", async () => {
    const { clients } = await openAdd();
    await submit();
    expect(listedErrors()).toEqual([
      "Commodity is a require field.",
      "Inside Sales is a required field.",
      "Closer 1 is a required field.",
      "Date signed is a required field.",
      "Start date is a required field.",
      "Term length is a required field.",
      "Status is a required field.",
      "No accounts selected for this contract.  At least 1 account is required.",
    ]);
    // The messages take the focus, so that they are read out.
    expect(document.activeElement).toBe(screen.getByRole("alert", { name: BETA_CONTRACT_TEXTS.errorsHeading }));
    expect(clients.contracts.createContract).not.toHaveBeenCalled();
  });

  it("adds the Electric messages for an Electric contract", async () => {
    const { clients } = await openAdd();
    await chooseCommodity("Electric");
    await submit();
    expect(listedErrors()).toEqual([
      E.insideSales,
      E.closer1,
      E.dateSigned,
      E.startDate,
      E.termLength,
      E.status,
      "Analyst is a required field.",
      "Contract type is a required field",
      "Supplier is a required field",
      "Contract rate is a required field",
      "State is a required field",
      "Fee is a required field",
      "Billing type is a required field",
      E.noAccounts,
    ]);
    expect(clients.contracts.createContract).not.toHaveBeenCalled();
  });

  it("shows the DR form (Signed Through, Provider, percentages; no Supplier, Fee or Affiliate) and its messages", async () => {
    const { clients } = await openAdd();
    expect(screen.queryByLabelText("Signed Through")).toBeNull();
    await chooseCommodity("DR");
    for (const label of ["Signed Through", "Provider", "Capacity %", "Energy %", "JMI %"]) {
      expect(screen.getByLabelText(label, { exact: true })).toBeTruthy();
    }
    for (const label of ["Supplier", "Fee", "Affiliate"]) {
      expect(screen.queryByLabelText(label, { exact: true })).toBeNull();
    }
    expect(optionTexts("Provider")).toEqual(["Choose…", "CPower"]);
    await submit();
    expect(listedErrors()).toEqual([
      E.insideSales,
      E.closer1,
      E.dateSigned,
      E.startDate,
      E.termLength,
      E.status,
      "Signed through is a required field.",
      "Provider is a required field.",
      "Capactive % is a required field.",
      E.noAccounts,
    ]);
    expect(clients.contracts.createContract).not.toHaveBeenCalled();
  });

  it("offers the commodity's accounts (Electric ones for DR) and clears accounts, utility and supplier on a change", async () => {
    await openAdd();
    await chooseCommodity("Electric");
    const accounts = await screen.findByRole("table", { name: "Accounts" });
    expect(within(accounts).getByText("Plant 1")).toBeTruthy();
    expect(within(accounts).getByText("Mill")).toBeTruthy();
    expect(within(accounts).queryByText("Boiler House")).toBeNull();
    await userEvent.click(screen.getByRole("checkbox", { name: "Select Plant 1 0001" }));
    await userEvent.selectOptions(select("Utility"), "PECO (PA)");
    await userEvent.selectOptions(select("Supplier"), "Constellation");

    await chooseCommodity("Gas");
    expect(select("Utility").value).toBe("");
    expect(select("Supplier").value).toBe("");
    const gas = screen.getByRole("table", { name: "Accounts" });
    expect(within(gas).getByText("Boiler House")).toBeTruthy();
    expect(within(gas).queryByText("Plant 1")).toBeNull();
    expect(optionTexts("Supplier")).toEqual(["Choose…", "Gas Direct"]);

    await chooseCommodity("DR");
    expect((screen.getByRole("checkbox", { name: "Select Plant 1 0001" }) as HTMLInputElement).checked).toBe(false);
    expect(screen.getByTestId("accounts-chosen").textContent).toBe("0 of 2 selected");
  });

  it("narrows the utilities and suppliers to those of the selected accounts", async () => {
    await openAdd();
    await chooseCommodity("Electric");
    expect(select("Utility").disabled).toBe(false);
    expect(optionTexts("Utility")).toEqual(["Choose…", "PECO (PA)", "PPL Electric Utilities (PA)"]);
    expect(optionTexts("Supplier")).toEqual(["Choose…", "Constellation", "Volt Power"]);
    await userEvent.click(await screen.findByRole("checkbox", { name: "Select Mill 0002" }));
    expect(optionTexts("Utility")).toEqual(["Choose…", "PPL Electric Utilities (PA)"]);
    expect(optionTexts("Supplier")).toEqual(["Choose…", "Volt Power"]);
    await userEvent.click(screen.getByRole("checkbox", { name: "Select all accounts" }));
    expect(optionTexts("Utility")).toEqual(["Choose…", "PECO (PA)", "PPL Electric Utilities (PA)"]);
  });

  it("sends a complete contract with beta set and opens its View Contract page", async () => {
    const toasts = spyToasts();
    const { clients, router } = await openAdd();
    await fillElectric();
    await submit();
    await waitFor(() => expect(router().location.pathname).toBe("/LeadTabs/5/contractsBETA/view/77"));
    expect(clients.contracts.createContract).toHaveBeenCalledTimes(1);
    const [request] = clients.contracts.createContract.mock.calls[0];
    expect(request.beta).toBe(true);
    expect(request.contract).toMatchObject({
      companyId: 5n,
      commodity: Commodity.ELECTRIC,
      insideSalesUserId: 1n,
      closer1UserId: 3n,
      closer2UserId: 0n,
      analystUserId: 4n,
      utilityId: 3n,
      supplierId: 8n,
      state: "PA",
      dateSigned: { year: 2026, month: 1, day: 15 },
      startDate: { year: 2026, month: 2, day: 1 },
      termMonths: 12,
      status: 0,
      contractType: "Hedge",
      contractRate: "0.0712",
      fee: "0.005",
      billingType: "Dual",
      accountIds: [21n],
    });
    // No projection basis goes: the server gives a contract made on the beta tab its rate.
    expect(request.contract).not.toHaveProperty("projectionBasis");
    // Fields only DR uses are not sent for Electric.
    expect(request.contract).not.toHaveProperty("signedThrough");
    expect(request.contract).not.toHaveProperty("capacityPercentage");
    expect(toasts.success).toHaveBeenCalledWith("Contract Added");
  });

  it("lists the server's messages, one per line, and keeps what was typed", async () => {
    const createContract = vi.fn(async () => {
      throw new ConnectError("Closer 1 is a required field.\nState is a required field", Code.InvalidArgument);
    });
    const { router } = await openAdd({ api: { contracts: { createContract } } });
    await fillElectric();
    await submit();
    await waitFor(() => expect(listedErrors()).toEqual([E.closer1, "State is a required field"]));
    expect(router().location.pathname).toBe(ADD);
    expect(field("Contract Rate").value).toBe("0.0712");
    expect(select("Closer 1").value).toBe("3");
    expect((screen.getByRole("checkbox", { name: "Select Plant 1 0001" }) as HTMLInputElement).checked).toBe(true);
  });

  it("submits with Enter from a field", async () => {
    const { clients } = await openAdd();
    await userEvent.type(field("Payment Schedule"), "Monthly{Enter}");
    expect(listedErrors()).toContain(E.commodity);
    expect(clients.contracts.createContract).not.toHaveBeenCalled();
  });

  it("gives Sales no form", async () => {
    openBeta(ADD, { me: sally });
    expect(await screen.findByText("Sales see contracts without changing them.")).toBeTruthy();
    expect(screen.queryByRole("button", { name: BETA_CONTRACT_TEXTS.submit })).toBeNull();
  });
});
