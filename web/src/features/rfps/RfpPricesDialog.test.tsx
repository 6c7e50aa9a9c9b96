import { render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";

import { AppProviders } from "../../app/App";
import { RfpOutcome } from "../../gen/eris/sourcing/v1/rfps_pb";
import { sally, spyToasts } from "../../test/fakes";
import { signedInServices, type FakeClient } from "../../test/renderApp";
import { RfpPricesDialog } from "./RfpPricesDialog";
import { acmeRfp, makeQuote, makeRfp, openRfps, rfpRow, suppliers } from "./rfpsTestKit";
import { PRICES_TEXTS, RFP_TEXTS } from "./texts";

afterEach(() => {
  vi.restoreAllMocks();
});

const quotes = [
  makeQuote({ quoteId: 41n, supplierId: 8n, termMonths: 12, rate: "0.0712", product: "Fixed" }),
  makeQuote({ quoteId: 42n, supplierId: 12n, termMonths: 12, rate: "0.0698" }),
  makeQuote({ quoteId: 43n, supplierId: 8n, termMonths: 24, rate: "0.0690" }),
];

async function openPrices(rfps: FakeClient<"rfps"> = {}) {
  const listRfpQuotes = vi.fn(async () => ({ quotes }));
  const view = openRfps({ rfps: { listRfpQuotes, ...rfps } });
  await userEvent.click(within(await rfpRow("Acme Foods LLC")).getByRole("button", { name: RFP_TEXTS.actions.prices }));
  const dialog = await screen.findByRole("dialog", { name: PRICES_TEXTS.title("Acme Foods LLC") });
  await within(dialog).findByRole("table", { name: PRICES_TEXTS.comparison });
  return { ...view, dialog, listRfpQuotes };
}

/** The comparison's cell of a supplier and a term. */
function cell(dialog: HTMLElement, supplier: string, term: number): HTMLElement {
  const grid = within(dialog).getByRole("table", { name: PRICES_TEXTS.comparison });
  const row = within(grid).getByRole("rowheader", { name: supplier }).closest("tr") as HTMLElement;
  return row.querySelector(`td[data-term="${term}"]`) as HTMLElement;
}

describe("prices dialog", () => {
  it("shows the prices side by side per term and marks the lowest rate of each term Best", async () => {
    const { dialog, listRfpQuotes } = await openPrices();
    expect(listRfpQuotes).toHaveBeenCalledWith({ rfpId: 31n }, expect.anything());
    const grid = within(dialog).getByRole("table", { name: PRICES_TEXTS.comparison });
    expect(
      within(grid)
        .getAllByRole("columnheader")
        .map((th) => th.textContent),
    ).toEqual(["Supplier", "12 months", "24 months"]);

    const constellation12 = cell(dialog, "Constellation", 12);
    expect(constellation12.textContent).toBe("0.0712 Fixed");
    expect(within(constellation12).queryByText(PRICES_TEXTS.best)).toBeNull();

    const volt12 = cell(dialog, "Volt Power", 12);
    expect(within(volt12).getByText("0.0698").tagName).toBe("STRONG");
    expect(within(volt12).getByText(PRICES_TEXTS.best)).toBeTruthy();

    expect(within(cell(dialog, "Constellation", 24)).getByText(PRICES_TEXTS.best)).toBeTruthy();
    expect(cell(dialog, "Volt Power", 24).textContent).toBe(PRICES_TEXTS.noPrice);
  });

  it("marks the RFP Won with the price chosen and the version read", async () => {
    const toasts = spyToasts();
    const setRfpOutcome = vi.fn(async () => ({
      rfp: makeRfp({ outcome: RfpOutcome.WON, wonQuoteId: 42n, version: 4n }),
    }));
    const { dialog } = await openPrices({ setRfpOutcome });
    const markWon = within(dialog).getByRole("button", { name: PRICES_TEXTS.markWon }) as HTMLButtonElement;
    expect(markWon.disabled).toBe(true);
    await userEvent.click(
      within(dialog).getByRole("radio", { name: PRICES_TEXTS.chooseQuote("Volt Power", 12, "0.0698") }),
    );
    expect(markWon.disabled).toBe(false);
    await userEvent.click(markWon);
    await waitFor(() =>
      expect(setRfpOutcome).toHaveBeenCalledWith({
        rfpId: 31n,
        outcome: RfpOutcome.WON,
        wonQuoteId: 42n,
        version: 3n,
      }),
    );
    await waitFor(() => expect(within(dialog).getByTestId("rfp-outcome").textContent).toBe("Won"));
    expect(toasts.success).toHaveBeenCalledWith(PRICES_TEXTS.outcomeSaved("Won"));

    // The next change carries the new version.
    await userEvent.click(within(dialog).getByRole("button", { name: PRICES_TEXTS.markLost }));
    await waitFor(() =>
      expect(setRfpOutcome).toHaveBeenLastCalledWith({
        rfpId: 31n,
        outcome: RfpOutcome.LOST,
        wonQuoteId: 0n,
        version: 4n,
      }),
    );
  });

  it("records a price for one of the RFP's suppliers and terms", async () => {
    const createRfpQuote = vi.fn(async () => ({ quote: makeQuote({ quoteId: 44n }) }));
    const { dialog, listRfpQuotes } = await openPrices({ createRfpQuote });
    const form = within(dialog).getByRole("form", { name: PRICES_TEXTS.record });
    const supplier = within(form).getByLabelText(/^Supplier/) as HTMLSelectElement;
    expect(Array.from(supplier.options).map((o) => o.text)).toEqual(["Choose…", "Constellation", "Volt Power"]);
    const term = within(form).getByLabelText(/^Term/) as HTMLSelectElement;
    expect(Array.from(term.options).map((o) => o.text)).toEqual(["Choose…", "12 months", "24 months"]);
    await userEvent.selectOptions(supplier, "12");
    await userEvent.selectOptions(term, "24");
    await userEvent.selectOptions(within(form).getByLabelText(PRICES_TEXTS.product), "Fixed");
    await userEvent.type(within(form).getByLabelText(/^Rate/), "0.0685");
    await userEvent.type(within(form).getByLabelText(PRICES_TEXTS.notes), "Good through Friday");
    await userEvent.click(within(form).getByRole("button", { name: PRICES_TEXTS.recordButton }));
    await waitFor(() =>
      expect(createRfpQuote).toHaveBeenCalledWith({
        quote: {
          rfpId: 31n,
          supplierId: 12n,
          termMonths: 24,
          product: "Fixed",
          rate: "0.0685",
          fee: "",
          notes: "Good through Friday",
        },
      }),
    );
    await waitFor(() => expect(listRfpQuotes).toHaveBeenCalledTimes(2));
  });

  it("deletes a price after a confirmation", async () => {
    const deleteRfpQuote = vi.fn(async () => ({}));
    const { dialog } = await openPrices({ deleteRfpQuote });
    const list = within(dialog).getByRole("table", { name: PRICES_TEXTS.quotes });
    const row = list.querySelector('tr[data-quote-id="42"]') as HTMLElement;
    await userEvent.click(within(row).getByRole("button", { name: PRICES_TEXTS.deleteQuote }));
    const confirm = await screen.findByRole("alertdialog");
    expect(within(confirm).getByText(PRICES_TEXTS.deleteConfirm)).toBeTruthy();
    await userEvent.click(within(confirm).getByRole("button", { name: PRICES_TEXTS.deleteQuote }));
    await waitFor(() => expect(deleteRfpQuote).toHaveBeenCalledWith({ quoteId: 42n }));
  });

  it("offers no write controls to someone who may not change RFPs", async () => {
    const services = signedInServices(sally, [sally]);
    Object.assign(services.api, {
      suppliers: { listSuppliers: vi.fn(async () => ({ suppliers })) },
      rfps: { listRfpQuotes: vi.fn(async () => ({ quotes })) },
    });
    render(
      <AppProviders services={services}>
        <RfpPricesDialog rfp={acmeRfp} canEdit={false} onClose={() => {}} />
      </AppProviders>,
    );
    const dialog = await screen.findByRole("dialog", { name: PRICES_TEXTS.title("Acme Foods LLC") });
    await within(dialog).findByRole("table", { name: PRICES_TEXTS.comparison });
    expect(within(cell(dialog, "Volt Power", 12)).getByText(PRICES_TEXTS.best)).toBeTruthy();
    expect(within(dialog).getByRole("table", { name: PRICES_TEXTS.quotes })).toBeTruthy();
    expect(within(dialog).queryByRole("form", { name: PRICES_TEXTS.record })).toBeNull();
    expect(within(dialog).queryAllByRole("radio")).toHaveLength(0);
    expect(within(dialog).queryByRole("button", { name: PRICES_TEXTS.deleteQuote })).toBeNull();
    for (const name of [PRICES_TEXTS.markWon, PRICES_TEXTS.markLost, PRICES_TEXTS.reopen]) {
      expect(within(dialog).queryByRole("button", { name })).toBeNull();
    }
  });
});
