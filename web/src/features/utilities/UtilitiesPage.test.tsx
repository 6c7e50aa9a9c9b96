import { create } from "@bufbuild/protobuf";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { Code, ConnectError } from "@connectrpc/connect";
import { afterEach, describe, expect, it, vi } from "vitest";

import { Role } from "../../gen/eris/identity/v1/identity_pb";
import { Commodity, RateCodeSchema, type Utility } from "../../gen/eris/sourcing/v1/utilities_pb";
import { changedMeanwhileText } from "../../lib/recordForm";
import { spyToasts } from "../../test/fakes";
import { makeUtility, openAs } from "../../test/sourcingFakes";
import { UTILITY_TEXTS } from "./texts";
import { rateCodesToSave } from "./utilityForm";

const peco = makeUtility({ utilityId: 1n, name: "PECO", state: "PA", zone: "East", rto: "PJM", version: 5n });
const nicor = makeUtility({
  utilityId: 2n,
  name: "Nicor Gas",
  state: "IL",
  commodity: Commodity.GAS,
  zone: "",
  rto: "",
});
const comed = makeUtility({ utilityId: 3n, name: "ComEd DR", state: "IL", commodity: Commodity.DR, zone: "ComEd" });
const C = UTILITY_TEXTS.codes;

function open(role = Role.MANAGEMENT, path = "/Utilities", calls: Record<string, unknown> = {}) {
  const listUtilities = vi.fn(async () => ({ utilities: [peco, nicor, comed] }));
  const view = openAs(role, path, { utilities: { listUtilities, ...calls } });
  return { listUtilities, ...view };
}

async function row(name: string) {
  return (await screen.findByText(name)).closest("tr") as HTMLElement;
}

function params(router: () => { location: { search: string } }) {
  return Object.fromEntries(new URLSearchParams(router().location.search));
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe("utilities list", () => {
  it("shows the spec's columns and keeps the commodity filter and the search in the address", async () => {
    const { router } = open();
    const pecoRow = await row("PECO");
    const table = screen.getByRole("table", { name: UTILITY_TEXTS.utilities });
    expect(
      within(table)
        .getAllByRole("columnheader")
        .map((th) => th.textContent),
    ).toEqual(["Utility", "State", "Commodity", "Zone", "RTO", "Actions"]);
    expect(
      within(pecoRow)
        .getAllByRole("cell")
        .map((td) => td.textContent)
        .slice(0, 5),
    ).toEqual(["PECO", "PA", "Electric", "East", "PJM"]);
    // The filter offers All, Electric and Gas; DR utilities are listed under All.
    expect(screen.getAllByRole("radio").map((r) => r.textContent)).toEqual(["All", "Electric", "Gas"]);
    expect(screen.getByText("ComEd DR")).toBeTruthy();
    await userEvent.click(screen.getByRole("radio", { name: "Gas" }));
    expect(screen.queryByText("PECO")).toBeNull();
    expect(screen.getByText("Nicor Gas")).toBeTruthy();
    await userEvent.click(screen.getByRole("radio", { name: "All" }));
    await userEvent.type(screen.getByLabelText(UTILITY_TEXTS.search), "il");
    expect(params(router)).toEqual({ q: "il" });
    expect(screen.queryByText("PECO")).toBeNull();
    expect(screen.getByText("ComEd DR")).toBeTruthy();
  });

  it("opens on the filter and search an address names", async () => {
    open(Role.MANAGEMENT, "/Utilities?commodity=Electric&q=pec");
    await row("PECO");
    expect(screen.getByRole("radio", { name: "Electric" }).getAttribute("aria-checked")).toBe("true");
    expect((screen.getByLabelText(UTILITY_TEXTS.search) as HTMLInputElement).value).toBe("pec");
    expect(screen.queryByText("Nicor Gas")).toBeNull();
  });

  it("hides edit and rate codes from Sales", async () => {
    open(Role.SALES);
    await row("PECO");
    expect(screen.queryByRole("button", { name: UTILITY_TEXTS.addUtility })).toBeNull();
    expect(screen.queryByRole("button", { name: UTILITY_TEXTS.edit })).toBeNull();
    expect(screen.queryByRole("button", { name: UTILITY_TEXTS.rateCodes })).toBeNull();
  });

  it("lets Customer Care read rate codes, without any change button", async () => {
    const listRateCodes = vi.fn(async () => ({
      rateCodes: [create(RateCodeSchema, { matrix: "GS", tariff: "GS-1", description: "General service" })],
    }));
    open(Role.CUSTOMER_CARE, "/Utilities", { listRateCodes });
    const pecoRow = await row("PECO");
    expect(screen.queryByRole("button", { name: UTILITY_TEXTS.addUtility })).toBeNull();
    expect(within(pecoRow).queryByRole("button", { name: UTILITY_TEXTS.edit })).toBeNull();
    await userEvent.click(within(pecoRow).getByRole("button", { name: UTILITY_TEXTS.rateCodes }));
    const dialog = await screen.findByRole("dialog");
    expect(await within(dialog).findByText("General service")).toBeTruthy();
    expect(within(dialog).queryByRole("textbox")).toBeNull();
    expect(within(dialog).queryByRole("button", { name: C.addRow })).toBeNull();
    expect(within(dialog).queryByRole("button", { name: UTILITY_TEXTS.save })).toBeNull();
  });
});

describe("utility dialog", () => {
  it("adds a utility and refreshes every utility list", async () => {
    const toasts = spyToasts();
    const createUtility = vi.fn(async () => ({ utility: makeUtility({ utilityId: 9n, name: "PPL" }) }));
    const { listUtilities } = open(Role.MANAGEMENT, "/Utilities", { createUtility });
    await row("PECO");
    await userEvent.click(screen.getByRole("button", { name: UTILITY_TEXTS.addUtility }));
    const dialog = await screen.findByRole("dialog");
    const name = within(dialog).getByLabelText(/^Utility/);
    await waitFor(() => expect(document.activeElement).toBe(name));
    // Two-letter states only; utilities are given Electric or Gas.
    expect(within(within(dialog).getByLabelText(/State/)).getAllByRole("option")).toHaveLength(60);
    expect(within(within(dialog).getByLabelText(/Commodity/)).queryByRole("option", { name: "DR" })).toBeNull();
    await userEvent.type(name, "PPL");
    await userEvent.selectOptions(within(dialog).getByLabelText(/State/), "PA");
    await userEvent.selectOptions(within(dialog).getByLabelText(/Commodity/), "Electric");
    await userEvent.type(within(dialog).getByLabelText("Zone"), "PPL");
    await userEvent.type(within(dialog).getByLabelText("RTO"), "PJM{Enter}");
    await waitFor(() =>
      expect(createUtility).toHaveBeenCalledWith({
        utility: { name: "PPL", state: "PA", commodity: Commodity.ELECTRIC, zone: "PPL", rto: "PJM" },
      }),
    );
    expect(toasts.success).toHaveBeenCalledWith("utility Added");
    await waitFor(() => expect(listUtilities).toHaveBeenCalledTimes(2));
  });

  it("sends only the fields changed, with the version read", async () => {
    const toasts = spyToasts();
    const updateUtility = vi.fn(async () => ({ utility: peco }));
    open(Role.MANAGEMENT, "/Utilities", { updateUtility });
    await userEvent.click(within(await row("PECO")).getByRole("button", { name: UTILITY_TEXTS.edit }));
    const dialog = await screen.findByRole("dialog");
    await userEvent.clear(within(dialog).getByLabelText("Zone"));
    await userEvent.type(within(dialog).getByLabelText("Zone"), "PECO East");
    await userEvent.click(within(dialog).getByRole("button", { name: "Save" }));
    await waitFor(() =>
      expect(updateUtility).toHaveBeenCalledWith({
        utility: { utilityId: 1n, version: 5n, zone: "PECO East" },
        updateMask: { paths: ["zone"] },
      }),
    );
    expect(toasts.success).toHaveBeenCalledWith("utility updated");
  });

  it("keeps a DR utility's commodity selectable when it is edited", async () => {
    open();
    await userEvent.click(within(await row("ComEd DR")).getByRole("button", { name: UTILITY_TEXTS.edit }));
    const commodity = within(await screen.findByRole("dialog")).getByLabelText(/Commodity/) as HTMLSelectElement;
    expect(commodity.selectedOptions[0].textContent).toBe("DR");
  });

  it("keeps what was typed when someone else changed the same field, and names the stored value", async () => {
    const message = "rto was changed by someone else.";
    const updateUtility = vi.fn(async () => {
      throw new ConnectError(message, Code.Aborted);
    });
    const stored: Utility = { ...peco, rto: "NYISO", version: 6n };
    const getUtility = vi.fn(async () => ({ utility: stored }));
    open(Role.MANAGEMENT, "/Utilities", { updateUtility, getUtility });
    await userEvent.click(within(await row("PECO")).getByRole("button", { name: UTILITY_TEXTS.edit }));
    const dialog = await screen.findByRole("dialog");
    const rto = within(dialog).getByLabelText("RTO") as HTMLInputElement;
    await userEvent.clear(rto);
    await userEvent.type(rto, "ISO-NE");
    await userEvent.click(within(dialog).getByRole("button", { name: "Save" }));
    expect(await within(dialog).findByText(message)).toBeTruthy();
    expect(getUtility).toHaveBeenCalledWith({ utilityId: 1n });
    expect(rto.value).toBe("ISO-NE");
    expect(within(dialog).getByText(changedMeanwhileText("NYISO"))).toBeTruthy();
    await userEvent.click(within(dialog).getByRole("button", { name: "Save" }));
    await waitFor(() =>
      expect(updateUtility).toHaveBeenLastCalledWith({
        utility: { utilityId: 1n, version: 6n, rto: "ISO-NE" },
        updateMask: { paths: ["rto"] },
      }),
    );
  });

  it("shows the server's reason for refusing the values beside the form", async () => {
    const toasts = spyToasts();
    const createUtility = vi.fn(async () => {
      throw new ConnectError("state must be two letters", Code.InvalidArgument);
    });
    open(Role.MANAGEMENT, "/Utilities", { createUtility });
    await userEvent.click(await screen.findByRole("button", { name: UTILITY_TEXTS.addUtility }));
    const dialog = await screen.findByRole("dialog");
    await userEvent.type(within(dialog).getByLabelText(/^Utility/), "PPL");
    await userEvent.selectOptions(within(dialog).getByLabelText(/State/), "PA");
    await userEvent.selectOptions(within(dialog).getByLabelText(/Commodity/), "Gas");
    await userEvent.click(within(dialog).getByRole("button", { name: "Save" }));
    expect((await within(dialog).findByRole("alert")).textContent).toBe("state must be two letters");
    expect(toasts.error).not.toHaveBeenCalled();
  });
});

describe("rate codes", () => {
  const codes = [
    create(RateCodeSchema, { matrix: "GS", tariff: "GS-1", description: "General service" }),
    create(RateCodeSchema, { matrix: "HT", tariff: "HT-2", description: "High tension" }),
  ];

  it("edits rows, removes and adds some, then saves the whole list with ReplaceRateCodes", async () => {
    const toasts = spyToasts();
    const listRateCodes = vi.fn(async () => ({ rateCodes: codes }));
    const replaceRateCodes = vi.fn(async ({ rateCodes }: { rateCodes: unknown[] }) => ({ rateCodes }));
    open(Role.MANAGEMENT, "/Utilities", { listRateCodes, replaceRateCodes });
    await userEvent.click(within(await row("PECO")).getByRole("button", { name: UTILITY_TEXTS.rateCodes }));
    const dialog = await screen.findByRole("dialog", { name: `${C.title("PECO")} (PA)` });
    const first = (await within(dialog).findByLabelText(C.cell("Matrix", 1))) as HTMLInputElement;
    expect(listRateCodes).toHaveBeenCalledWith({ utilityId: 1n }, expect.anything());
    await waitFor(() => expect(document.activeElement).toBe(first));
    expect(first.value).toBe("GS");
    const save = within(dialog).getByRole("button", { name: "Save" }) as HTMLButtonElement;
    expect(save.disabled).toBe(true);

    await userEvent.type(within(dialog).getByLabelText(C.cell("Desc", 1)), " (small)");
    await userEvent.click(within(dialog).getByRole("button", { name: C.removeRow(2) }));
    await userEvent.click(within(dialog).getByRole("button", { name: C.addRow }));
    const added = within(dialog).getByLabelText(C.cell("Matrix", 2));
    await waitFor(() => expect(document.activeElement).toBe(added));
    await userEvent.type(added, "RS");
    await userEvent.type(within(dialog).getByLabelText(C.cell("Tariff", 2)), "RS-1");
    // A row left empty is not sent.
    await userEvent.click(within(dialog).getByRole("button", { name: C.addRow }));
    await userEvent.type(within(dialog).getByLabelText(C.cell("Desc", 2)), " Residential{Enter}");

    await waitFor(() =>
      expect(replaceRateCodes).toHaveBeenCalledWith({
        utilityId: 1n,
        rateCodes: [
          { matrix: "GS", tariff: "GS-1", description: "General service (small)" },
          { matrix: "RS", tariff: "RS-1", description: "Residential" },
        ],
      }),
    );
    expect(toasts.success).toHaveBeenCalledWith("Updated Rate Codes Success");
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
  });

  it("sends an empty list when every row is removed", async () => {
    const replaceRateCodes = vi.fn(async () => ({ rateCodes: [] }));
    open(Role.MANAGEMENT, "/Utilities", { listRateCodes: vi.fn(async () => ({ rateCodes: codes })), replaceRateCodes });
    await userEvent.click(within(await row("PECO")).getByRole("button", { name: UTILITY_TEXTS.rateCodes }));
    const dialog = await screen.findByRole("dialog");
    await userEvent.click(await within(dialog).findByRole("button", { name: C.removeRow(2) }));
    await userEvent.click(within(dialog).getByRole("button", { name: C.removeRow(1) }));
    expect(within(dialog).getByText(C.noCodes)).toBeTruthy();
    await userEvent.click(within(dialog).getByRole("button", { name: "Save" }));
    await waitFor(() => expect(replaceRateCodes).toHaveBeenCalledWith({ utilityId: 1n, rateCodes: [] }));
  });

  it("shows the server's reason when it refuses the list, keeping the rows", async () => {
    const replaceRateCodes = vi.fn(async () => {
      throw new ConnectError("rate code 2: matrix is required", Code.InvalidArgument);
    });
    open(Role.MANAGEMENT, "/Utilities", { listRateCodes: vi.fn(async () => ({ rateCodes: codes })), replaceRateCodes });
    await userEvent.click(within(await row("PECO")).getByRole("button", { name: UTILITY_TEXTS.rateCodes }));
    const dialog = await screen.findByRole("dialog");
    await userEvent.clear(await within(dialog).findByLabelText(C.cell("Matrix", 2)));
    await userEvent.click(within(dialog).getByRole("button", { name: "Save" }));
    expect((await within(dialog).findByRole("alert")).textContent).toBe("rate code 2: matrix is required");
    expect((within(dialog).getByLabelText(C.cell("Tariff", 2)) as HTMLInputElement).value).toBe("HT-2");
  });

  it("leaves wholly empty rows out and trims the rest", () => {
    expect(
      rateCodesToSave([
        { key: 1, matrix: " A ", tariff: "", description: "" },
        { key: 2, matrix: " ", tariff: "", description: "  " },
      ]),
    ).toEqual([{ matrix: "A", tariff: "", description: "" }]);
  });
});
