/** Every contract list (a company's, the Contracts page's) starts with this key: one invalidation refreshes all. */
export const contractsKey = ["contracts"] as const;
