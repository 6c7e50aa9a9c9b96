import { Callout, Intent } from "@blueprintjs/core";
import { Link } from "react-router";

import { formatMoney } from "../../lib/records/contractFormat";
import { useStatementSummary } from "./commissionQueries";
import { COMMISSIONS_PATH } from "./paths";
import { SUMMARY_TEXTS } from "./texts";

/**
 * The dashboard's line for Management: statements with rows still unmatched and the projected
 * payments not received, linking to /Commissions. Nothing shows while it loads or when it fails.
 */
export function StatementSummaryLine() {
  const summary = useStatementSummary();
  const data = summary.data;
  if (!data || summary.isError) {
    return null;
  }
  const outstanding = data.unreconciledStatements > 0 || data.missingPayments > 0;
  return (
    <Callout
      compact
      icon="bank-account"
      intent={outstanding ? Intent.WARNING : Intent.NONE}
      className="eris-commission-summary"
      aria-label={SUMMARY_TEXTS.label}
      role="region"
    >
      <Link to={COMMISSIONS_PATH}>
        {SUMMARY_TEXTS.line(data.unreconciledStatements, data.missingPayments, formatMoney(data.missingAmount))}
      </Link>
    </Callout>
  );
}
