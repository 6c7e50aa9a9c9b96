import { formatDate, parseDateText } from "../../lib/dateText";
import { formatDecimal } from "../../lib/numberText";
import { COMPANY_TEXTS } from "./texts";

const F = COMPANY_TEXTS.fields;

/** People's names for Company's fields (History shows these, not the field names). */
export const FIELD_LABELS: Record<string, string> = {
  name: F.name,
  address: F.address,
  city: F.city,
  state: F.state,
  zip: F.zip,
  entry_date: "Entry Date",
  primary_electric_status: `Electric ${F.primaryStatus}`,
  secondary_electric_statuses: `Electric ${F.secondaryStatus}`,
  primary_gas_status: `Gas ${F.primaryStatus}`,
  secondary_gas_statuses: `Gas ${F.secondaryStatus}`,
  primary_dr_status: `DR ${F.primaryStatus}`,
  secondary_dr_statuses: `DR ${F.secondaryStatus}`,
  electric_contract_end_date: `Electric ${F.contractEndDate}`,
  gas_contract_end_date: `Gas ${F.contractEndDate}`,
  dr_contract_end_date: `DR ${F.contractEndDate}`,
  electric_usage: `Electric ${F.electricUsage}`,
  gas_usage: `Gas ${F.gasUsage}`,
  dr_reduction: `DR ${F.drReduction}`,
  electric_area_utility_id: `Electric ${F.area}`,
  gas_area_utility_id: `Gas ${F.area}`,
  dr_area_utility_id: `DR ${F.area}`,
  utilities: F.utilities,
  bill_management: F.billManagement,
  community_solar: F.communitySolar,
  energy_efficiency: F.energyEfficiency,
  w9: F.w9,
  inside_user_id: F.inside,
  closer_user_id: F.closer,
  analyst_user_id: F.analyst,
  admin_user_id: F.admin,
  customer_care_user_id: F.customerCare,
  support_analyst1_user_id: F.supportAnalyst1,
  support_analyst2_user_id: F.supportAnalyst2,
  affiliate: F.affiliate,
};

/** The label of a field; an unknown field name is shown in words rather than hidden. */
export function fieldLabel(field: string): string {
  return FIELD_LABELS[field] ?? field.replace(/_/g, " ").replace(/^./, (c) => c.toUpperCase());
}

/**
 * A value as History shows it. The server sends text: user and utility ids become names, dates MM/DD/YYYY,
 * numbers get separators, booleans Yes/No, and nothing reads "(empty)".
 */
export function historyValue(
  field: string,
  value: string,
  nameOf: (userId: bigint) => string,
  utilityNameOf: (utilityId: bigint) => string | undefined = () => undefined,
): string {
  if (value === "") {
    return COMPANY_TEXTS.emptyValue;
  }
  if (field.endsWith("_user_id") && /^\d+$/.test(value)) {
    return nameOf(BigInt(value)) || COMPANY_TEXTS.emptyValue;
  }
  if (field.endsWith("_area_utility_id") && /^\d+$/.test(value)) {
    return value === "0"
      ? COMPANY_TEXTS.emptyValue
      : (utilityNameOf(BigInt(value)) ?? COMPANY_TEXTS.utility(BigInt(value)));
  }
  if (field.endsWith("_date")) {
    const iso = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
    if (iso) {
      const parsed = parseDateText(`${iso[2]}/${iso[3]}/${iso[1]}`);
      return parsed.kind === "date" ? formatDate(parsed.date) : value;
    }
    return value;
  }
  if (field.endsWith("_usage") || field === "dr_reduction") {
    return formatDecimal(value);
  }
  if (value === "true" || value === "false") {
    return value === "true" ? "Yes" : "No";
  }
  return value;
}
