import { create } from "@bufbuild/protobuf";
import { describe, expect, it } from "vitest";

import { DateSchema } from "../../gen/eris/common/v1/date_pb";
import { makeSupplier } from "../../test/sourcingFakes";
import { formatReturn, formatReturnTime, returnInstant, supplierNames, termsText } from "./rfpText";

const NEW_YORK = "America/New_York";
const day = (year: number, month: number, d: number) => create(DateSchema, { year, month, day: d });

describe("RFP texts", () => {
  it("shows the 24-hour return time as h:mm AM/PM", () => {
    expect(["00:00", "00:30", "09:00", "11:00", "12:00", "13:30", "23:30"].map(formatReturnTime)).toEqual([
      "12:00 AM",
      "12:30 AM",
      "9:00 AM",
      "11:00 AM",
      "12:00 PM",
      "1:30 PM",
      "11:30 PM",
    ]);
    // Not a time: shown as it is.
    expect(formatReturnTime("noon")).toBe("noon");
    expect(formatReturnTime("25:00")).toBe("25:00");
  });

  it("puts the return date and time together", () => {
    const returnDate = day(2026, 3, 7);
    expect(formatReturn({ returnDate, returnTime: "16:00" })).toBe("03/07/2026 4:00 PM");
    expect(formatReturn({ returnDate, returnTime: "" })).toBe("03/07/2026");
    expect(formatReturn({ returnDate: undefined, returnTime: "11:00" })).toBe("");
  });

  it("places the return on the business clock, 11:00 when the time cannot be read", () => {
    const returnDate = day(2026, 11, 20);
    expect(returnInstant({ returnDate, returnTime: "14:30" }, NEW_YORK)).toEqual(
      new Date(Date.UTC(2026, 10, 20, 19, 30)),
    );
    expect(returnInstant({ returnDate, returnTime: "" }, NEW_YORK)).toEqual(new Date(Date.UTC(2026, 10, 20, 16, 0)));
    // Summer time: New York is UTC-4.
    expect(returnInstant({ returnDate: day(2026, 7, 1), returnTime: "11:00" }, NEW_YORK)).toEqual(
      new Date(Date.UTC(2026, 6, 1, 15, 0)),
    );
    expect(returnInstant({ returnDate: undefined, returnTime: "11:00" }, NEW_YORK)).toBeNull();
  });

  it("names the terms in months", () => {
    expect(termsText([12, 24])).toBe("12, 24 months");
    expect(termsText([36])).toBe("36 months");
    expect(termsText([1])).toBe("1 month");
    expect(termsText([])).toBe("");
  });

  it("names suppliers once they are known, by number when the list lacks one", () => {
    const suppliers = [makeSupplier({ supplierId: 1n, name: "Acme Energy" })];
    expect(supplierNames([1n, 8n], suppliers)).toBe("Acme Energy, Supplier 8");
    expect(supplierNames([1n], undefined)).toBe("");
  });
});
