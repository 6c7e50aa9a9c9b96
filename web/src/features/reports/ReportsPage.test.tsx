import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";

import { Role, type User } from "../../gen/eris/identity/v1/identity_pb";
import { makeUser, manager, sally } from "../../test/fakes";
import { openApp } from "../../test/renderApp";
import { REPORTS, reportCardsFor } from "./reportCatalog";
import { REPORT_TEXTS } from "./texts";

const T = REPORT_TEXTS;
const care = makeUser({ userId: 3n, name: "Cara Care", role: Role.CUSTOMER_CARE });
const admin = makeUser({ userId: 4n, name: "Adam Admin", role: Role.ADMIN });

/** The cards on /Reports: each one's title and where its View Report goes. */
async function cardsShown(me: User): Promise<[string, string | null][]> {
  openApp("/Reports", me, {
    reports: {
      listRenewals: vi.fn(async () => ({ rows: [] })),
      listRevenueYears: vi.fn(async () => ({ years: [] })),
    },
  });
  const list = await screen.findByRole("list", { name: T.title });
  return within(list)
    .getAllByRole("listitem")
    .map((item) => [
      within(item).getByRole("heading").textContent ?? "",
      within(item)
        .getByRole("link", { name: /^View Report/ })
        .getAttribute("href"),
    ]);
}

describe("Reports page", () => {
  it("shows Management ten cards", async () => {
    expect(await cardsShown(manager)).toEqual([
      ["RFPs", "/RFP"],
      ["Forecast Revenue By Supplier", "/ForecastRevenueBySupplier"],
      ["Actual Revenue By Supplier", "/ActualRevenueBySupplier"],
      ["Renewal Tracker", "/RenewalTracking"],
      ["Supplier Outreach", "/SupplierOutreach"],
      ["Margin Builder", "/MarginBuilder"],
      ["Welcome E-mails", "/WelcomeEmails"],
      ["First Month Billing", "/FirstMonthsBilling"],
      ["Opportunity Tracker", "/OpportunityTracker"],
      ["Auto Inactive Reports", "/AutoInactiveContracts"],
    ]);
  });

  it("shows Customer Care six cards", async () => {
    expect(await cardsShown(care)).toEqual([
      ["RFPs", "/RFP"],
      ["Renewal Tracker", "/RenewalTracking"],
      ["Supplier Outreach", "/SupplierOutreach"],
      ["Welcome E-mails", "/WelcomeEmails"],
      ["First Month Billing", "/FirstMonthsBilling"],
      ["Opportunity Tracker", "/OpportunityTracker"],
    ]);
  });

  it("shows Admin Renewal Tracker and Opportunity Tracker", async () => {
    expect(await cardsShown(admin)).toEqual([
      ["Renewal Tracker", "/RenewalTracking"],
      ["Opportunity Tracker", "/OpportunityTracker"],
    ]);
  });

  it("shows Sales RFPs and Renewal Tracker", async () => {
    expect(await cardsShown(sally)).toEqual([
      ["RFPs", "/RFP"],
      ["Renewal Tracker", "/RenewalTracking"],
    ]);
  });

  it("gives each card a description and a View Report link that opens the report", async () => {
    openApp("/Reports", admin, { reports: { listRenewals: vi.fn(async () => ({ rows: [] })) } }, [admin]);
    const link = await screen.findByRole("link", { name: "View Report: Renewal Tracker" });
    expect(link.textContent).toBe(T.viewReport);
    expect(screen.getByText(T.cards.renewalTracker.description)).toBeTruthy();
    await userEvent.click(link);
    expect(await screen.findByRole("heading", { name: "Renewal Tracking" })).toBeTruthy();
  });

  it("keeps the spec's whole list of cards per role, every report built", () => {
    const all = (role: Role) => REPORTS.filter((r) => r.roles.includes(role)).map((r) => T.cards[r.id].title);
    expect(all(Role.MANAGEMENT)).toEqual([
      "RFPs",
      "Forecast Revenue By Supplier",
      "Actual Revenue By Supplier",
      "Renewal Tracker",
      "Supplier Outreach",
      "Margin Builder",
      "Welcome E-mails",
      "First Month Billing",
      "Opportunity Tracker",
      "Auto Inactive Reports",
    ]);
    expect(all(Role.CUSTOMER_CARE)).toEqual([
      "RFPs",
      "Renewal Tracker",
      "Supplier Outreach",
      "Welcome E-mails",
      "First Month Billing",
      "Opportunity Tracker",
    ]);
    expect(all(Role.ADMIN)).toEqual(["Renewal Tracker", "Opportunity Tracker"]);
    expect(all(Role.SALES)).toEqual(["RFPs", "Renewal Tracker"]);
    expect(REPORTS.filter((r) => !r.built).map((r) => r.path)).toEqual([]);
    expect(reportCardsFor(Role.UNSPECIFIED)).toEqual([]);
  });
});

describe("report routes", () => {
  const noAccess = "You do not have access to this page.";

  it.each([
    ["/ForecastRevenueBySupplier", admin],
    ["/ActualRevenueBySupplier", care],
    ["/MarginBuilder", sally],
    ["/MarginBuilder", admin],
  ])("refuses %s to a role without its card", async (path, me) => {
    const reports = {
      getRevenueBySupplier: vi.fn(),
      listRevenueYears: vi.fn(),
      listMarginRows: vi.fn(),
      listMarginOptions: vi.fn(),
    };
    openApp(path, me, { reports });
    expect(await screen.findByText(noAccess)).toBeTruthy();
    expect(reports.getRevenueBySupplier).not.toHaveBeenCalled();
    expect(reports.listMarginRows).not.toHaveBeenCalled();
  });

  it("opens Renewal Tracking to every role", async () => {
    for (const me of [manager, care, admin, sally]) {
      const { unmount } = openApp("/RenewalTracking", me, {
        reports: { listRenewals: vi.fn(async () => ({ rows: [] })) },
      });
      expect(await screen.findByRole("heading", { name: "Renewal Tracking" })).toBeTruthy();
      expect(screen.queryByText(noAccess)).toBeNull();
      unmount();
    }
  });

  it.each([
    ["/SupplierOutreach", "Supplier Outreach", [manager, care], [admin, sally]],
    ["/WelcomeEmails", "Customer Care Welcome E-mails", [manager, care], [admin, sally]],
    ["/FirstMonthsBilling", "First Months Billing", [manager, care], [admin, sally]],
    ["/AutoInactiveContracts", "Auto Inactive Contracts", [manager], [care, admin, sally]],
    ["/OpportunityTracker", "Opportunity Tracker", [manager, care, admin], [sally]],
  ])("opens %s to the roles with its card only", async (path, title, allowed, refused) => {
    const empty = async () => ({ rows: [], more: false });
    const reports = {
      listSupplierOutreach: vi.fn(empty),
      listStartMonths: vi.fn(async () => ({ startMonths: ["2026-03"] })),
      listFirstMonthsBilling: vi.fn(empty),
      listAutoInactiveContracts: vi.fn(empty),
      listWelcomeEmails: vi.fn(empty),
      listOpportunities: vi.fn(empty),
    };
    for (const me of allowed) {
      const { unmount } = openApp(path, me, { reports });
      expect(await screen.findByRole("heading", { name: title })).toBeTruthy();
      expect(screen.queryByText(noAccess)).toBeNull();
      unmount();
    }
    const calls = () => Object.values(reports).reduce((n, fake) => n + fake.mock.calls.length, 0);
    const before = calls();
    for (const me of refused) {
      const { unmount } = openApp(path, me, { reports });
      expect(await screen.findByText(noAccess)).toBeTruthy();
      expect(screen.queryByRole("heading", { name: title })).toBeNull();
      unmount();
    }
    expect(calls()).toBe(before);
  });
});
