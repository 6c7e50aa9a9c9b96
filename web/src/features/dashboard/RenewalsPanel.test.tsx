import { Code, ConnectError } from "@connectrpc/connect";
import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";

import type { User } from "../../gen/eris/identity/v1/identity_pb";
import type { RenewalAlert } from "../../gen/eris/reporting/v1/reporting_pb";
import { manager, sally } from "../../test/fakes";
import { openApp } from "../../test/renderApp";
import { makeRenewalAlert } from "../../test/reportFakes";
import { RENEWALS_SHOWN } from "./RenewalsPanel";
import { DASHBOARD_TEXTS } from "./texts";

const T = DASHBOARD_TEXTS;

afterEach(() => {
  vi.restoreAllMocks();
});

/** Answers as reporting does: every alert, or with a limit each window's first and every window's count. */
function served(alerts: RenewalAlert[]) {
  return async ({ perWindowLimit }: { perWindowLimit?: number }) => {
    if (!perWindowLimit) {
      return { alerts, windowCounts: [] };
    }
    const windows = [...new Set(alerts.map((a) => a.windowDays))];
    return {
      alerts: windows.flatMap((w) => alerts.filter((a) => a.windowDays === w).slice(0, perWindowLimit)),
      windowCounts: windows.map((w) => ({ windowDays: w, count: alerts.filter((a) => a.windowDays === w).length })),
    };
  };
}

function openDashboard(
  me: User,
  listRenewalAlerts: (req: { perWindowLimit?: number }) => Promise<unknown>,
  path = "/Dashboard",
) {
  const reports = { listRenewalAlerts: vi.fn(listRenewalAlerts) };
  openApp(
    path,
    me,
    {
      tasks: { listTasks: vi.fn(async () => ({ tasks: [], nextPageToken: "" })) },
      rfps: { listUserRfps: vi.fn(async () => ({ rfps: [] })) },
      reports,
    },
    [manager, sally],
  );
  return reports;
}

const soon = makeRenewalAlert();
const month = makeRenewalAlert({
  contractId: 42n,
  companyId: 6n,
  companyName: "Globex",
  commodity: "Gas",
  supplier: "Direct Energy",
  endDate: { year: 2026, month: 4, day: 15 },
  daysLeft: 25,
  windowDays: 28,
});
const later = makeRenewalAlert({
  contractId: 43n,
  companyId: 7n,
  companyName: "Initech",
  daysLeft: 1,
  windowDays: 150,
  endDate: { year: 2026, month: 7, day: 1 },
});

describe("dashboard Renewals", () => {
  it("groups the user's contracts ending soon by window, each linking to its company's contracts", async () => {
    const reports = openDashboard(sally, served([soon, month, later]));
    const panel = await screen.findByRole("region", { name: T.renewals });
    const first = await within(panel).findByRole("list", { name: "Within 14 days" });
    expect(reports.listRenewalAlerts).toHaveBeenCalledWith({ perWindowLimit: RENEWALS_SHOWN }, expect.anything());
    expect(
      within(panel)
        .getAllByRole("heading", { level: 6 })
        .map((h) => h.textContent),
    ).toEqual(["Within 14 days", "Within 28 days", "Within 150 days"]);
    const acme = within(first).getByRole("listitem");
    expect(within(acme).getByRole("link", { name: "Acme Foods" }).getAttribute("href")).toBe("/LeadTabs/5/contracts");
    expect(acme.textContent).toContain("10 days");
    expect(acme.textContent).toContain("Electric · Constellation · ends 03/31/2026");
    const globex = within(within(panel).getByRole("list", { name: "Within 28 days" })).getByRole("listitem");
    expect(within(globex).getByRole("link", { name: "Globex" }).getAttribute("href")).toBe("/LeadTabs/6/contracts");
    expect(globex.textContent).toContain("Gas · Direct Energy · ends 04/15/2026");
    expect(globex.textContent).toContain("25 days");
    const initech = within(panel).getByRole("list", { name: "Within 150 days" });
    expect(initech.textContent).toContain("1 day");
  });

  it("lists the first few of a long window and the rest after Show all, the keyboard going on where they start", async () => {
    const many = Array.from({ length: RENEWALS_SHOWN + 5 }, (_, i) =>
      makeRenewalAlert({ contractId: BigInt(100 + i), companyName: `Company ${i + 1}`, windowDays: 150 }),
    );
    const reports = openDashboard(sally, served([soon, ...many]));
    const panel = await screen.findByRole("region", { name: T.renewals });
    const window150 = await within(panel).findByRole("list", { name: "Within 150 days" });
    expect(within(window150).getAllByRole("listitem")).toHaveLength(RENEWALS_SHOWN);
    // The short window has no button.
    expect(within(panel).getAllByRole("button", { name: /^Show all/ })).toHaveLength(1);
    const showAll = within(panel).getByRole("button", { name: "Show all 30 renewals within 150 days" });
    expect(showAll.textContent).toBe("Show all 30");
    // Only the first of each window came with the dashboard; the rest are read when asked for.
    expect(reports.listRenewalAlerts).toHaveBeenCalledTimes(1);
    await userEvent.click(showAll);
    await within(window150).findByRole("link", { name: `Company ${RENEWALS_SHOWN + 5}` });
    expect(reports.listRenewalAlerts).toHaveBeenLastCalledWith({ perWindowLimit: 0 }, expect.anything());
    expect(within(window150).getAllByRole("listitem")).toHaveLength(RENEWALS_SHOWN + 5);
    expect(within(panel).queryByRole("button", { name: /^Show all/ })).toBeNull();
    expect(document.activeElement).toBe(within(window150).getByRole("link", { name: `Company ${RENEWALS_SHOWN + 1}` }));
  });

  it("says when no contract ends within 150 days", async () => {
    openDashboard(sally, served([]));
    const panel = await screen.findByRole("region", { name: T.renewals });
    expect(await within(panel).findByText("No contracts end within 150 days.")).toBeTruthy();
    expect(within(panel).queryByRole("list")).toBeNull();
  });

  it("says so in the panel when the renewals cannot be read, and the rest of the dashboard stays", async () => {
    openDashboard(sally, async () => {
      throw new ConnectError("down", Code.Unavailable);
    });
    const panel = await screen.findByRole("region", { name: T.renewals });
    expect((await within(panel).findByRole("alert")).textContent).toBe(T.renewalsFailed);
    expect(screen.getByRole("region", { name: T.upcomingTasks })).toBeTruthy();
    expect(screen.getByRole("region", { name: T.calendar })).toBeTruthy();
  });

  it("is not shown while Management looks at another user's dashboard", async () => {
    const reports = openDashboard(manager, async () => ({ alerts: [soon] }), "/Dashboard?user=2");
    expect(await screen.findByRole("region", { name: T.upcomingTasksOf("Sally Sales") })).toBeTruthy();
    expect(screen.queryByRole("region", { name: T.renewals })).toBeNull();
    expect(reports.listRenewalAlerts).not.toHaveBeenCalled();
  });
});
