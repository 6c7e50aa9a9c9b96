import { describe, expect, it } from "vitest";

import { RfpOutcome } from "../../gen/eris/sourcing/v1/rfps_pb";
import { decimalText, outcomeLabel, returnsByText, rfpCellText, rfpColumnsFor } from "./rfpColumns";
import { acmeRfp, makeRfp } from "./rfpsTestKit";

describe("RFP columns", () => {
  it("leaves the Actions column out for Sales", () => {
    expect(rfpColumnsFor(true)[0]).toBe("actions");
    expect(rfpColumnsFor(false)).not.toContain("actions");
    expect(rfpColumnsFor(false)).toHaveLength(rfpColumnsFor(true).length - 1);
  });

  it("shows dates as MM/DD/YYYY and the return time on hover", () => {
    expect(rfpCellText(acmeRfp, "returnDate")).toBe("05/07/2026");
    expect(rfpCellText(acmeRfp, "startDate")).toBe("06/01/2026");
    expect(rfpCellText(makeRfp({ startDate: undefined }), "startDate")).toBe("");
    expect(returnsByText(acmeRfp)).toBe("05/07/2026 by 1:30 PM");
  });

  it("shows rates and fees without the zeros a fixed scale adds, never rounded", () => {
    expect(decimalText("0.005000")).toBe("0.005");
    expect(decimalText("0.071234")).toBe("0.071234");
    expect(decimalText("")).toBe("");
    expect(rfpCellText(makeRfp({ fee: "0.0050" }), "fee")).toBe("0.005");
  });

  it("reads an unset outcome as Open", () => {
    expect(outcomeLabel(RfpOutcome.UNSPECIFIED)).toBe("Open");
    expect(outcomeLabel(RfpOutcome.LOST)).toBe("Lost");
  });
});
