import { describe, expect, it } from "vitest";

import { ProjectionBasis } from "../../gen/eris/contracts/v1/contracts_pb";
import { projectionFactor } from "../../lib/records/projectionBasis";
import {
  changeDraft,
  draftProblems,
  emptyDraft,
  fieldsOfDraft,
  MAX_PASTED_ROWS,
  parsePaymentPaste,
  pasteProblemText,
  pasteRequestText,
  projectedPayment,
  yearChoices,
} from "./paymentMath";

describe("projected payment", () => {
  it("is usage x split / 100 x fee for a contract by fee", () => {
    // 10,000 kWh x 50 / 100 x $0.005
    expect(projectedPayment("10000", "50", "0.005")).toBe("25.00");
    expect(
      projectedPayment("10,000", "50", projectionFactor(ProjectionBasis.FEE, { fee: "0.005", contractRate: "0.09" })),
    ).toBe("25.00");
    // 12,345 x 33.3 / 100 x 0.00375 = 15.41563…
    expect(projectedPayment("12345", "33.3", "0.00375")).toBe("15.42");
  });

  it("is 0 when the fee is missing or the usage or split is not a number", () => {
    expect(projectedPayment("10000", "50", "")).toBe("0.00");
    expect(projectedPayment("", "50", "0.005")).toBe("0.00");
    expect(projectedPayment("10000", "abc", "0.005")).toBe("0.00");
    expect(projectedPayment("n/a", "50", "0.005")).toBe("0.00");
  });

  it("is usage x (split / 100) x rate rounded to 2 decimals for a contract by rate", () => {
    const rate = projectionFactor(ProjectionBasis.RATE, { fee: "0.005", contractRate: "0.08125" });
    expect(rate).toBe("0.08125");
    // 1,234 x 0.75 x 0.08125 = 75.196875
    expect(projectedPayment("1234", "75", rate)).toBe("75.20");
    // 3 x 0.5 x 0.00001 = 0.000015 -> 0.00
    expect(projectedPayment("3", "50", "0.00001")).toBe("0.00");
  });
});

describe("payment drafts", () => {
  it("recomputes the projected payment when usage or split changes, and keeps a typed-over value", () => {
    let draft = changeDraft(emptyDraft(), "projectedUsage", "10000", "0.005");
    expect(draft.projectedPayment).toBe("0.00");
    draft = changeDraft(draft, "revenueSplit", "50", "0.005");
    expect(draft.projectedPayment).toBe("25.00");
    draft = changeDraft(draft, "projectedPayment", "30", "0.005");
    draft = changeDraft(draft, "paymentActual", "28", "0.005");
    expect(draft.projectedPayment).toBe("30");
    // Without the contract's factor nothing is recomputed.
    expect(changeDraft(draft, "projectedUsage", "20000").projectedPayment).toBe("30");
  });

  it("needs the projected month and year, and numbers the service can store", () => {
    expect(draftProblems(emptyDraft())).toEqual({
      projectedMonth: "Choose the projected month.",
      projectedYear: "Choose the projected year.",
    });
    const draft = {
      ...emptyDraft(),
      projectedMonth: "3",
      projectedYear: "2026",
      projectedUsage: "12x",
      revenueSplit: "100.5",
      paymentActual: "12.345",
      usageActual: "1.23456",
      // A payment month without its year is stored as typed, like the service does.
      paymentMonth: "4",
    };
    expect(draftProblems(draft)).toEqual({
      projectedUsage: "Enter a number, e.g. 1,250.50",
      revenueSplit: "Must be between 0 and 100.",
      paymentActual: "At most 2 decimals.",
      usageActual: "At most 4 decimals.",
    });
    expect(
      draftProblems({ ...draft, projectedUsage: "", revenueSplit: "-5", paymentActual: "", usageActual: "" }),
    ).toEqual({ revenueSplit: "Cannot be negative." });
    expect(
      draftProblems({
        ...draft,
        projectedUsage: "(120)",
        revenueSplit: "50%",
        paymentActual: "-$1.5",
        usageActual: "",
      }),
    ).toEqual({});
  });

  it("sends months and years as numbers (0 for not yet paid) and plain decimals", () => {
    const draft = {
      ...emptyDraft(),
      projectedMonth: "3",
      projectedYear: "2026",
      revenueSplit: "50",
      projectedUsage: "10,000",
      projectedPayment: "$25.00",
      paymentType: "Residual",
    };
    expect(fieldsOfDraft(draft)).toEqual({
      projectedMonth: 3,
      projectedYear: 2026,
      revenueSplit: "50",
      projectedUsage: "10000",
      projectedPayment: "25",
      paymentMonth: 0,
      paymentYear: 0,
      usageActual: "",
      paymentActual: "",
      paymentType: "Residual",
    });
  });

  it("keeps a stored year outside the choices", () => {
    expect(yearChoices([2036, 2035], "2001")).toEqual(["2001", "2036", "2035"]);
    expect(yearChoices([2036, 2035], "2035")).toEqual(["2036", "2035"]);
  });
});

describe("pasted payment rows", () => {
  const row = (...cells: string[]) => cells.join("\t");

  it("reads 10 tab-separated columns and recomputes the fifth", () => {
    const text = [
      row("1", "2026", "50", "10,000", "999.99", "3", "2026", "9,800", "$24.50", "Residual"),
      row("February", "2026", "50", "12000", "", "", "", "", "", "upfront"),
      "",
      row("mar", "2026", "", "8000", "1", "0", "0", "", "", ""),
    ].join("\r\n");
    const result = parsePaymentPaste(text, "0.005");
    expect(result.problems).toEqual([]);
    expect(result.rows.map((r) => r.line)).toEqual([1, 2, 4]);
    expect(result.rows[0].fields).toEqual({
      projectedMonth: 1,
      projectedYear: 2026,
      revenueSplit: "50",
      projectedUsage: "10000",
      projectedPayment: "25.00",
      paymentMonth: 3,
      paymentYear: 2026,
      usageActual: "9800",
      paymentActual: "24.5",
      paymentType: "Residual",
    });
    expect(result.rows[1].fields.projectedMonth).toBe(2);
    expect(result.rows[1].fields.projectedPayment).toBe("30.00");
    expect(result.rows[1].fields.paymentType).toBe("Upfront");
    // No split: the projected payment is 0, whatever was pasted.
    expect(result.rows[2].fields.projectedPayment).toBe("0.00");
    // Row numbers stay those of the pasted text: the blank third line is sent blank.
    expect(pasteRequestText(result.rows).split("\n")).toEqual([
      "1\t2026\t50\t10000\t25.00\t3\t2026\t9800\t24.5\tResidual",
      "2\t2026\t50\t12000\t30.00\t\t\t\t\tUpfront",
      "",
      "3\t2026\t\t8000\t0.00\t\t\t\t\t",
    ]);
  });

  it("reads missing trailing columns as empty, and a split written as a percentage", () => {
    const result = parsePaymentPaste(row("1", "2026", "50%", "100"), "1");
    expect(result.problems).toEqual([]);
    expect(result.rows[0].fields).toMatchObject({ revenueSplit: "50", projectedPayment: "50.00", paymentType: "" });
  });

  it("names every row that cannot be read, by its line", () => {
    const text = [
      row("1", "2026", "50", "100", "", "", "", "", "", ""),
      row("13", "2026", "50", "100", "", "", "", "", "", ""),
      row("1", "26", "50", "100", "", "", "", "", "", ""),
      row("1", "2026", "half", "100", "", "", "", "", "", ""),
      row("1", "2026", "50", "100", "", "", "", "", "", "", "extra"),
      row("1", "2026", "50", "100", "", "", "", "", "12.345", ""),
      row("1", "2026", "50", "100", "", "", "", "", "", "Bonus"),
    ].join("\n");
    const { rows, problems } = parsePaymentPaste(text, "0.005");
    expect(rows.map((r) => r.line)).toEqual([1]);
    expect(problems.map(pasteProblemText)).toEqual([
      'Row 2: projected month "13" is not a month (1 to 12 or a month\'s name).',
      'Row 3: projected year "26" is not a year (1900 to 2200).',
      'Row 4: revenue split "half" is not a number.',
      "Row 5: it has 11 columns; at most 10 are expected, separated by tabs.",
      'Row 6: payment actual "12.345": at most 2 decimals.',
      'Row 7: payment type "Bonus" is not one of Residual, Upfront, True-up, Affiliate, Drop.',
    ]);
  });

  it("refuses more rows than one paste may add", () => {
    const line = row("1", "2026", "50", "100", "", "", "", "", "", "");
    const { problems } = parsePaymentPaste(
      Array(MAX_PASTED_ROWS + 1)
        .fill(line)
        .join("\n"),
      "1",
    );
    expect(problems).toHaveLength(1);
    expect(pasteProblemText(problems[0])).toBe("5,001 rows were pasted; at most 5,000 can be added at once.");
  });

  it("reads a thousand rows quickly", () => {
    const text = Array.from({ length: 1000 }, (_, i) =>
      row(String((i % 12) + 1), String(2020 + Math.floor(i / 12)), "50", String(1000 + i), "", "", "", "", "", ""),
    ).join("\n");
    const started = performance.now();
    const { rows, problems } = parsePaymentPaste(text, "0.005");
    expect(performance.now() - started).toBeLessThan(500);
    expect(problems).toEqual([]);
    expect(rows).toHaveLength(1000);
    // 1,999 x 50 / 100 x 0.005 = 4.9975
    expect(rows[999].fields.projectedPayment).toBe("5.00");
  });
});
