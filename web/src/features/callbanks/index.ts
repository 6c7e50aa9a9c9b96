/** The public surface of callbanks: the only module other features import from. */
export { AssignCompaniesDialog } from "./AssignCompaniesDialog";
export { CallBankDialog } from "./CallBankDialog";
export { useDeleteCallBank } from "./callBankQueries";
export { CallBankInfoButton, CallBanksView } from "./CallBanksView";
export { useCompanySearchPage } from "./companyQueries";
export { Pager } from "./Pager";
export { CALL_BANK_TEXTS } from "./texts";
