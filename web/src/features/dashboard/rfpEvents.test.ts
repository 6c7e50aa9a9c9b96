import { describe, expect, it } from "vitest";

import { makeRfp } from "../../test/sourcingFakes";
import { CLOSED_EVENT_COLOUR } from "../../styles/palette";
import { rfpEvents } from "./rfpEvents";

describe("rfpEvents", () => {
  it("makes a grey event at the return date and time on the business clock", () => {
    const rfp = makeRfp({ rfpId: 4n, companyName: "Acme Foods", returnTime: "13:30" });
    expect(rfpEvents([rfp], "America/New_York")).toEqual([
      {
        id: "rfp-4",
        title: "RFP: Acme Foods",
        start: new Date(Date.UTC(2026, 10, 20, 18, 30)),
        colour: CLOSED_EVENT_COLOUR,
      },
    ]);
    // The same RFP in Los Angeles' business day.
    expect(rfpEvents([rfp], "America/Los_Angeles")[0].start).toEqual(new Date(Date.UTC(2026, 10, 20, 21, 30)));
  });

  it("leaves out RFPs without a return date", () => {
    expect(rfpEvents([makeRfp({ returnDate: undefined })], "America/New_York")).toEqual([]);
  });
});
