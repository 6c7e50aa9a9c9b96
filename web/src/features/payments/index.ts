/** The public surface of payments: the only module other features import from. */
export { BetaPaymentsPanel } from "./BetaPaymentsPanel";
export { DrPaymentsDialog } from "./DrPaymentsDialog";
export { PAYMENT_COLUMNS } from "./paymentColumns";
export { PaymentsDialog } from "./PaymentsDialog";
export { PAYMENT_UI_TEXTS } from "./texts";
