import { Button, Classes, H5, H6, Intent, NonIdealState, Spinner, Text } from "@blueprintjs/core";
import { useRef, useState } from "react";
import { Link } from "react-router";

import type { RenewalAlert, RenewalWindowCount } from "../../gen/eris/reporting/v1/reporting_pb";
import { StaticTag } from "../../components/StaticTag";
import { useFocusFirstShown } from "../../components/useFocusFirstShown";
import { companyContractsPath } from "../../lib/companyRoutes";
import { formatDate } from "../../lib/dateText";
import { useRenewalAlerts } from "../reports";
import { DASHBOARD_TEXTS } from "./texts";

const T = DASHBOARD_TEXTS;

/** The alert windows, soonest first (days). */
export const RENEWAL_WINDOWS = [14, 28, 150] as const;

/**
 * How many alerts a window lists before "Show all": a Management user of a large book has thousands
 * ending within 150 days, and drawing them all made the dashboard's first load seconds slower.
 */
export const RENEWALS_SHOWN = 25;

/** One window's alerts as read, and how many it holds in all. */
export interface RenewalGroup {
  window: number;
  alerts: RenewalAlert[];
  total: number;
}

/**
 * The alerts of each window, in the order given (the server sends the soonest first), with each
 * window's count where the server sent only the first few; empty windows left out.
 */
export function groupRenewals(
  alerts: readonly RenewalAlert[],
  counts: readonly RenewalWindowCount[] = [],
): RenewalGroup[] {
  return RENEWAL_WINDOWS.map((window) => {
    const inWindow = alerts.filter((a) => a.windowDays === window);
    const counted = counts.find((c) => c.windowDays === window)?.count ?? 0;
    return { window, alerts: inWindow, total: Math.max(counted, inWindow.length) };
  }).filter((group) => group.total > 0);
}

/**
 * Renewals: the signed-in user's contracts (as closer or analyst) ending within 14, 28 and 150
 * days, each linking to its company's contracts. A failure says so here and leaves the rest of the
 * dashboard alone.
 */
export function RenewalsPanel() {
  // Each window's first few are read with the dashboard; all of them once a "Show all" is pressed.
  const [expanded, setExpanded] = useState<ReadonlySet<number>>(new Set());
  const alerts = useRenewalAlerts(RENEWALS_SHOWN);
  const every = useRenewalAlerts(0, expanded.size > 0);
  const groups = groupRenewals(alerts.data?.alerts ?? [], alerts.data?.windowCounts);
  return (
    <section className="eris-upcoming eris-renewals" aria-label={T.renewals}>
      <H5>{T.renewals}</H5>
      {alerts.isPending ? (
        <Spinner size={24} />
      ) : alerts.isError ? (
        <Text className="eris-renewals-error" role="alert">
          {T.renewalsFailed}
        </Text>
      ) : groups.length === 0 ? (
        <NonIdealState icon="tick-circle" title={T.noRenewals} />
      ) : (
        groups.map((group) => (
          <RenewalWindow
            key={group.window}
            group={group}
            all={
              expanded.has(group.window) ? every.data?.alerts.filter((a) => a.windowDays === group.window) : undefined
            }
            loadingAll={expanded.has(group.window) && every.isFetching}
            onShowAll={() => setExpanded((open) => new Set(open).add(group.window))}
          />
        ))
      )}
    </section>
  );
}

interface RenewalWindowProps {
  group: RenewalGroup;
  /** Every alert of the window, once "Show all" was pressed and they were read. */
  all: RenewalAlert[] | undefined;
  loadingAll: boolean;
  onShowAll: () => void;
}

/** One window's alerts: the first RENEWALS_SHOWN, and the rest after "Show all". */
function RenewalWindow({ group: { window, alerts, total }, all, loadingAll, onShowAll }: RenewalWindowProps) {
  const list = useRef<HTMLUListElement>(null);
  const shown = all ?? alerts.slice(0, RENEWALS_SHOWN);
  const count = total.toLocaleString("en-US");
  const focusFirstShown = useFocusFirstShown(list, "a", shown.length, RENEWALS_SHOWN);
  return (
    <div className="eris-renewals-group">
      <H6 id={`renewals-${window}`}>{T.renewalWindows[window]}</H6>
      <ul ref={list} aria-labelledby={`renewals-${window}`}>
        {shown.map((alert) => (
          <li key={String(alert.contractId)} data-contract-id={String(alert.contractId)}>
            <div className="eris-renewals-line">
              <Link to={companyContractsPath(alert.companyId)}>{alert.companyName}</Link>
              <StaticTag
                className="eris-renewals-days"
                intent={window === 14 ? Intent.DANGER : window === 28 ? Intent.WARNING : Intent.NONE}
              >
                {T.daysLeft(alert.daysLeft)}
              </StaticTag>
            </div>
            <div className={Classes.TEXT_MUTED}>
              {[alert.commodity, alert.supplier, T.endsOn(formatDate(alert.endDate))].filter(Boolean).join(" · ")}
            </div>
          </li>
        ))}
      </ul>
      {all === undefined && total > shown.length && (
        <Button
          variant="minimal"
          size="small"
          text={T.showAllRenewals(count)}
          aria-label={T.showAllRenewalsOf(count, T.renewalWindows[window] ?? "")}
          loading={loadingAll}
          onClick={() => {
            focusFirstShown();
            onShowAll();
          }}
        />
      )}
    </div>
  );
}
