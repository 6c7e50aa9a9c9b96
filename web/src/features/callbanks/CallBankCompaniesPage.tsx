import { useEffect, useState } from "react";

import { Classes, H3, HTMLTable, Intent, NonIdealState, ProgressBar, Spinner, Tag } from "@blueprintjs/core";
import { Code } from "@connectrpc/connect";
import { Link, useParams } from "react-router";

import { hasCode } from "../../api/errors";
import { useUserDirectory } from "../../api/userDirectory";
import { HOME_PATH } from "../../app/auth/guard";
import { CallBankCompanyStatus, type CallBankCompany } from "../../gen/eris/crm/v1/call_banks_pb";
import { formatDate } from "../../lib/dateText";
import { toast } from "../../lib/toaster";
import { useUrlPageTokens, useUrlParams } from "../../lib/urlState";
import { useLoadErrorToast } from "../../lib/useLoadErrorToast";
import { CallBankCompanyDialog } from "./CallBankCompanyDialog";
import { callBankStatusLabel, COMPANY_STATUS_LABELS, completionLabel } from "./callBankForm";
import { useCallBank, useCallBankCompaniesPage, useUpdateCallBankCompany } from "./callBankQueries";
import { Pager } from "./Pager";
import { CALL_BANK_TEXTS } from "./texts";

import "./callbanks.css";

/** Companies per page on the call bank companies screen. */
export const CALL_BANK_COMPANIES_PAGE_SIZE = 10;

function parseId(text: string | undefined): bigint | null {
  return text && /^\d{1,19}$/.test(text) ? BigInt(text) : null;
}

/** /callbanks/:callBankId/companies: the route wrapper, which checks the id. */
export function CallBankCompaniesPage() {
  const { callBankId } = useParams();
  const id = parseId(callBankId);
  if (id === null) {
    return <NotFoundState />;
  }
  return <CallBankCompanies key={String(id)} callBankId={id} />;
}

function NotFoundState() {
  return (
    <div className="eris-page">
      <NonIdealState
        icon="search"
        title={CALL_BANK_TEXTS.notFound}
        action={<Link to={HOME_PATH}>{CALL_BANK_TEXTS.backToDashboard}</Link>}
      />
    </div>
  );
}

interface CallBankCompaniesProps {
  callBankId: bigint;
}

/**
 * A call bank's completion and its companies, 10 a page (the page kept in the address), each opening
 * a detail dialog to set its status.
 */
function CallBankCompanies({ callBankId }: CallBankCompaniesProps) {
  const directory = useUserDirectory();
  const callBank = useCallBank(callBankId);
  const paging = useUrlPageTokens(useUrlParams(), "pt");
  const page = useCallBankCompaniesPage(callBankId, paging.token, CALL_BANK_COMPANIES_PAGE_SIZE);
  const updateStatus = useUpdateCallBankCompany();
  const [open, setOpen] = useState<CallBankCompany | null>(null);

  useLoadErrorToast(page, CALL_BANK_TEXTS.loadCompaniesFailed);

  useEffect(() => {
    if (callBank.isError && !hasCode(callBank.error, Code.NotFound, Code.PermissionDenied)) {
      void toast.error(CALL_BANK_TEXTS.loadFailed);
    }
  }, [callBank.isError, callBank.error, callBank.errorUpdatedAt]);

  if (callBank.isError && hasCode(callBank.error, Code.NotFound, Code.PermissionDenied)) {
    return <NotFoundState />;
  }

  async function changeStatus(entry: CallBankCompany, status: CallBankCompanyStatus) {
    try {
      await updateStatus.mutateAsync({ callBankId, companyId: entry.companyId, status });
      setOpen((current) => (current && current.companyId === entry.companyId ? { ...current, status } : current));
    } catch {
      void toast.error(CALL_BANK_TEXTS.statusUpdateFailed);
    }
  }

  const cb = callBank.data;
  const c = CALL_BANK_TEXTS.companyColumns;
  return (
    <div className="eris-page">
      <H3>{cb?.name ?? CALL_BANK_TEXTS.companies}</H3>
      {cb && (
        <div className="eris-callbank-summary" aria-label={CALL_BANK_TEXTS.completion} role="status">
          <span>
            {CALL_BANK_TEXTS.columns.serviceType}: {cb.serviceType}
          </span>
          <span>
            {CALL_BANK_TEXTS.columns.assignee}: {directory.nameOf(cb.assigneeUserId)}
          </span>
          <span>
            {CALL_BANK_TEXTS.columns.dueDate}: {formatDate(cb.dueDate)}
          </span>
          <strong>{CALL_BANK_TEXTS.completion}:</strong>
          <div className="eris-completion">
            <ProgressBar
              animate={false}
              stripes={false}
              intent={cb.completionPercent >= 100 ? Intent.SUCCESS : Intent.PRIMARY}
              value={cb.completionPercent / 100}
              aria-label={CALL_BANK_TEXTS.completion}
            />
            <span data-testid="call-bank-completion">{completionLabel(cb)}</span>
          </div>
          <Tag minimal intent={cb.completionPercent >= 100 ? Intent.SUCCESS : Intent.NONE}>
            {callBankStatusLabel(cb)}
          </Tag>
          <span className={Classes.TEXT_MUTED}>{CALL_BANK_TEXTS.ofCompanies(cb.closedCount, cb.companyCount)}</span>
        </div>
      )}
      {page.isPending ? (
        <Spinner />
      ) : !page.data || page.data.companies.length === 0 ? (
        <NonIdealState icon="office" title={CALL_BANK_TEXTS.noCompaniesAssigned} />
      ) : (
        <>
          <HTMLTable striped interactive compact className="eris-table" aria-label={CALL_BANK_TEXTS.companies}>
            <thead>
              <tr>
                <th>{c.name}</th>
                <th>{c.city}</th>
                <th>{c.state}</th>
                <th>{c.status}</th>
              </tr>
            </thead>
            <tbody>
              {page.data.companies.map((entry) => (
                <tr
                  key={String(entry.companyId)}
                  data-company-id={String(entry.companyId)}
                  style={{ cursor: "pointer" }}
                  onClick={() => setOpen(entry)}
                >
                  <td>{entry.company?.name ?? String(entry.companyId)}</td>
                  <td>{entry.company?.city}</td>
                  <td>{entry.company?.state}</td>
                  <td>
                    <Tag minimal intent={entry.status === CallBankCompanyStatus.CLOSED ? Intent.SUCCESS : Intent.NONE}>
                      {COMPANY_STATUS_LABELS[entry.status]}
                    </Tag>
                  </td>
                </tr>
              ))}
            </tbody>
          </HTMLTable>
          <Pager
            paging={paging}
            nextPageToken={page.data.nextPageToken}
            disabled={page.isFetching}
            summary={`${page.data.totalSize} ${CALL_BANK_TEXTS.companies.toLowerCase()}`}
          />
        </>
      )}
      {open && (
        <CallBankCompanyDialog
          entry={open}
          nameOf={directory.nameOf}
          saving={updateStatus.isPending}
          onStatusChange={(status) => void changeStatus(open, status)}
          onClose={() => setOpen(null)}
        />
      )}
    </div>
  );
}
