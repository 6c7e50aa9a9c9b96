import { useMemo, useState, type ReactNode } from "react";

import {
  Button,
  ButtonGroup,
  Checkbox,
  Classes,
  FormGroup,
  HTMLSelect,
  HTMLTable,
  Icon,
  InputGroup,
  Intent,
  NonIdealState,
  PopoverNext,
  Spinner,
  Switch,
} from "@blueprintjs/core";
import { Link } from "react-router";

import { usePeople } from "../../api/companies";
import { serverMessage } from "../../api/errors";
import { useSessionUser } from "../../app/auth/useSessionUser";
import { ConfirmDialog } from "../../components/ConfirmDialog";
import { UserOptions } from "../../components/UserOptions";
import type { Company } from "../../gen/eris/crm/v1/crm_pb";
import { companyDetailsPath } from "../../lib/companyRoutes";
import { formatDate } from "../../lib/dateText";
import { formatDecimal } from "../../lib/numberText";
import { toast } from "../../lib/toaster";
import { useUrlPageTokens, useUrlParams, useUrlText } from "../../lib/urlState";
import { useDebouncedValue } from "../../lib/useDebouncedValue";
import { useLoadErrorToast } from "../../lib/useLoadErrorToast";
import {
  DEFAULT_SORT,
  nextSort,
  OPTIONAL_COLUMN_SORT,
  OPTIONAL_COLUMNS,
  orderByOf,
  parseSort,
  useListPrefs,
  type OptionalColumn,
  type SortKey,
} from "./companyColumns";
import { useCompanyListPage, useRememberedTotal } from "./companyListQuery";
import { COMPANY_PAGE_SIZE, useDeleteCompany } from "./companyQueries";
import { LIST_TEXTS } from "./listTexts";
import { filterKey, type CompanyFilterInit } from "./searchFilter";
import { StatusCell } from "./StatusCell";
import { COMPANY_TEXTS } from "./texts";

import "./companyList.css";

const SHOW_ALL = "all";
const SEARCH_DELAY_MS = 300;
/** The address's params: search text, chosen user, order and the page tokens. */
const P = { search: "q", user: "user", sort: "sort", pages: "pt" } as const;

/** What an optional column shows for a company. */
const OPTIONAL_CELLS: Record<OptionalColumn, (company: Company) => ReactNode> = {
  electricUsage: (c) => formatDecimal(c.electricUsage),
  gasUsage: (c) => formatDecimal(c.gasUsage),
  electricContractEnd: (c) => formatDate(c.electricContractEndDate),
  gasContractEnd: (c) => formatDate(c.gasContractEndDate),
  drContractEnd: (c) => formatDate(c.drContractEndDate),
  drStatus: (c) => <StatusCell primary={c.primaryDrStatus} secondary={c.secondaryDrStatuses} />,
  totalKwh: (c) => formatDecimal(c.totalKwh),
  totalTherms: (c) => formatDecimal(c.totalTherms),
};

/** Numbers line up on the right. */
const NUMERIC_COLUMNS: readonly OptionalColumn[] = ["electricUsage", "gasUsage", "totalKwh", "totalTherms"];

interface SortHeaderProps {
  label: string;
  sortKey: SortKey;
  current: { key: SortKey; desc: boolean };
  onSort: (key: SortKey) => void;
  className?: string;
}

/** A column header that sorts the list (on the server) when clicked; clicked again, the other way. */
function SortHeader({ label, sortKey, current, onSort, className }: SortHeaderProps) {
  const active = current.key === sortKey;
  return (
    <th
      className={className}
      aria-sort={active ? (current.desc ? "descending" : "ascending") : "none"}
      data-sort-key={sortKey}
    >
      <Button
        className="eris-sort-button"
        variant="minimal"
        size="small"
        text={label}
        title={LIST_TEXTS.sortBy(label)}
        endIcon={
          <Icon
            icon={active ? (current.desc ? "sort-desc" : "sort-asc") : "double-caret-vertical"}
            className={active ? undefined : Classes.TEXT_MUTED}
          />
        }
        onClick={() => onSort(sortKey)}
      />
    </th>
  );
}

/**
 * View Companies: name search, the user selector (not for Sales) and a table sorted and paged on the
 * server. Search, user, order and page are in the address, so Back, reload and a shared link show the
 * same list; the optional columns and compact rows are each person's choice, kept in this browser.
 */
export function CompanyList() {
  const { me, isSales, isManagement } = useSessionUser();
  const people = usePeople();
  const url = useUrlParams();
  const [search, setSearch] = useUrlText(url, P.search, { resets: [P.pages] });
  const userChoice = url.params.get(P.user) ?? String(me.userId);
  const sort = parseSort(url.params.get(P.sort));
  const paging = useUrlPageTokens(url, P.pages);
  const nameQuery = useDebouncedValue((url.params.get(P.search) ?? "").trim(), SEARCH_DELAY_MS);
  const [prefs, setPrefs] = useListPrefs(me.userId);

  const filter = useMemo<CompanyFilterInit>(
    () => ({
      nameQuery,
      // Sales see only their own companies whatever is asked (the server enforces it).
      teamUserIds: isSales || userChoice === SHOW_ALL ? [] : /^\d+$/.test(userChoice) ? [BigInt(userChoice)] : [],
    }),
    [nameQuery, isSales, userChoice],
  );
  const orderBy = orderByOf(sort);
  const counted = useRememberedTotal(filterKey(filter), paging.token);
  const page = useCompanyListPage({
    filter,
    orderBy,
    pageToken: paging.token,
    includeTotalSize: counted.includeTotalSize,
  });
  if (page.data && !page.isPlaceholderData && counted.includeTotalSize) {
    counted.remember(page.data.totalSize);
  }

  const deleteCompany = useDeleteCompany();
  const [deleting, setDeleting] = useState<Company | null>(null);

  useLoadErrorToast(page, COMPANY_TEXTS.loadFailed);

  const companies = page.data?.companies ?? [];
  const first = (paging.page - 1) * COMPANY_PAGE_SIZE + 1;
  const last = first + companies.length - 1;
  const nextToken = page.data?.nextPageToken ?? "";
  const shown = OPTIONAL_COLUMNS.filter((column) => prefs.columns.includes(column));

  function sortBy(key: SortKey) {
    const next = nextSort(sort, key);
    const isDefault = next.key === DEFAULT_SORT.key && next.desc === DEFAULT_SORT.desc;
    // A page token only works with the order it was made for: a new order starts on page 1.
    url.update({ [P.sort]: isDefault ? null : orderByOf(next), [P.pages]: null });
  }

  function toggleColumn(column: OptionalColumn, on: boolean) {
    const columns = on ? [...prefs.columns, column] : prefs.columns.filter((c) => c !== column);
    setPrefs({ ...prefs, columns: OPTIONAL_COLUMNS.filter((c) => columns.includes(c)) });
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

  const header = (label: string, key: SortKey, className?: string) => (
    <SortHeader key={key} label={label} sortKey={key} current={sort} onSort={sortBy} className={className} />
  );

  const columnChooser = (
    <div className="eris-column-chooser" role="group" aria-label={LIST_TEXTS.chooseColumns}>
      {OPTIONAL_COLUMNS.map((column) => (
        <Checkbox
          key={column}
          label={LIST_TEXTS.optionalColumns[column]}
          checked={prefs.columns.includes(column)}
          onChange={(e) => toggleColumn(column, e.currentTarget.checked)}
        />
      ))}
    </div>
  );

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
            <HTMLSelect
              id="company-user"
              value={userChoice}
              onChange={(e) => {
                const value = e.currentTarget.value;
                url.update({ [P.user]: value === String(me.userId) ? null : value, [P.pages]: null });
              }}
            >
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
        <span className="eris-spacer" />
        <PopoverNext content={columnChooser} placement="bottom-end">
          <Button icon="column-layout" endIcon="caret-down" text={LIST_TEXTS.columns} />
        </PopoverNext>
        <Switch
          className="eris-compact-switch"
          label={LIST_TEXTS.compact}
          checked={prefs.compact}
          onChange={(e) => setPrefs({ ...prefs, compact: e.currentTarget.checked })}
        />
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
          <div className="eris-company-table-wrap">
            <HTMLTable
              className="eris-table eris-company-table"
              striped
              compact={prefs.compact}
              aria-label={COMPANY_TEXTS.title}
              data-density={prefs.compact ? "compact" : "regular"}
            >
              <thead>
                <tr>
                  {header(COMPANY_TEXTS.columns.name, "name")}
                  {header(COMPANY_TEXTS.columns.city, "city")}
                  {header(COMPANY_TEXTS.columns.state, "state")}
                  {header(COMPANY_TEXTS.columns.electricStatus, "primary_electric_status")}
                  {header(COMPANY_TEXTS.columns.gasStatus, "primary_gas_status")}
                  {shown.map((column) => {
                    const label = LIST_TEXTS.optionalColumns[column];
                    const sortKey = OPTIONAL_COLUMN_SORT[column];
                    const className = NUMERIC_COLUMNS.includes(column) ? "eris-numeric" : undefined;
                    return sortKey ? (
                      header(label, sortKey, className)
                    ) : (
                      <th key={column} className={className}>
                        {label}
                      </th>
                    );
                  })}
                  <th>{COMPANY_TEXTS.columns.inside}</th>
                  <th>{COMPANY_TEXTS.columns.closer}</th>
                  <th>{COMPANY_TEXTS.columns.analyst}</th>
                  <th>{COMPANY_TEXTS.columns.actions}</th>
                </tr>
              </thead>
              <tbody>
                {companies.map((company) => (
                  <tr key={String(company.companyId)} data-company-id={String(company.companyId)}>
                    <td>
                      <Link className="eris-company-name" to={companyDetailsPath(company.companyId)}>
                        {company.name}
                      </Link>
                    </td>
                    <td>{company.city}</td>
                    <td>{company.state}</td>
                    <td>
                      <StatusCell
                        primary={company.primaryElectricStatus}
                        secondary={company.secondaryElectricStatuses}
                      />
                    </td>
                    <td>
                      <StatusCell primary={company.primaryGasStatus} secondary={company.secondaryGasStatuses} />
                    </td>
                    {shown.map((column) => (
                      <td
                        key={column}
                        data-column={column}
                        className={NUMERIC_COLUMNS.includes(column) ? "eris-numeric" : undefined}
                      >
                        {OPTIONAL_CELLS[column](company)}
                      </td>
                    ))}
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
                          <Icon icon={isSales ? "eye-open" : "edit"} />
                          <span className={Classes.BUTTON_TEXT}>{isSales ? LIST_TEXTS.view : COMPANY_TEXTS.edit}</span>
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
          </div>
          <div className="eris-pager">
            <span className={Classes.TEXT_MUTED} data-testid="company-page-range">
              {counted.total !== undefined
                ? LIST_TEXTS.pageOf(first, last, counted.total.toLocaleString("en-US"))
                : LIST_TEXTS.pageRange(first, last)}
            </span>
            <ButtonGroup>
              <Button
                icon="chevron-left"
                text={COMPANY_TEXTS.previous}
                disabled={!paging.hasPrevious}
                onClick={paging.previous}
              />
              <Button
                endIcon="chevron-right"
                text={COMPANY_TEXTS.next}
                disabled={!nextToken || page.isPlaceholderData}
                onClick={() => paging.next(nextToken)}
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
