import { describe, expect, it } from "vitest";

import { ProjectionBasis } from "../../gen/eris/contracts/v1/contracts_pb";
import { projectionFactor } from "../../lib/records/projectionBasis";
import {
  changeDraft,
  draftProblems,
  emptyDraft,
  fieldsOfDraft,
  pasteProblemText,
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

describe("paste problems", () => {
  it("name their row, except a problem of the paste as a whole", () => {
    expect(
      pasteProblemText({ line: 2, message: 'projected month "13" is not a month (1 to 12 or a month\'s name).' }),
    ).toBe('Row 2: projected month "13" is not a month (1 to 12 or a month\'s name).');
    expect(pasteProblemText({ line: 0, message: "5,001 rows were pasted; at most 5,000 can be added at once." })).toBe(
      "5,001 rows were pasted; at most 5,000 can be added at once.",
    );
  });
});
