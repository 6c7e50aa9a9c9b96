import { describe, expect, it } from "vitest";

import { makeContract } from "../../test/contractFakes";
import { formatDate } from "../dateText";
import { contractCellText, leadScreenEndDate } from "./contractColumns";

const dirs = { utilities: [], suppliers: [] };
const endOf = (start: { year: number; month: number; day: number }, termMonths: number) =>
  formatDate(leadScreenEndDate(makeContract({ startDate: start, termMonths })));

describe("the lead contracts screen's End Date", () => {
  it("is the start plus the term less a day, for a beta contract saved with its month's end", () => {
    const beta = makeContract({
      beta: true,
      startDate: { year: 2026, month: 1, day: 15 },
      termMonths: 12,
      endDate: { year: 2027, month: 1, day: 31 },
    });
    expect(contractCellText(beta, "endDate", dirs)).toBe("01/14/2027");
  });

  it("ends the day before the same day of the month the term reaches", () => {
    expect(endOf({ year: 2026, month: 1, day: 1 }, 12)).toBe("12/31/2026");
    expect(endOf({ year: 2026, month: 3, day: 1 }, 1)).toBe("03/31/2026");
    expect(endOf({ year: 2026, month: 11, day: 10 }, 3)).toBe("02/09/2027");
    expect(endOf({ year: 2026, month: 1, day: 1 }, 240)).toBe("12/31/2045");
  });

  it("ends on the last day of the month reached when that month lacks the start's day", () => {
    expect(endOf({ year: 2026, month: 1, day: 31 }, 1)).toBe("02/28/2026");
    expect(endOf({ year: 2028, month: 1, day: 31 }, 1)).toBe("02/29/2028");
    expect(endOf({ year: 2024, month: 2, day: 29 }, 12)).toBe("02/28/2025");
    expect(endOf({ year: 2026, month: 8, day: 31 }, 1)).toBe("09/30/2026");
  });

  it("is the contract's own end date without a start or a term", () => {
    const saved = { year: 2027, month: 6, day: 30 };
    expect(formatDate(leadScreenEndDate(makeContract({ startDate: undefined, endDate: saved })))).toBe("06/30/2027");
    expect(formatDate(leadScreenEndDate(makeContract({ termMonths: 0, endDate: saved })))).toBe("06/30/2027");
  });
});
