/** The public surface of accounts: the only module other features import from. */
export { commodityText } from "./accountColumns";
export { ACCOUNT_TEXTS } from "./texts";
