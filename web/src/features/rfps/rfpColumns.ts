import { RfpOutcome, type Rfp } from "../../gen/eris/sourcing/v1/rfps_pb";
import { commodityLabel } from "../../lib/commodity";
import { formatDate } from "../../lib/dateText";
import { parseDecimalText } from "../../lib/numberText";
import { formatReturnTime } from "./rfpTime";
import { OUTCOME_LABELS, RFP_TEXTS } from "./texts";

/** The tab's columns in the spec's order; the outcome follows them (not in the spec). */
export const RFP_COLUMNS = [
  "actions",
  "len",
  "commodity",
  "address",
  "city",
  "state",
  "zip",
  "returnDate",
  "startDate",
  "fee",
  "outcome",
] as const;

export type RfpColumnId = (typeof RFP_COLUMNS)[number];

/** Sales read RFPs without the Actions column. */
export function rfpColumnsFor(canEdit: boolean): RfpColumnId[] {
  return RFP_COLUMNS.filter((id) => canEdit || id !== "actions");
}

export const RFP_COLUMN_WIDTHS: Record<RfpColumnId, number> = {
  actions: 130,
  len: 180,
  commodity: 112,
  address: 170,
  city: 120,
  state: 70,
  zip: 76,
  returnDate: 116,
  startDate: 110,
  fee: 80,
  outcome: 96,
};

/** A cell's text (the actions and the outcome tag are drawn by the tab). */
export function rfpCellText(rfp: Rfp, id: Exclude<RfpColumnId, "actions">): string {
  switch (id) {
    case "commodity":
      return commodityLabel(rfp.commodity);
    case "returnDate":
      return formatDate(rfp.returnDate);
    case "startDate":
      return formatDate(rfp.startDate);
    case "fee":
      return decimalText(rfp.fee);
    case "outcome":
      return outcomeLabel(rfp.outcome);
    default:
      return rfp[id];
  }
}

/**
 * A rate or fee as stored, without the zeros a fixed scale adds ("0.005000" -> "0.005"); never
 * rounded, since a rate's last digit matters.
 */
export function decimalText(value: string): string {
  const parsed = parseDecimalText(value);
  return parsed.kind === "number" ? parsed.value : value;
}

/** The return date with its time, for the cell's hover text: "11/20/2026 by 11:00 AM". */
export function returnsByText(rfp: Rfp): string {
  const date = formatDate(rfp.returnDate);
  return date ? RFP_TEXTS.returnsBy(date, rfp.returnTime ? formatReturnTime(rfp.returnTime) : "") : "";
}

export function outcomeLabel(outcome: RfpOutcome): string {
  return OUTCOME_LABELS[outcome] ?? OUTCOME_LABELS[RfpOutcome.OPEN];
}

/** Whether the RFP is still waiting for prices or a decision (an unset outcome reads as Open). */
export function isOpen(outcome: RfpOutcome): boolean {
  return outcome === RfpOutcome.OPEN || outcome === RfpOutcome.UNSPECIFIED;
}
