import { PrimaryStatus, type Company } from "../../gen/eris/crm/v1/crm_pb";

/** Primary status names (spec section 4). */
export const PRIMARY_STATUS_LABELS: Record<PrimaryStatus, string> = {
  [PrimaryStatus.UNSPECIFIED]: "",
  [PrimaryStatus.PROSPECT]: "Prospect",
  [PrimaryStatus.OPPORTUNITY]: "Opportunity",
  [PrimaryStatus.CUSTOMER]: "Customer",
  [PrimaryStatus.FORMER_CUSTOMER]: "Former Customer",
  [PrimaryStatus.DEAD]: "Dead",
};

/** "Prospect (New, Hot Lead)", or "" when there is no status. */
export function statusText(primary: PrimaryStatus, secondary: readonly string[]): string {
  const label = PRIMARY_STATUS_LABELS[primary] ?? "";
  if (label === "") {
    return "";
  }
  return secondary.length > 0 ? `${label} (${secondary.join(", ")})` : label;
}

/** A decimal string with thousands separators, 2 decimals when fractional (spec section 9). */
export function formatUsage(value: string): string {
  const text = value.replace(/,/g, "").trim();
  if (text === "") {
    return "";
  }
  const n = Number(text);
  if (!Number.isFinite(n)) {
    return value;
  }
  const fractional = !Number.isInteger(n);
  return new Intl.NumberFormat("en-US", {
    minimumFractionDigits: fractional ? 2 : 0,
    maximumFractionDigits: fractional ? 2 : 0,
  }).format(n);
}

/** The company's address on one line. */
export function addressLine(company: Pick<Company, "address" | "city" | "state" | "zip">): string {
  const cityState = [company.city, company.state].filter(Boolean).join(", ");
  return [company.address, [cityState, company.zip].filter(Boolean).join(" ")].filter(Boolean).join(", ");
}
