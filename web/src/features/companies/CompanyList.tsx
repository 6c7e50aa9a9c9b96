import { useMemo, useState } from "react";

import {
  Button,
  ButtonGroup,
  Classes,
  FormGroup,
  HTMLSelect,
  HTMLTable,
  Icon,
  InputGroup,
  Intent,
  NonIdealState,
  Spinner,
} from "@blueprintjs/core";
import { Link } from "react-router";

import { serverMessage } from "../../api/errors";
import { ConfirmDialog } from "../../components/ConfirmDialog";
import { toast } from "../../components/toaster";
import { useLoadErrorToast } from "../../components/useLoadErrorToast";
import { useDebouncedValue } from "../../components/useDebouncedValue";
import { UserOptions } from "../../components/UserOptions";
import type { Company } from "../../gen/eris/crm/v1/crm_pb";
import { companyDetailsPath } from "./companyRoutes";
import { COMPANY_PAGE_SIZE, useCompanyPage, useDeleteCompany, usePeople } from "./companyQueries";
import { filterKey, type CompanyFilterInit } from "./searchFilter";
import { StatusCell } from "./StatusCell";
import { COMPANY_TEXTS } from "./texts";
import { useSessionUser } from "./useSessionUser";

const SHOW_ALL = "all";
const SEARCH_DELAY_MS = 300;

/** Page tokens walked so far for one filter: tokens[i] opens page i. */
interface Paging {
  key: string;
  tokens: string[];
  index: number;
}

/** View Companies: name search, the user selector (not for Sales) and the paged table. */
export function CompanyList() {
  const { me, isSales, isManagement } = useSessionUser();
  const people = usePeople();
  const [search, setSearch] = useState("");
  const [userChoice, setUserChoice] = useState(String(me.userId));
  const nameQuery = useDebouncedValue(search.trim(), SEARCH_DELAY_MS);

  const filter = useMemo<CompanyFilterInit>(
    () => ({
      nameQuery,
      // Sales see only their own companies whatever is asked (the server enforces it).
      teamUserIds: isSales || userChoice === SHOW_ALL ? [] : [BigInt(userChoice)],
    }),
    [nameQuery, isSales, userChoice],
  );
  const key = filterKey(filter);
  const [pagingState, setPaging] = useState<Paging>({ key, tokens: [""], index: 0 });
  const paging = pagingState.key === key ? pagingState : { key, tokens: [""], index: 0 };
  const page = useCompanyPage(filter, paging.tokens[paging.index]);

  const deleteCompany = useDeleteCompany();
  const [deleting, setDeleting] = useState<Company | null>(null);

  useLoadErrorToast(page, COMPANY_TEXTS.loadFailed);

  const companies = page.data?.companies ?? [];
  const total = page.data?.totalSize ?? 0n;
  const first = paging.index * COMPANY_PAGE_SIZE + 1;
  const nextToken = page.data?.nextPageToken ?? "";

  function goNext() {
    setPaging({ key, tokens: [...paging.tokens.slice(0, paging.index + 1), nextToken], index: paging.index + 1 });
  }

  function goPrevious() {
    setPaging({ ...paging, index: Math.max(0, paging.index - 1) });
  }

  async function confirmDelete() {
    if (!deleting) {
      return;
    }
    try {
      await deleteCompany.mutateAsync(deleting.companyId);
      void toast.success(COMPANY_TEXTS.companyDeleted);
    } catch (err) {
      void toast.error(`${COMPANY_TEXTS.deleteFailed} ${serverMessage(err)}`);
    } finally {
      setDeleting(null);
    }
  }

  return (
    <div className="eris-tab-panel">
      <div className="eris-toolbar eris-company-toolbar">
        <FormGroup label={COMPANY_TEXTS.search} labelFor="company-search" inline>
          <InputGroup
            id="company-search"
            type="search"
            leftIcon="search"
            placeholder={COMPANY_TEXTS.searchByName}
            value={search}
            onValueChange={setSearch}
          />
        </FormGroup>
        {!isSales && (
          <FormGroup label={COMPANY_TEXTS.user} labelFor="company-user" inline>
            <HTMLSelect id="company-user" value={userChoice} onChange={(e) => setUserChoice(e.currentTarget.value)}>
              <option value={SHOW_ALL}>{COMPANY_TEXTS.showAll}</option>
              <UserOptions users={people.active} />
              {/* The signed-in user is always offered, even before the user list has loaded. */}
              {!people.active.some((user) => user.userId === me.userId) && (
                <option value={String(me.userId)}>{me.name}</option>
              )}
            </HTMLSelect>
          </FormGroup>
        )}
        {page.isFetching && !page.isPending && <Spinner size={16} />}
      </div>
      {page.isPending ? (
        <Spinner />
      ) : page.isError && !page.data ? (
        <NonIdealState
          icon="error"
          title={COMPANY_TEXTS.loadFailed}
          action={<Button text="Retry" icon="refresh" onClick={() => void page.refetch()} />}
        />
      ) : companies.length === 0 ? (
        <NonIdealState icon="office" title={COMPANY_TEXTS.noCompanies} />
      ) : (
        <>
          <HTMLTable className="eris-table" striped compact aria-label={COMPANY_TEXTS.title}>
            <thead>
              <tr>
                <th>{COMPANY_TEXTS.columns.name}</th>
                <th>{COMPANY_TEXTS.columns.city}</th>
                <th>{COMPANY_TEXTS.columns.state}</th>
                <th>{COMPANY_TEXTS.columns.electricStatus}</th>
                <th>{COMPANY_TEXTS.columns.gasStatus}</th>
                <th>{COMPANY_TEXTS.columns.inside}</th>
                <th>{COMPANY_TEXTS.columns.closer}</th>
                <th>{COMPANY_TEXTS.columns.analyst}</th>
                <th>{COMPANY_TEXTS.columns.actions}</th>
              </tr>
            </thead>
            <tbody>
              {companies.map((company) => (
                <tr key={String(company.companyId)} data-company-id={String(company.companyId)}>
                  <td>{company.name}</td>
                  <td>{company.city}</td>
                  <td>{company.state}</td>
                  <td>
                    <StatusCell primary={company.primaryElectricStatus} secondary={company.secondaryElectricStatuses} />
                  </td>
                  <td>
                    <StatusCell primary={company.primaryGasStatus} secondary={company.secondaryGasStatuses} />
                  </td>
                  <td>{people.nameOf(company.insideUserId)}</td>
                  <td>{people.nameOf(company.closerUserId)}</td>
                  <td>{people.nameOf(company.analystUserId)}</td>
                  <td>
                    <ButtonGroup variant="minimal">
                      {/* A real link (opens in a new tab too) styled as a minimal small button. */}
                      <Link
                        className={`${Classes.BUTTON} ${Classes.MINIMAL} ${Classes.SMALL}`}
                        to={companyDetailsPath(company.companyId)}
                      >
                        <Icon icon="edit" />
                        <span className={Classes.BUTTON_TEXT}>{COMPANY_TEXTS.edit}</span>
                      </Link>
                      {isManagement && (
                        <Button
                          size="small"
                          icon="trash"
                          intent={Intent.DANGER}
                          text={COMPANY_TEXTS.delete}
                          onClick={() => setDeleting(company)}
                        />
                      )}
                    </ButtonGroup>
                  </td>
                </tr>
              ))}
            </tbody>
          </HTMLTable>
          <div className="eris-pager">
            <span className={Classes.TEXT_MUTED} data-testid="company-page-range">
              {COMPANY_TEXTS.pageOf(first, first + companies.length - 1, total.toLocaleString("en-US"))}
            </span>
            <ButtonGroup>
              <Button
                icon="chevron-left"
                text={COMPANY_TEXTS.previous}
                disabled={paging.index === 0}
                onClick={goPrevious}
              />
              <Button
                endIcon="chevron-right"
                text={COMPANY_TEXTS.next}
                disabled={!nextToken || page.isPlaceholderData}
                onClick={goNext}
              />
            </ButtonGroup>
          </div>
        </>
      )}
      <ConfirmDialog
        isOpen={deleting !== null}
        icon="trash"
        confirmText={COMPANY_TEXTS.delete}
        loading={deleteCompany.isPending}
        onConfirm={() => void confirmDelete()}
        onCancel={() => setDeleting(null)}
      >
        <p>{COMPANY_TEXTS.deleteConfirm}</p>
      </ConfirmDialog>
    </div>
  );
}
