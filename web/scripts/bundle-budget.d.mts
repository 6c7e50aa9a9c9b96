/** The page module whose chunk the dashboard loads besides the entry's. */
export const DASHBOARD_PAGE: string;
