import { Spinner } from "@blueprintjs/core";
import { useParams } from "react-router";

import { useCompany } from "../../api/companies";
import { parseCompanyId } from "../../lib/companyRoutes";
import { CompanyDetails } from "./CompanyDetails";
import { COMPANY_TEXTS } from "./texts";

/** /LeadTabs/:leadId/details (and the tabs' index): the company's form once it is loaded. */
export function CompanyDetailsPage() {
  const companyId = parseCompanyId(useParams().leadId) ?? 0n;
  const company = useCompany(companyId);
  if (company.isPending) {
    return <Spinner aria-label={COMPANY_TEXTS.loading} />;
  }
  // The tab layout shows "not found" and load failures.
  if (!company.data) {
    return null;
  }
  // One autosaver per company: switching company starts afresh.
  return <CompanyDetails key={String(companyId)} company={company.data} />;
}
