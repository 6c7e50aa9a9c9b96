import { create } from "@bufbuild/protobuf";
import { describe, expect, it } from "vitest";

import { ImportProblemSchema } from "../../gen/eris/crm/v1/accounts_pb";
import { capacityRecordProblems } from "./capacityForm";
import { countProblems, importPreview, importSummary, importText, problemsCsv } from "./importPreview";
import { IMPORT_TEXTS } from "./texts";

const problem = (row: number, column: string, message: string) => create(ImportProblemSchema, { row, column, message });

describe("import preview", () => {
  it("lists every row after the header with its problems, and the others apart", () => {
    const text =
      'Site Name,LEN,Account #,Secondary Account #,Utility,Supplier,Commodity\n"Plant, 1",A,01,,PECO,,Electric\nBoiler,A,02,,PECO,,gas\n\n';
    const { rows, otherProblems } = importPreview(text, [
      problem(2, "Commodity", "must be Electric or Gas"),
      problem(0, "PLC", "is missing"),
      problem(9, "", "cannot be read"),
    ]);
    expect(rows.map((row) => [row.row, row.name, row.accountNumber, row.commodity, row.problems.length])).toEqual([
      [1, "Plant, 1", "01", "Electric", 0],
      [2, "Boiler", "02", "gas", 1],
    ]);
    expect(otherProblems.map((p) => p.row)).toEqual([0, 9]);
  });

  it("counts the file's own problems apart from the rows', and says the columns are out of order", () => {
    // The server's answer for PLC and NSPL swapped: header problems only, no row checked.
    const swapped = [
      problem(0, "PLC", "Column 14 must be headed PLC, not NSPL."),
      problem(0, "NSPL", "Column 15 must be headed NSPL, not PLC."),
    ];
    const counts = countProblems(swapped);
    expect(counts).toEqual({ file: 2, headers: true, rows: 0, problemRows: 0 });
    const summary = importSummary(1, counts, ["Site Name", "LEN", "NSPL", "PLC"]);
    expect(summary).toMatch(/^The columns are not in the expected order: expected Site Name, LEN, Account #, /);
    expect(summary).toContain("; found Site Name, LEN, NSPL, PLC.");
    expect(summary).not.toMatch(/problems? in/);
    // An empty file is the file's problem too, but not one of order.
    expect(importSummary(0, countProblems([problem(0, "", "The file is empty.")]), [])).toBe(IMPORT_TEXTS.fileRefused);
    // Rows' problems: counted by row, wherever the row is.
    const rows = countProblems([problem(2, "Zip", "x"), problem(2, "State", "y"), problem(9, "", "z")]);
    expect(rows).toEqual({ file: 0, headers: false, rows: 3, problemRows: 2 });
    expect(importSummary(9, rows, [])).toBe(IMPORT_TEXTS.summary(9, 3, 2));
  });

  it("writes the problems for Excel in row order, the header's first", () => {
    expect(problemsCsv([problem(3, "Zip", 'not "5" digits'), problem(0, "PLC", "is missing")])).toBe(
      '\uFEFF"Row","Column","Problem"\r\n"Header","PLC","is missing"\r\n"3","Zip","not ""5"" digits"\r\n',
    );
  });

  it("sends the file without a byte order mark", () => {
    expect(importText("\uFEFFSite Name")).toBe("Site Name");
  });
});

describe("capacity record form", () => {
  it("needs a value and both dates, the start not after the end", () => {
    expect(capacityRecordProblems({ value: "", startDate: "", endDate: "" }).problems).toEqual({
      value: "Enter a number.",
      startDate: "Enter the start date.",
      endDate: "Enter the end date.",
    });
    const late = capacityRecordProblems({ value: "5", startDate: "06/02/2026", endDate: "06/01/2026" });
    expect(late.problems).toEqual({ dates: "The start date must not be after the end date." });
    expect(late.record).toBeNull();
  });

  it("gives the record to send, a one-day record included", () => {
    expect(capacityRecordProblems({ value: "1,200.5", startDate: "06/01/2026", endDate: "06/01/2026" }).record).toEqual(
      {
        value: "1200.5",
        startDate: { year: 2026, month: 6, day: 1 },
        endDate: { year: 2026, month: 6, day: 1 },
      },
    );
  });
});
