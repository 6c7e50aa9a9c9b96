import { PrimaryStatus } from "../../gen/eris/crm/v1/crm_pb";

/** The three commodities a company can buy; each has a primary status, secondary statuses and an area. */
export type Commodity = "electric" | "gas" | "dr";

export const PRIMARY_STATUS_LABELS: Record<PrimaryStatus, string> = {
  [PrimaryStatus.UNSPECIFIED]: "",
  [PrimaryStatus.PROSPECT]: "Prospect",
  [PrimaryStatus.OPPORTUNITY]: "Opportunity",
  [PrimaryStatus.CUSTOMER]: "Customer",
  [PrimaryStatus.FORMER_CUSTOMER]: "Former Customer",
  [PrimaryStatus.DEAD]: "Dead",
};

/** The primary statuses in the spec's order (UNSPECIFIED, "none", is offered separately). */
export const PRIMARY_STATUS_CHOICES: readonly PrimaryStatus[] = [
  PrimaryStatus.PROSPECT,
  PrimaryStatus.OPPORTUNITY,
  PrimaryStatus.CUSTOMER,
  PrimaryStatus.FORMER_CUSTOMER,
  PrimaryStatus.DEAD,
];

export function primaryStatusLabel(status: PrimaryStatus): string {
  return PRIMARY_STATUS_LABELS[status] ?? "";
}

/** A commodity's statuses on one line: "Prospect (New, Hot Lead)", or "" when there is none. */
export function statusText(primary: PrimaryStatus, secondary: readonly string[]): string {
  const label = primaryStatusLabel(primary);
  if (label === "") {
    return "";
  }
  return secondary.length > 0 ? `${label} (${secondary.join(", ")})` : label;
}

/** Electric and gas secondary statuses per primary status (spec section 4). */
const SECONDARY_OPTIONS: Record<PrimaryStatus, readonly string[]> = {
  [PrimaryStatus.UNSPECIFIED]: [],
  [PrimaryStatus.PROSPECT]: ["New", "Hot Lead", "Research Needed", "Under Contract"],
  [PrimaryStatus.OPPORTUNITY]: ["New", "Pricing Sent", "Contract Sent", "On Hold", "Lost", "Under Contract"],
  [PrimaryStatus.CUSTOMER]: ["Contracted - New", "Contracted - Renewal"],
  [PrimaryStatus.FORMER_CUSTOMER]: ["Under Contract"],
  [PrimaryStatus.DEAD]: [
    "Utilities Controlled by Landlord",
    "Utilities Controlled by Corporate",
    "Permanently Closed",
    "No Opportunity",
  ],
};

/** DR secondary statuses: the same list whatever DR primary status is set. */
export const DR_SECONDARY_OPTIONS: readonly string[] = [
  "New",
  "Contract Sent",
  "Under Contract",
  "Registered",
  "Not Registered",
];

/** The secondary statuses a commodity offers under this primary status; none without a primary. */
export function secondaryOptions(commodity: Commodity, primary: PrimaryStatus): readonly string[] {
  if (primary === PrimaryStatus.UNSPECIFIED) {
    return [];
  }
  if (commodity === "dr") {
    return DR_SECONDARY_OPTIONS;
  }
  const options = SECONDARY_OPTIONS[primary];
  if (!options) {
    // The spec's "unknown -> Error": a status this screen does not know is a programming error.
    throw new Error(`Unknown primary status ${String(primary)}`);
  }
  return options;
}

/** Every electric/gas secondary status, for filters that are not tied to one primary status. */
export const ALL_SECONDARY_OPTIONS: readonly string[] = Array.from(
  new Set(PRIMARY_STATUS_CHOICES.flatMap((primary) => SECONDARY_OPTIONS[primary])),
);

/** An area (a utility) can be chosen only while that commodity's primary status is Prospect. */
export function isAreaEnabled(primary: PrimaryStatus): boolean {
  return primary === PrimaryStatus.PROSPECT;
}

/** The status fields of one commodity, as the forms hold them. */
export interface CommodityStatus {
  primary: PrimaryStatus;
  secondary: readonly string[];
}

/** A new primary status clears that commodity's secondary statuses (the server does the same). */
export function changePrimary(current: CommodityStatus, primary: PrimaryStatus): CommodityStatus {
  if (primary === current.primary) {
    return current;
  }
  return { primary, secondary: [] };
}
