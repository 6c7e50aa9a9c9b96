/** Texts of the shell and the route-level pages. */
export const SHELL_TEXTS = {
  brand: "Eris",
  expandMenu: "Expand menu",
  collapseMenu: "Collapse menu",
  mainMenu: "Main menu",
  settings: "Settings",
  logout: "Logout",
  companySearch: "Company search",
  searchByName: "Search by name",
  notFoundTitle: "Page not found",
  notFoundBody: "There is no page at this address.",
  backToDashboard: "Go to the Dashboard",
  noAccessTitle: "No access",
  noAccess: "You do not have access to this page.",
  loading: "Loading…",
} as const;
