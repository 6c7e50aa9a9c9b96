import { describe, expect, it } from "vitest";

import { compareDecimals, priceGrid } from "./priceGrid";
import { makeQuote } from "./rfpsTestKit";

describe("price grid", () => {
  it("compares decimal rates exactly", () => {
    expect(compareDecimals("0.0712", "0.07")).toBe(1);
    expect(compareDecimals("0.0700", "0.07")).toBe(0);
    expect(compareDecimals("1", "0.9999")).toBe(1);
    expect(compareDecimals("0.1", "0.10000000000000000001")).toBe(-1);
  });

  it("puts the suppliers down and the terms across, and marks the lowest rate of each term", () => {
    const quotes = [
      makeQuote({ quoteId: 1n, supplierId: 8n, termMonths: 12, rate: "0.0712" }),
      makeQuote({ quoteId: 2n, supplierId: 12n, termMonths: 12, rate: "0.0698" }),
      makeQuote({ quoteId: 3n, supplierId: 8n, termMonths: 24, rate: "0.0690" }),
      makeQuote({ quoteId: 4n, supplierId: 12n, termMonths: 24, rate: "0.069" }),
      makeQuote({ quoteId: 5n, supplierId: 8n, termMonths: 12, rate: "0.0750", product: "Index" }),
    ];
    const grid = priceGrid({ supplierIds: [8n, 12n], terms: [24, 12] }, quotes);
    expect(grid.supplierIds).toEqual([8n, 12n]);
    expect(grid.terms).toEqual([12, 24]);
    expect(grid.cell(8n, 12).map((q) => q.quoteId)).toEqual([1n, 5n]);
    expect(grid.cell(12n, 36)).toEqual([]);
    // A tie: both are best.
    expect([...grid.best].sort()).toEqual([2n, 3n, 4n]);
  });

  it("keeps a supplier or term that was priced but is no longer on the RFP", () => {
    const grid = priceGrid({ supplierIds: [8n], terms: [12] }, [makeQuote({ supplierId: 9n, termMonths: 36 })]);
    expect(grid.supplierIds).toEqual([8n, 9n]);
    expect(grid.terms).toEqual([12, 36]);
  });
});
