/** The details tab of a company. */
export function companyDetailsPath(companyId: bigint | string): string {
  return `/LeadTabs/${companyId}/details`;
}

/** The company tabs that keep their tab when the drawer switches company (the spec's "_" routes). */
const KEPT_TABS = ["contractsBETA"] as const;

/**
 * Where picking a company in the search drawer goes: its details, except that a kept tab
 * (/LeadTabs/{x}/contractsBETA) stays on the same tab of the new company.
 */
export function drawerTargetPath(currentPath: string, companyId: bigint | string): string {
  const match = /^\/LeadTabs\/[^/]+\/([^/]+)\/?$/.exec(currentPath);
  const tab = match ? KEPT_TABS.find((kept) => kept === match[1]) : undefined;
  return tab ? `/LeadTabs/${companyId}/${tab}` : companyDetailsPath(companyId);
}

/** A company id from the address; null when it cannot be one. */
export function parseCompanyId(text: string | undefined): bigint | null {
  return text && /^[1-9]\d{0,18}$/.test(text) ? BigInt(text) : null;
}

/** The company's contracts tab (/LeadTabs/{companyId}/contracts). */
export function companyContractsPath(companyId: bigint): string {
  return `/LeadTabs/${companyId}/contracts`;
}
