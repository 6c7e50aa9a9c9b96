/** Texts of the account finder (/Accounts); the quoted messages are the spec's, word for word. */
export const ACCOUNT_SEARCH_TEXTS = {
  title: "Accounts",
  search: "Find an account",
  region: "Account search",
  placeholder: "Account #, site name or utility…",
  hint: "Type at least 2 characters of an account number, a site name or a utility.",
  keys: "↑ ↓ to choose, Enter to open the account's company.",
  noMatch: "No accounts match.",
  loadFailed: "error fetching accounts",
  loadMore: "Load more",
  results: "Accounts found",
  shown: (count: number, more: boolean) => `${count.toLocaleString("en-US")}${more ? "+" : ""} found`,
  columns: {
    company: "Company",
    siteName: "Site Name",
    accountNumber: "Account #",
    utility: "Utility",
    commodity: "Commodity",
  },
  utility: (id: bigint) => `Utility ${id}`,
} as const;
