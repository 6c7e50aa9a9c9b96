/** The account finder: accounts by number, site name or utility across every company one may see. */
export const ACCOUNT_FINDER_PATH = "/Accounts";

/**
 * The search param of a company's accounts tab, and of the account finder (/Accounts) that links
 * to it: both keep their search text under this name.
 */
export const ACCOUNT_SEARCH_PARAM = "search";

/** The accounts tab of a company, searching for `search` when given (e.g. an account number). */
export function accountsTabPath(companyId: bigint | string, search = ""): string {
  const path = `/LeadTabs/${companyId}/accounts`;
  return search === "" ? path : `${path}?${new URLSearchParams({ [ACCOUNT_SEARCH_PARAM]: search }).toString()}`;
}
