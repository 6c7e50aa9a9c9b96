import { describe, expect, it } from "vitest";

import { makeRfp } from "../../test/sourcingFakes";
import { isUpcoming, nearerMayBeUnread, nearestReturnFirst } from "./rfpOrder";

const NEW_YORK = "America/New_York";
/** 10:00 in New York on November 20th, 2026. */
const now = new Date("2026-11-20T15:00:00Z");
const rfp = (rfpId: bigint, month: number, day: number, returnTime = "11:00") =>
  makeRfp({ rfpId, returnDate: { year: 2026, month, day }, returnTime });

describe("the RFPs report's order", () => {
  // As the server lists them: the latest return date first.
  const farFuture = rfp(1n, 12, 31);
  const tomorrow = rfp(2n, 11, 21);
  const laterToday = rfp(3n, 11, 20, "14:30");
  const earlierToday = rfp(4n, 11, 20, "09:00");
  const yesterday = rfp(5n, 11, 19);
  const lastMonth = rfp(6n, 10, 2);
  const served = [farFuture, tomorrow, laterToday, earlierToday, yesterday, lastMonth];

  it("puts the upcoming returns first, the soonest first, then the past ones, the most recent first", () => {
    expect(nearestReturnFirst(served, now, NEW_YORK).map((r) => r.rfpId)).toEqual([3n, 2n, 1n, 4n, 5n, 6n]);
  });

  it("counts a return at this very minute as upcoming, and one a minute ago as past", () => {
    expect(isUpcoming(rfp(7n, 11, 20, "10:00"), now, NEW_YORK)).toBe(true);
    expect(isUpcoming(rfp(8n, 11, 20, "09:59"), now, NEW_YORK)).toBe(false);
  });

  it("orders returns at the same moment by id, the newest RFP first", () => {
    const twins = [rfp(10n, 11, 25), rfp(12n, 11, 25), rfp(11n, 11, 25), rfp(13n, 11, 1), rfp(14n, 11, 1)];
    expect(nearestReturnFirst(twins, now, NEW_YORK).map((r) => r.rfpId)).toEqual([12n, 11n, 10n, 14n, 13n]);
  });

  it("puts an RFP without a return date last", () => {
    const undated = makeRfp({ rfpId: 9n, returnDate: undefined });
    expect(nearestReturnFirst([undated, lastMonth, tomorrow], now, NEW_YORK).map((r) => r.rfpId)).toEqual([2n, 6n, 9n]);
  });

  it("reads on while the last RFP read is still upcoming, since nearer ones come on later pages", () => {
    expect(nearerMayBeUnread([farFuture, tomorrow], now, NEW_YORK)).toBe(true);
    expect(nearerMayBeUnread([farFuture, tomorrow, yesterday], now, NEW_YORK)).toBe(false);
    expect(nearerMayBeUnread([], now, NEW_YORK)).toBe(false);
  });
});
