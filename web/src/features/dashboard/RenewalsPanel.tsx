import { Classes, H5, H6, Intent, NonIdealState, Spinner, Tag, Text } from "@blueprintjs/core";
import { Link } from "react-router";

import type { RenewalAlert } from "../../gen/eris/reporting/v1/reporting_pb";
import { companyContractsPath } from "../../lib/companyRoutes";
import { formatDate } from "../../lib/dateText";
import { useRenewalAlerts } from "../reports";
import { DASHBOARD_TEXTS } from "./texts";

const T = DASHBOARD_TEXTS;

/** The alert windows, soonest first (days). */
export const RENEWAL_WINDOWS = [14, 28, 150] as const;

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
        groups.map(({ window, alerts: inWindow }) => (
          <div key={window} className="eris-renewals-group">
            <H6 id={`renewals-${window}`}>{T.renewalWindows[window]}</H6>
            <ul aria-labelledby={`renewals-${window}`}>
              {inWindow.map((alert) => (
                <li key={String(alert.contractId)} data-contract-id={String(alert.contractId)}>
                  <div className="eris-renewals-line">
                    <Link to={companyContractsPath(alert.companyId)}>{alert.companyName}</Link>
                    <Tag
                      minimal
                      className="eris-renewals-days"
                      intent={window === 14 ? Intent.DANGER : window === 28 ? Intent.WARNING : Intent.NONE}
                    >
                      {T.daysLeft(alert.daysLeft)}
                    </Tag>
                  </div>
                  <div className={Classes.TEXT_MUTED}>
                    {[alert.commodity, alert.supplier, T.endsOn(formatDate(alert.endDate))].filter(Boolean).join(" · ")}
                  </div>
                </li>
              ))}
            </ul>
          </div>
        ))
      )}
    </section>
  );
}
