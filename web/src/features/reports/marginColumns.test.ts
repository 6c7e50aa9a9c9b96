import { create } from "@bufbuild/protobuf";
import { describe, expect, it } from "vitest";

import { ContractSchema } from "../../gen/eris/contracts/v1/contracts_pb";
import { CONTRACT_FIELDS, type ContractFieldSpec } from "../../lib/records/contractFields";
import { makeMarginRow } from "../../test/reportFakes";
import { contractMarginColumns } from "./marginColumns";
import { MARGIN_TEXTS } from "./texts";

/** The descriptor with a few fields given Margin Builder headers, as a new column would be. */
const headed: { readonly [key: string]: ContractFieldSpec } = {
  ...CONTRACT_FIELDS,
  notes: { ...CONTRACT_FIELDS.notes, margin: "Notes" },
  contractRate: { ...CONTRACT_FIELDS.contractRate, margin: "ContractRate" },
  taxExempt: { ...CONTRACT_FIELDS.taxExempt, margin: "TaxExempt" },
  endDate: { kind: "date", path: "end_date", margin: "EndDate" },
  termMonths: { ...CONTRACT_FIELDS.termMonths, margin: "TermLength" },
  greenPower: { ...CONTRACT_FIELDS.greenPower, margin: "GreenPower" },
};

describe("Margin Builder's contract columns", () => {
  it("are the fields whose descriptor gives a header, read from each row's contract by kind", () => {
    const columns = contractMarginColumns(headed);
    expect(columns.map((column) => [column.key, column.header, column.numeric])).toEqual([
      ["termMonths", "TermLength", true],
      ["contractRate", "ContractRate", true],
      ["taxExempt", "TaxExempt", true],
      ["greenPower", "GreenPower", false],
      ["notes", "Notes", false],
      ["endDate", "EndDate", false],
    ]);
    const row = makeMarginRow({
      contract: create(ContractSchema, {
        notes: "Ask for the plant manager",
        contractRate: "0.08125",
        taxExempt: "12.5",
        endDate: { year: 2027, month: 3, day: 31 },
        termMonths: 24,
        greenPower: true,
      }),
    });
    expect(Object.fromEntries(columns.map((column) => [column.key, column.text(row)]))).toEqual({
      termMonths: "24",
      contractRate: "$0.08125",
      taxExempt: "12.5%",
      greenPower: MARGIN_TEXTS.yes,
      notes: "Ask for the plant manager",
      endDate: "03/31/2027",
    });
  });

  it("are blank for a row whose contract is not there yet", () => {
    const [notes] = contractMarginColumns({ notes: { kind: "text", path: "notes", margin: "Notes" } });
    expect(notes.text(makeMarginRow())).toBe("");
  });

  it("refuse a field no cell can show as it is", () => {
    expect(() =>
      contractMarginColumns({ supplierId: { kind: "id", path: "supplier_id", margin: "Supplier" } }),
    ).toThrow(/supplierId \(id\) cannot be a Margin Builder column/);
  });

  it("can all be shown, for the fields the descriptor heads", () => {
    expect(() => contractMarginColumns()).not.toThrow();
  });
});
