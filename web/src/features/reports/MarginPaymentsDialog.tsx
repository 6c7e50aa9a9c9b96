import { Button, DialogBody, DialogFooter, HTMLTable, NonIdealState, Spinner } from "@blueprintjs/core";

import { ModalDialog } from "../../components/FormDialogParts";
import { ScrollRegion } from "../../components/ScrollRegion";
import type { MarginRow } from "../../gen/eris/reporting/v1/reporting_pb";
import { PAYMENT_COLUMNS } from "../payments";
import { useContractMarginPayments } from "./reportQueries";
import { MARGIN_TEXTS } from "./texts";

const T = MARGIN_TEXTS;

export interface MarginPaymentsDialogProps {
  /** The row whose contract's payments are listed. */
  row: MarginRow;
  onClose: () => void;
}

/** A contract's payments, read only, from a Margin Builder row; Escape or Close closes it. */
export function MarginPaymentsDialog({ row, onClose }: MarginPaymentsDialogProps) {
  const payments = useContractMarginPayments(row.contractId);
  const title = T.paymentsOf(row.customerName);
  return (
    <ModalDialog
      isOpen
      title={title}
      icon="dollar"
      style={{ width: 1200, maxWidth: "calc(100vw - 40px)" }}
      onClose={onClose}
    >
      <DialogBody>
        {payments.isPending ? (
          <Spinner size={30} />
        ) : payments.isError ? (
          <NonIdealState
            icon="error"
            title={T.paymentsFailed}
            action={<Button icon="refresh" text={T.retry} onClick={() => void payments.refetch()} />}
          />
        ) : payments.data.length === 0 ? (
          <NonIdealState icon="dollar" title={T.noPayments} />
        ) : (
          <ScrollRegion className="eris-report-scroll" label={title}>
            <HTMLTable striped compact className="eris-table eris-report-table" aria-label={title}>
              <thead>
                <tr>
                  {PAYMENT_COLUMNS.map((column) => (
                    <th key={column.key} className={column.numeric ? "eris-numeric" : undefined}>
                      {column.header}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {payments.data.map((payment) => (
                  <tr key={String(payment.paymentId)} data-payment-id={String(payment.paymentId)}>
                    {PAYMENT_COLUMNS.map((column) => (
                      <td key={column.key} className={column.numeric ? "eris-numeric" : undefined}>
                        {column.text(payment)}
                      </td>
                    ))}
                  </tr>
                ))}
              </tbody>
            </HTMLTable>
          </ScrollRegion>
        )}
      </DialogBody>
      <DialogFooter actions={<Button text={T.close} onClick={onClose} />} />
    </ModalDialog>
  );
}
