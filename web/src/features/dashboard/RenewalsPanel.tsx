import { Button, Classes, H5, H6, Intent, NonIdealState, Spinner, Text } from "@blueprintjs/core";
import { useEffect, useRef, useState } from "react";
import { Link } from "react-router";

import type { RenewalAlert } from "../../gen/eris/reporting/v1/reporting_pb";
import { StaticTag } from "../../components/StaticTag";
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

/** The alerts of each window, in the order given (the server sends the soonest first); empty windows left out. */
export function groupRenewals(alerts: readonly RenewalAlert[]): { window: number; alerts: RenewalAlert[] }[] {
  return RENEWAL_WINDOWS.map((window) => ({ window, alerts: alerts.filter((a) => a.windowDays === window) })).filter(
    (group) => group.alerts.length > 0,
  );
}

/**
 * Renewals: the signed-in user's contracts (as closer or analyst) ending within 14, 28 and 150
 * days, each linking to its company's contracts. A failure says so here and leaves the rest of the
 * dashboard alone.
 */
export function RenewalsPanel() {
  const alerts = useRenewalAlerts();
  const groups = groupRenewals(alerts.data ?? []);
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
        groups.map(({ window, alerts: inWindow }) => <RenewalWindow key={window} window={window} alerts={inWindow} />)
      )}
    </section>
  );
}

/** One window's alerts: the first RENEWALS_SHOWN, and the rest after "Show all". */
function RenewalWindow({ window, alerts }: { window: number; alerts: RenewalAlert[] }) {
  const [all, setAll] = useState(false);
  const list = useRef<HTMLUListElement>(null);
  const shown = all ? alerts : alerts.slice(0, RENEWALS_SHOWN);
  const count = alerts.length.toLocaleString("en-US");
  // The button goes once pressed: the keyboard carries on at the first alert it brought.
  useEffect(() => {
    if (all) {
      list.current?.querySelectorAll("a")[RENEWALS_SHOWN]?.focus();
    }
  }, [all]);
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
      {shown.length < alerts.length && (
        <Button
          variant="minimal"
          size="small"
          text={T.showAllRenewals(count)}
          aria-label={T.showAllRenewalsOf(count, T.renewalWindows[window] ?? "")}
          onClick={() => setAll(true)}
        />
      )}
    </div>
  );
}
