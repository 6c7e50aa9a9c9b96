import { useState, type ReactNode } from "react";

import { Button, Callout, H4, Intent, NonIdealState, Spinner, Tag } from "@blueprintjs/core";
import { Code } from "@connectrpc/connect";
import { Link } from "react-router";

import { hasCode, serverMessage } from "../../api/errors";
import { useUserDirectory } from "../../api/userDirectory";
import { useBusinessTimeZone } from "../../app/auth/SessionContext";
import { ConfirmDialog } from "../../components/ConfirmDialog";
import { StatementStatus, type Statement, type StatementRow } from "../../gen/eris/contracts/v1/statements_pb";
import { formatDateTime } from "../../lib/dateText";
import { formatMoney } from "../../lib/records/contractFormat";
import { formatPercent } from "../../lib/records/paymentFormat";
import { toast } from "../../lib/toaster";
import { BucketView, canLinkRow } from "./BucketView";
import { monthLabel, statusLabel, type BucketTab } from "./commissionFormat";
import { useRevertStatement, useStatement } from "./commissionQueries";
import { LinkRowDialog } from "./LinkRowDialog";
import { COMMISSIONS_PATH } from "./paths";
import { COMMISSION_TEXTS, DETAIL_TEXTS } from "./texts";

const T = DETAIL_TEXTS;
const F = T.fields;
const DETAIL_TABS: readonly BucketTab[] = ["matched", "shortOver", "unmatched", "duplicate", "linked", "missing"];

export interface StatementDetailProps {
  statementId: bigint;
  /** Whether the signed-in user may link rows and revert (Management and Admin). */
  canChange: boolean;
}

/**
 * A statement: who imported it and when, its totals, its rows by bucket with the payments it left
 * missing; Link on unmatched and short or over rows, and Revert while it is applied.
 */
export function StatementDetail({ statementId, canChange }: StatementDetailProps) {
  const statement = useStatement(statementId);
  const revert = useRevertStatement();
  const [linking, setLinking] = useState<StatementRow | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const data = statement.data;
  const head = data?.statement;

  async function runRevert() {
    setRefusal(null);
    try {
      const answer = await revert.mutateAsync(statementId);
      void toast.success(T.reverted(answer.paymentsRestored));
    } catch (err) {
      // Refused because a payment changed since (or the statement is no longer applied): the server says which.
      setRefusal(
        hasCode(err, Code.FailedPrecondition, Code.Aborted)
          ? serverMessage(err)
          : `${T.revertFailed} ${serverMessage(err)}`.trim(),
      );
    } finally {
      setConfirming(false);
    }
  }

  return (
    <div className="eris-commission-detail">
      <Link to={COMMISSIONS_PATH}>{T.back}</Link>
      {statement.isPending ? (
        <Spinner aria-label={T.loading} />
      ) : !head ? (
        <NonIdealState
          icon="error"
          title={statement.isError && !hasCode(statement.error, Code.NotFound) ? T.loadFailed : T.notFound}
          action={
            statement.isError ? (
              <Button text={COMMISSION_TEXTS.retry} icon="refresh" onClick={() => void statement.refetch()} />
            ) : undefined
          }
        />
      ) : (
        <>
          <div className="eris-toolbar">
            <H4 className="eris-commission-heading">{T.title(String(head.statementId))}</H4>
            <span className="eris-spacer" />
            {canChange && head.status === StatementStatus.APPLIED && (
              <Button icon="undo" intent={Intent.DANGER} text={T.revert} onClick={() => setConfirming(true)} />
            )}
          </div>
          {refusal && (
            <Callout intent={Intent.DANGER} role="alert" className="eris-form-error">
              <span className="eris-message">{refusal}</span>
            </Callout>
          )}
          <StatementHeader statement={head} />
          <BucketView
            statement={head}
            rows={data.rows}
            missing={data.missing}
            tabs={DETAIL_TABS}
            onLink={canChange && head.status === StatementStatus.APPLIED ? setLinking : undefined}
          />
        </>
      )}
      {linking && canLinkRow(linking) && (
        <LinkRowDialog statementId={statementId} row={linking} onClose={() => setLinking(null)} />
      )}
      <ConfirmDialog
        isOpen={confirming}
        confirmText={T.revertYes}
        cancelText={T.cancel}
        icon="undo"
        loading={revert.isPending}
        onConfirm={() => void runRevert()}
        onCancel={() => setConfirming(false)}
      >
        {T.revertConfirm}
      </ConfirmDialog>
    </div>
  );
}

/** The statement's facts and totals, as a description list. */
function StatementHeader({ statement: s }: { statement: Statement }) {
  const directory = useUserDirectory();
  const timeZone = useBusinessTimeZone();
  const who = (userId: bigint, when: Statement["importedAt"]) =>
    COMMISSION_TEXTS.importedBy(formatDateTime(when, timeZone), directory.nameOf(userId));
  const facts: [string, ReactNode][] = [
    [F.supplier, s.supplierName],
    [F.file, s.fileName],
    [
      F.status,
      <Tag key="status" minimal intent={s.status === StatementStatus.REVERTED ? Intent.WARNING : Intent.SUCCESS}>
        {statusLabel(s.status)}
      </Tag>,
    ],
    [F.imported, who(s.importedBy, s.importedAt)],
    ...(s.status === StatementStatus.REVERTED
      ? [[F.reverted, who(s.revertedBy, s.revertedAt)] as [string, string]]
      : []),
    [F.paymentMonth, monthLabel({ year: s.paymentYear, month: s.paymentMonth })],
    [F.tolerance, formatPercent(s.tolerancePercent)],
    [F.received, formatMoney(s.receivedTotal)],
    [F.applied, formatMoney(s.appliedTotal)],
    [F.expected, formatMoney(s.expectedTotal)],
    [F.missing, T.missingTotal(s.missing, formatMoney(s.missingTotal))],
  ];
  return (
    <dl className="eris-commission-facts">
      {facts.map(([label, value]) => (
        <div key={label}>
          <dt>{label}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}
