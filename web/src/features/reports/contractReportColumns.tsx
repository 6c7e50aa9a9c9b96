import { Link } from "react-router";

import type { ContractReportRow } from "../../gen/eris/reporting/v1/reporting_pb";
import { companyContractsPath } from "../../lib/companyRoutes";
import { contactHref } from "../../lib/contactLinks";
import { formatDate } from "../../lib/dateText";
import { formatRate, formatVolume } from "../../lib/records/contractFormat";
import { statusLabel } from "../../lib/records/contractTexts";
import type { ReportColumn } from "./ReportResults";
import { CONTRACT_REPORT_TEXTS } from "./texts";

type ContractColumnId = keyof typeof CONTRACT_REPORT_TEXTS.columns;
type Column = ReportColumn<ContractReportRow>;

const C = CONTRACT_REPORT_TEXTS.columns;

/** A column of text, shown whole on hover and exported as shown. */
function text(id: ContractColumnId, width: number, value: (row: ContractReportRow) => string): Column {
  return { id, header: C[id], width, render: value, title: value, csv: value };
}

/** A date column: MM/DD/YYYY, in the table and the export. */
function date(id: ContractColumnId, value: (row: ContractReportRow) => ContractReportRow["startDate"]): Column {
  const shown = (row: ContractReportRow) => formatDate(value(row));
  return { id, header: C[id], width: 104, render: shown, csv: shown };
}

/** A number column: formatted in the table, as the server gave it in the export. */
function number(
  id: ContractColumnId,
  width: number,
  value: (row: ContractReportRow) => string,
  format: (value: string) => string = (v) => v,
): Column {
  return { id, header: C[id], width, numeric: true, render: (row) => format(value(row)), csv: value };
}

/** Every column of the contract reports, by the spec's names; each report picks its own. */
const CONTRACT_REPORT_COLUMNS: Record<ContractColumnId, Column> = {
  name: {
    id: "name",
    header: C.name,
    width: 220,
    pinned: true,
    render: (row) => <Link to={companyContractsPath(row.companyId)}>{row.companyName}</Link>,
    title: (row) => row.companyName,
    csv: (row) => row.companyName,
  },
  dateSigned: date("dateSigned", (row) => row.dateSigned),
  closer1: text("closer1", 140, (row) => row.closer1),
  analyst: text("analyst", 140, (row) => row.analyst),
  affiliate: text("affiliate", 130, (row) => row.affiliate),
  commodity: text("commodity", 100, (row) => row.commodity),
  utility: text("utility", 150, (row) => row.utility),
  state: text("state", 70, (row) => row.state),
  supplier: text("supplier", 160, (row) => row.supplier),
  startDate: date("startDate", (row) => row.startDate),
  endDate: date("endDate", (row) => row.endDate),
  termLength: number("termLength", 100, (row) => (row.termMonths ? String(row.termMonths) : "")),
  contractRate: number("contractRate", 120, (row) => row.contractRate, formatRate),
  contractType: text("contractType", 120, (row) => row.contractType),
  billingType: text("billingType", 170, (row) => row.billingType),
  taxExempt: text("taxExempt", 100, (row) => row.taxExempt),
  accountCount: number("accountCount", 120, (row) => String(row.accountCount)),
  annualVolume: number("annualVolume", 190, (row) => row.annualVolume, formatVolume),
  previousStatus: text("previousStatus", 150, (row) => statusLabel(row.previousStatus)),
  contactFirstName: text("contactFirstName", 150, (row) => row.contactFirstName),
  contactLastName: text("contactLastName", 150, (row) => row.contactLastName),
  contactEmail: {
    id: "contactEmail",
    header: C.contactEmail,
    width: 220,
    render: (row) => {
      const href = contactHref(row.contactEmail);
      return href?.startsWith("mailto:") ? <a href={href}>{row.contactEmail}</a> : row.contactEmail;
    },
    title: (row) => row.contactEmail,
    csv: (row) => row.contactEmail,
  },
};

/** A report's columns, in the order given. */
export function contractColumns(ids: readonly ContractColumnId[]): Column[] {
  return ids.map((id) => CONTRACT_REPORT_COLUMNS[id]);
}

/** A contract report's row key and attributes (data-contract-id, for tests and end-to-end specs). */
export const contractRowKey = (row: ContractReportRow) => String(row.contractId);
export const contractRowAttributes = (row: ContractReportRow) => ({ "data-contract-id": String(row.contractId) });
