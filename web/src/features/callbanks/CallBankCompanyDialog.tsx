import { Classes, DialogBody, DialogFooter, Button, Icon, Radio, RadioGroup, Spinner } from "@blueprintjs/core";
import { Link } from "react-router";

import { ModalDialog } from "../../components/FormDialogParts";
import { CallBankCompanyStatus, type CallBankCompany } from "../../gen/eris/crm/v1/call_banks_pb";
import { companyDetailsPath } from "../../lib/companyRoutes";
import { formatDecimal } from "../../lib/numberText";
import { statusText } from "../../lib/records/companyStatuses";
import { COMPANY_STATUS_CHOICES, COMPANY_STATUS_LABELS } from "./callBankForm";
import { CALL_BANK_TEXTS } from "./texts";

export interface CallBankCompanyDialogProps {
  entry: CallBankCompany;
  nameOf: (userId: bigint) => string;
  /** True while a status change is being saved. */
  saving: boolean;
  onStatusChange: (status: CallBankCompanyStatus) => void;
  onClose: () => void;
}

/** A call bank company's details, where its call status is set Open or Closed. */
export function CallBankCompanyDialog({ entry, nameOf, saving, onStatusChange, onClose }: CallBankCompanyDialogProps) {
  const company = entry.company;
  const t = CALL_BANK_TEXTS;
  const rows: [string, string][] = company
    ? [
        [t.address, company.address],
        [t.city, company.city],
        [t.state, company.state],
        [t.zip, company.zip],
        [t.electricStatus, statusText(company.primaryElectricStatus, company.secondaryElectricStatuses)],
        [t.gasStatus, statusText(company.primaryGasStatus, company.secondaryGasStatuses)],
        [t.drStatus, statusText(company.primaryDrStatus, company.secondaryDrStatuses)],
        [t.electricUsage, formatDecimal(company.electricUsage)],
        [t.gasUsage, formatDecimal(company.gasUsage)],
        [t.drReduction, formatDecimal(company.drReduction)],
        [t.inside, nameOf(company.insideUserId)],
        [t.closer, nameOf(company.closerUserId)],
        [t.analyst, nameOf(company.analystUserId)],
        [t.admin, nameOf(company.adminUserId)],
        [t.customerCare, nameOf(company.customerCareUserId)],
      ]
    : [];
  return (
    <ModalDialog
      isOpen
      title={company?.name ?? t.companyDetails}
      icon="office"
      style={{ width: 600 }}
      onClose={onClose}
    >
      <DialogBody>
        <RadioGroup
          label={t.callStatus}
          inline
          disabled={saving}
          selectedValue={String(entry.status)}
          onChange={(e) => onStatusChange(Number(e.currentTarget.value) as CallBankCompanyStatus)}
        >
          {COMPANY_STATUS_CHOICES.map((status) => (
            <Radio key={status} value={String(status)} label={COMPANY_STATUS_LABELS[status]} />
          ))}
        </RadioGroup>
        {saving && <Spinner size={16} />}
        <dl className="eris-detail-grid">
          {rows.map(([label, value]) => (
            <div key={label} style={{ display: "contents" }}>
              <dt>{label}</dt>
              <dd className={value ? undefined : Classes.TEXT_MUTED}>{value || "—"}</dd>
            </div>
          ))}
        </dl>
      </DialogBody>
      <DialogFooter
        actions={
          <>
            {/* A real link (opens in a new tab too) to the company's details. */}
            <Link className={`${Classes.BUTTON} ${Classes.MINIMAL}`} to={companyDetailsPath(entry.companyId)}>
              <Icon icon="office" />
              <span className={Classes.BUTTON_TEXT}>{t.openCompany}</span>
            </Link>
            <Button text={t.close} onClick={onClose} />
          </>
        }
      />
    </ModalDialog>
  );
}
