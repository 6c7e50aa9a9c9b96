import { useState, type FormEvent } from "react";

import { Button, DialogBody, FormGroup, InputGroup, Intent } from "@blueprintjs/core";
import { Code } from "@connectrpc/connect";

import { hasCode, serverMessage } from "../../api/errors";
import { FormError, ModalDialog, SubmitFooter } from "../../components/FormDialogParts";
import type { StatementRow } from "../../gen/eris/contracts/v1/statements_pb";
import { formatMoney } from "../../lib/records/contractFormat";
import { toast } from "../../lib/toaster";
import { dateMonth, thisMonth } from "./commissionFormat";
import { useLinkStatementRow } from "./commissionQueries";
import { MonthSelect } from "./MonthSelect";
import { LINK_TEXTS } from "./texts";

const T = LINK_TEXTS;

export interface LinkRowDialogProps {
  statementId: bigint;
  row: StatementRow;
  onClose: () => void;
}

/** The contracts a row's suggestions offer, once each. */
function suggestedContracts(row: StatementRow) {
  const seen = new Set<bigint>();
  return row.suggestions.filter((s) => s.contractId !== 0n && !seen.has(s.contractId) && seen.add(s.contractId));
}

/**
 * Link (Management and Admin): a row to a contract of the statement's supplier and a projected month
 * (the row's month to start with), then applied. The suggestions' contracts are offered as quick picks.
 */
export function LinkRowDialog({ statementId, row, onClose }: LinkRowDialogProps) {
  const link = useLinkStatementRow();
  const start = dateMonth(row.month) ?? dateMonth(row.line?.periodStart) ?? thisMonth();
  const [contractText, setContractText] = useState(row.contractId !== 0n ? String(row.contractId) : "");
  const [month, setMonth] = useState(start.month);
  const [year, setYear] = useState(String(start.year));
  const [error, setError] = useState<string | null>(null);
  const contractValid = /^[1-9]\d{0,18}$/.test(contractText.trim());
  const yearValid = /^\d{4}$/.test(year.trim());
  const canLink = contractValid && yearValid && !link.isPending;
  const picks = suggestedContracts(row);

  async function handleSubmit(event: FormEvent) {
    event.preventDefault();
    if (!canLink) {
      return;
    }
    setError(null);
    try {
      await link.mutateAsync({
        statementId,
        rowNumber: row.rowNumber,
        contractId: BigInt(contractText.trim()),
        projectedMonth: month,
        projectedYear: Number(year.trim()),
      });
      void toast.success(T.linked(row.rowNumber));
      onClose();
    } catch (err) {
      // The server's words name what is wrong with the contract or month chosen.
      const known = hasCode(err, Code.InvalidArgument, Code.FailedPrecondition, Code.Aborted, Code.NotFound);
      setError(known ? serverMessage(err) : `${T.failed} ${serverMessage(err)}`.trim());
    }
  }

  return (
    <ModalDialog
      title={T.title(row.rowNumber)}
      icon="link"
      style={{ width: 520 }}
      canOutsideClickClose={!link.isPending}
      canEscapeKeyClose={!link.isPending}
      onClose={onClose}
    >
      <form onSubmit={handleSubmit} noValidate>
        <DialogBody>
          <p>{T.intro(row.line?.accountNumber ?? "", formatMoney(row.line?.amount ?? ""))}</p>
          {picks.length > 0 && (
            <FormGroup label={T.suggested}>
              <div className="eris-commission-picks" role="group" aria-label={T.suggested}>
                {picks.map((s) => (
                  <Button
                    key={String(s.contractId)}
                    small
                    text={`#${s.contractId} · ${s.companyName}`}
                    title={s.reason}
                    active={contractText.trim() === String(s.contractId)}
                    onClick={() => setContractText(String(s.contractId))}
                  />
                ))}
              </div>
            </FormGroup>
          )}
          <FormGroup
            label={T.contractId}
            labelFor="link-contract"
            intent={contractText !== "" && !contractValid ? Intent.DANGER : Intent.NONE}
            helperText={contractText !== "" && !contractValid ? T.contractIdInvalid : undefined}
          >
            <InputGroup id="link-contract" inputMode="numeric" value={contractText} onValueChange={setContractText} />
          </FormGroup>
          <div className="eris-commission-pair">
            <FormGroup label={T.projectedMonth} labelFor="link-month">
              <MonthSelect id="link-month" value={month} onChange={setMonth} />
            </FormGroup>
            <FormGroup label={T.projectedYear} labelFor="link-year">
              <InputGroup
                id="link-year"
                inputMode="numeric"
                value={year}
                intent={yearValid ? Intent.NONE : Intent.DANGER}
                onValueChange={setYear}
              />
            </FormGroup>
          </div>
          <FormError message={error} />
        </DialogBody>
        <SubmitFooter
          cancelText={T.cancel}
          submitText={T.link}
          busy={link.isPending}
          canSubmit={canLink}
          onCancel={onClose}
        />
      </form>
    </ModalDialog>
  );
}
