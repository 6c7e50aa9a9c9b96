import { describe, expect, it } from "vitest";

import { Role } from "../../gen/eris/identity/v1/identity_pb";
import { PageDirection } from "../../gen/eris/reporting/v1/reporting_pb";
import { makeRevenueReport } from "../../test/reportFakes";
import {
  filtersOfDraft,
  marginExportFilters,
  marginFiltersOf,
  marginPageOf,
  pageChanges,
  startMonthLabel,
  type MarginDraft,
} from "./marginView";
import { opportunityChanges, opportunityRangeOf, opportunityRangeOfDraft } from "./opportunityView";
import { dayOfText, defaultStartMonth, startMonthFromParam, todayIn } from "./reportFilters";
import { renewalFiltersOf, resetFilters } from "./renewalView";
import { chartSeries, isEmptyRevenue, shareText } from "./revenueData";
import { checkWelcomeRange, welcomeRangeOf } from "./welcomeView";

const blankDraft: MarginDraft = {
  supplier: "",
  projectedMonth: "",
  projectedYear: "",
  startMonth: "",
  companyName: "",
  paymentMonth: "",
  paymentYear: "",
  signedFrom: "",
  signedTo: "",
};

describe("Margin Builder's view", () => {
  it("moves by keyset: first and last from no cursor, next after the last row, previous before the first", () => {
    const shown = { firstCursor: "a", lastCursor: "z" };
    expect(pageChanges("first", shown)).toEqual({ cursor: null, dir: null });
    expect(pageChanges("next", shown)).toEqual({ cursor: "z", dir: null });
    expect(pageChanges("previous", shown)).toEqual({ cursor: "a", dir: "back" });
    expect(pageChanges("last", shown)).toEqual({ cursor: null, dir: "back" });
  });

  it("reads the page from the address, 10 rows forward by default and only the spec's sizes", () => {
    expect(marginPageOf(new URLSearchParams(""))).toEqual({
      pageSize: 10,
      cursor: "",
      direction: PageDirection.FORWARD,
    });
    expect(marginPageOf(new URLSearchParams("size=25&cursor=k&dir=back"))).toEqual({
      pageSize: 25,
      cursor: "k",
      direction: PageDirection.BACKWARD,
    });
    expect(marginPageOf(new URLSearchParams("size=7")).pageSize).toBe(10);
  });

  it("drops filters in the address that are not ones", () => {
    const filters = marginFiltersOf(
      new URLSearchParams("supplier=x&projectedMonth=13&projectedYear=99&startMonth=2026-13&paymentYear=2026"),
    );
    expect(filters).toMatchObject({
      supplierId: 0n,
      projectedMonth: 0,
      projectedYear: 0,
      startMonth: "",
      paymentYear: 2026,
    });
  });

  it("sends only the filters set to the export, dates as yyyy-MM-dd", () => {
    const result = filtersOfDraft({
      ...blankDraft,
      supplier: "12",
      paymentMonth: "3",
      startMonth: "2026-01",
      companyName: "  Acme ",
      signedFrom: "01/02/2025",
    });
    expect("filters" in result && marginExportFilters(result.filters)).toEqual({
      supplier: 12,
      paymentMonth: 3,
      startMonth: "2026-01",
      companyName: "Acme",
      dateSignedStart: "2025-01-02",
    });
    expect(marginExportFilters(marginFiltersOf(new URLSearchParams()))).toEqual({});
  });

  it("refuses a date that is not MM/DD/YYYY", () => {
    expect(filtersOfDraft({ ...blankDraft, signedTo: "13/01/2025" })).toEqual({
      error: "Date Format Should be MM/DD/YYYY",
    });
  });

  it("names start months as Month yyyy", () => {
    expect(startMonthLabel("2026-03")).toBe("March 2026");
    expect(startMonthLabel("2025-12")).toBe("December 2025");
  });
});

describe("Renewal Tracking's view", () => {
  const current = { closerUserId: 2n, analystUserId: 1n, endDate: { year: 2026, month: 1, day: 31 } };

  it("resets by role, keeping the end date", () => {
    expect(resetFilters(current, { userId: 9n, role: Role.MANAGEMENT })).toEqual({
      ...current,
      closerUserId: 0n,
      analystUserId: 0n,
    });
    expect(resetFilters(current, { userId: 9n, role: Role.CUSTOMER_CARE })).toEqual({
      ...current,
      closerUserId: 0n,
      analystUserId: 0n,
    });
    expect(resetFilters(current, { userId: 9n, role: Role.SALES })).toEqual({
      ...current,
      closerUserId: 9n,
      analystUserId: 0n,
    });
    expect(resetFilters(current, { userId: 9n, role: Role.ADMIN })).toEqual({ ...current, analystUserId: 9n });
  });

  it("gives a Sales user their own closer whatever the address says", () => {
    expect(renewalFiltersOf(new URLSearchParams("closer=3"), { userId: 9n, role: Role.SALES }).closerUserId).toBe(9n);
    expect(renewalFiltersOf(new URLSearchParams("closer=3"), { userId: 9n, role: Role.ADMIN }).closerUserId).toBe(3n);
  });
});

describe("revenue charts' data", () => {
  it("keeps the largest suppliers and adds up the others as one", () => {
    const report = makeRevenueReport();
    expect(chartSeries(report, 5).map((s) => [s.name, s.total])).toEqual([
      ["Constellation", 12000],
      ["Direct Energy", 234.56],
    ]);
    const grouped = chartSeries(report, 1);
    expect(grouped).toHaveLength(1);
    expect(grouped[0].name).toBe("Other suppliers");
    expect(grouped[0].total).toBeCloseTo(12234.56);
    expect(grouped[0].monthly[2]).toBeCloseTo(1234.56);
  });

  it("tells an empty year and shares of the whole", () => {
    expect(isEmptyRevenue(makeRevenueReport())).toBe(false);
    expect(isEmptyRevenue(makeRevenueReport({ suppliers: [] }))).toBe(true);
    expect(isEmptyRevenue(makeRevenueReport({ total: "0.00" }))).toBe(true);
    expect(shareText(1, 8)).toBe("12.5%");
    expect(shareText(5, 0)).toBe("0%");
  });
});

describe("the contract reports' filters", () => {
  const today = { year: 2026, month: 3, day: 18 };

  it("take today on the business clock", () => {
    const lateEvening = new Date("2026-03-19T02:00:00Z");
    expect(todayIn("America/New_York", lateEvening)).toEqual(today);
    expect(todayIn("UTC", lateEvening)).toEqual({ year: 2026, month: 3, day: 19 });
  });

  it("open First Months Billing on the latest month not after this one, else the first offered", () => {
    expect(defaultStartMonth(["2026-05", "2026-03", "2026-01"], "2026-03")).toBe("2026-03");
    expect(defaultStartMonth(["2026-05", "2026-02", "2025-12"], "2026-03")).toBe("2026-02");
    expect(defaultStartMonth(["2026-06", "2026-05"], "2026-03")).toBe("2026-06");
    expect(defaultStartMonth([], "2026-03")).toBe("");
    expect(startMonthFromParam("2026-13")).toBe("");
    expect(startMonthFromParam("2026-03")).toBe("2026-03");
  });

  it("read a typed date as a day, none, or not yet one", () => {
    expect(dayOfText("03/05/2026")).toEqual({ year: 2026, month: 3, day: 5 });
    expect(dayOfText(" ")).toBeNull();
    expect(dayOfText("02/30/2026")).toBeUndefined();
  });

  it("refuse a Welcome E-mails range with a blank end or one day, blank first", () => {
    expect(checkWelcomeRange("", "")).toEqual({ error: "Start and/or End Range is blank." });
    expect(checkWelcomeRange("13/01/2026", "")).toEqual({ error: "Start and/or End Range is blank." });
    expect(checkWelcomeRange("03/01/2026", "03/01/2026")).toEqual({ error: "Start and End Range are the same date." });
    expect(checkWelcomeRange("03/01/2026", "3/2/2026")).toBeNull();
    expect(checkWelcomeRange("03/01/2026", "03/02/2026")).toEqual({
      start: { year: 2026, month: 3, day: 1 },
      end: { year: 2026, month: 3, day: 2 },
    });
    expect(welcomeRangeOf(new URLSearchParams("from=2026-03-01"))).toBeNull();
    expect(welcomeRangeOf(new URLSearchParams("from=2026-03-01&to=2026-03-01"))).toBeNull();
  });

  it("keep the Opportunity Tracker's range in the address: defaults left out, cleared ends as any", () => {
    const march = { start: { ...today, day: 1 }, end: today };
    expect(opportunityRangeOf(new URLSearchParams(), today)).toEqual(march);
    expect(opportunityRangeOf(new URLSearchParams("from=any&to=nonsense"), today)).toEqual({
      start: undefined,
      end: today,
    });
    expect(opportunityChanges(march, today)).toEqual({ from: null, to: null });
    expect(opportunityChanges({ start: undefined, end: { year: 2026, month: 2, day: 1 } }, today)).toEqual({
      from: "any",
      to: "2026-02-01",
    });
    expect(opportunityRangeOfDraft({ start: "", end: "02/01/2026" })).toEqual({
      start: undefined,
      end: { year: 2026, month: 2, day: 1 },
    });
    expect(opportunityRangeOfDraft({ start: "2/1/2026", end: "" })).toBeNull();
  });
});
