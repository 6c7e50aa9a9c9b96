import type { ReactNode } from "react";

import { Button, Classes, DialogBody, DialogFooter, Intent } from "@blueprintjs/core";
import { Link } from "react-router";

import { useSuppliers } from "../../api/suppliers";
import { ModalDialog } from "../../components/FormDialogParts";
import type { Rfp } from "../../gen/eris/sourcing/v1/rfps_pb";
import { commodityLabel } from "../../lib/commodity";
import { formatDate } from "../../lib/dateText";
import { toast } from "../../lib/toaster";
import { useDownloadRfp } from "./rfpReportQueries";
import { addressLine, companyRfpsPath, formatReturn, outcomeLabel, supplierNames, termsText } from "./rfpText";
import { RFP_REPORT_TEXTS } from "./texts";

import "./rfpReport.css";

const T = RFP_REPORT_TEXTS.details;

export interface RfpDetailsDialogProps {
  rfp: Rfp;
  onClose: () => void;
}

/**
 * One RFP, read-only: its company (a link to the company's RFPs tab), what is priced, for whom and by
 * when, and its spreadsheet to download. Opened from the RFPs report and the Dashboard calendar.
 */
export function RfpDetailsDialog({ rfp, onClose }: RfpDetailsDialogProps) {
  const { data: suppliers } = useSuppliers();
  const download = useDownloadRfp();

  const rows: [string, ReactNode][] = [
    [
      T.company,
      <Link key="company" to={companyRfpsPath(rfp.companyId)} onClick={onClose}>
        {rfp.companyName}
      </Link>,
    ],
    [T.len, rfp.len],
    [T.address, addressLine(rfp)],
    [T.commodity, commodityLabel(rfp.commodity)],
    [T.startDate, formatDate(rfp.startDate)],
    [T.returnDate, formatReturn(rfp)],
    [T.suppliers, supplierNames(rfp.supplierIds, suppliers)],
    [T.terms, termsText(rfp.terms)],
    [T.products, rfp.products.join(", ")],
    [T.fee, rfp.fee],
    [T.accounts, rfp.accountIds.length.toLocaleString("en-US")],
    [T.outcome, outcomeLabel(rfp.outcome)],
  ];

  return (
    <ModalDialog
      isOpen
      title={T.title}
      icon="send-message"
      style={{ width: 560, maxWidth: "calc(100vw - 40px)" }}
      onClose={onClose}
    >
      <DialogBody>
        <dl className="eris-rfp-details" data-rfp-id={String(rfp.rfpId)}>
          {rows.map(([label, value]) => (
            <div key={label} className="eris-rfp-detail">
              <dt>{label}</dt>
              <dd className={value === "" ? Classes.TEXT_MUTED : undefined}>{value === "" ? T.none : value}</dd>
            </div>
          ))}
        </dl>
      </DialogBody>
      <DialogFooter
        actions={
          <>
            <Button text={T.close} onClick={onClose} />
            <Button
              intent={Intent.PRIMARY}
              icon="download"
              text={T.download}
              loading={download.isPending}
              onClick={() =>
                download.mutate(rfp.rfpId, { onError: () => void toast.error(RFP_REPORT_TEXTS.downloadFailed) })
              }
            />
          </>
        }
      />
    </ModalDialog>
  );
}
