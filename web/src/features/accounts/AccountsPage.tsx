import { useCallback, useMemo, useState } from "react";

import {
  Button,
  ButtonGroup,
  Classes,
  FormGroup,
  InputGroup,
  Intent,
  SegmentedControl,
  Spinner,
} from "@blueprintjs/core";
import { Code } from "@connectrpc/connect";
import { useParams } from "react-router";

import { fetchAllAccounts } from "../../api/accounts";
import { useApi } from "../../api/clients";
import { failureText } from "../../api/errors";
import { useSuppliers } from "../../api/suppliers";
import { useUtilities } from "../../api/utilities";
import { useSessionUser } from "../../app/auth/useSessionUser";
import { ConfirmDialog } from "../../components/ConfirmDialog";
import { DataGridColumns } from "../../components/DataGridColumns";
import { ListStatus } from "../../components/ListStatus";
import { useGridColumns } from "../../components/useGridColumns";
import { VirtualTable, type VirtualColumn } from "../../components/VirtualTable";
import { AccountCommodity, type Account, type ListAccountsResponse } from "../../gen/eris/crm/v1/accounts_pb";
import { ACCOUNT_SEARCH_PARAM } from "../../lib/accountRoutes";
import { parseCompanyId } from "../../lib/companyRoutes";
import { downloadCsv } from "../../lib/csv";
import { toast } from "../../lib/toaster";
import { useUrlParams, useUrlText } from "../../lib/urlState";
import { useDebouncedValue } from "../../lib/useDebouncedValue";
import { useLoadErrorToast } from "../../lib/useLoadErrorToast";
import {
  accountsCsv,
  API_FILTERS,
  cellText,
  COLUMN_WIDTHS,
  columnsFor,
  COMMODITY_FILTERS,
  commodityFilterOf,
  directoriesOf,
  formatQuantity,
  NUMERIC_COLUMNS,
  PINNED_END_COLUMNS,
  type ColumnId,
  type CommodityFilter,
  type Directories,
} from "./accountColumns";
import { AccountDialog } from "./AccountDialog";
import { useAccountPages, useDeleteAccount } from "./accountQueries";
import { HistoryDialog } from "./HistoryDialog";
import { ImportDialog } from "./ImportDialog";
import { ACCOUNT_TEXTS } from "./texts";
import { UsageDialog } from "./UsageDialog";

import "./accounts.css";

const SEARCH_DELAY_MS = 300;
/** The address's params: the search text (as the account finder links it) and the commodity filter. */
const P = { search: ACCOUNT_SEARCH_PARAM, commodity: "commodity" } as const;

type DialogState =
  | { kind: "closed" }
  | { kind: "add" }
  | { kind: "edit"; account: Account }
  | { kind: "usage"; account: Account }
  | { kind: "history"; account: Account }
  | { kind: "import" };

/** /LeadTabs/:leadId/accounts: the company's accounts. */
export function AccountsPage() {
  const companyId = parseCompanyId(useParams().leadId);
  // The tab layout shows "not found" for an id that cannot be one.
  return companyId === null ? null : <CompanyAccounts key={String(companyId)} companyId={companyId} />;
}

interface CompanyAccountsProps {
  companyId: bigint;
}

/**
 * Search and commodity filter (both in the address, filtered by the server), the totals of every
 * matching account, and a table that reads more pages as it scrolls. Sales read only: no Actions
 * column and no add, import or export.
 */
function CompanyAccounts({ companyId }: CompanyAccountsProps) {
  const api = useApi();
  const { isSales, me } = useSessionUser();
  const canEdit = !isSales;
  const url = useUrlParams();
  const [search, setSearch] = useUrlText(url, P.search);
  const filter = commodityFilterOf(url.params.get(P.commodity));
  const query = useDebouncedValue((url.params.get(P.search) ?? "").trim(), SEARCH_DELAY_MS);
  const pages = useAccountPages(companyId, API_FILTERS[filter], query);
  const utilities = useUtilities();
  const suppliers = useSuppliers();
  const deleteAccount = useDeleteAccount();
  const [dialog, setDialog] = useState<DialogState>({ kind: "closed" });
  const [deleting, setDeleting] = useState<Account | null>(null);
  const [exporting, setExporting] = useState<{ read: number; total: number } | null>(null);

  useLoadErrorToast(pages, ACCOUNT_TEXTS.loadFailed);

  const dirs = useMemo(() => directoriesOf(utilities.data, suppliers.data), [utilities.data, suppliers.data]);
  const accounts = useMemo(() => pages.data?.pages.flatMap((page) => page.accounts) ?? [], [pages.data]);
  const summary: ListAccountsResponse | undefined = pages.data?.pages[0];
  const total = summary?.totalSize ?? accounts.length;
  const columns = useMemo(
    () =>
      tableColumns(columnsFor(filter, canEdit), dirs, {
        edit: (account) => setDialog({ kind: "edit", account }),
        usage: (account) => setDialog({ kind: "usage", account }),
        history: (account) => setDialog({ kind: "history", account }),
        remove: setDeleting,
      }),
    [filter, canEdit, dirs],
  );
  // One choice for every commodity filter: a column hidden under All stays hidden under Electric.
  const grid = useGridColumns("accounts", me.userId, columns);

  const { hasNextPage, isFetchingNextPage, fetchNextPage } = pages;
  const loadMore = useCallback(() => {
    if (hasNextPage && !isFetchingNextPage) {
      void fetchNextPage();
    }
  }, [hasNextPage, isFetchingNextPage, fetchNextPage]);

  function chooseFilter(next: CommodityFilter) {
    url.update({ [P.commodity]: next === "all" ? null : next });
  }

  async function confirmDelete() {
    if (!deleting) {
      return;
    }
    try {
      await deleteAccount.mutateAsync(deleting);
      void toast.success(ACCOUNT_TEXTS.deleted);
    } catch (err) {
      void toast.error(failureText(err, ACCOUNT_TEXTS.saveFailed, Code.InvalidArgument, Code.FailedPrecondition));
    } finally {
      setDeleting(null);
    }
  }

  async function exportAccounts() {
    setExporting({ read: 0, total });
    try {
      const all = await fetchAllAccounts(api, { companyId, filter: API_FILTERS[filter], query }, (read, of) =>
        setExporting({ read, total: of }),
      );
      downloadCsv(ACCOUNT_TEXTS.exportFileName, accountsCsv(all, filter, dirs));
    } catch {
      void toast.error(ACCOUNT_TEXTS.loadFailed);
    } finally {
      setExporting(null);
    }
  }

  const showKwh = filter !== "gas";
  const showTherms = filter === "all" || filter === "gas";

  return (
    <div className="eris-accounts">
      <div className="eris-toolbar eris-accounts-toolbar">
        <FormGroup label={ACCOUNT_TEXTS.search} labelFor="account-search" inline>
          <InputGroup
            id="account-search"
            type="search"
            leftIcon="search"
            placeholder={ACCOUNT_TEXTS.searchPlaceholder}
            value={search}
            onValueChange={setSearch}
          />
        </FormGroup>
        <SegmentedControl
          aria-label={ACCOUNT_TEXTS.commodity}
          options={COMMODITY_FILTERS.map((value) => ({ value, label: ACCOUNT_TEXTS.filters[value] }))}
          value={filter}
          onValueChange={(value) => chooseFilter(commodityFilterOf(value))}
        />
        {pages.isFetching && !pages.isPending && !isFetchingNextPage && <Spinner size={16} />}
        <span className="eris-spacer" />
        <DataGridColumns {...grid.chooser} />
        {canEdit && (
          <ButtonGroup className="eris-accounts-buttons">
            <Button
              intent={Intent.PRIMARY}
              icon="add"
              text={ACCOUNT_TEXTS.add}
              onClick={() => setDialog({ kind: "add" })}
            />
            <Button icon="import" text={ACCOUNT_TEXTS.importCsv} onClick={() => setDialog({ kind: "import" })} />
            <Button
              icon="export"
              text={exporting ? ACCOUNT_TEXTS.exporting(exporting.read, exporting.total) : ACCOUNT_TEXTS.export}
              loading={exporting !== null && exporting.read === 0}
              disabled={exporting !== null || total === 0}
              onClick={() => void exportAccounts()}
            />
          </ButtonGroup>
        )}
      </div>
      {summary && (
        <dl className="eris-accounts-totals" aria-label={ACCOUNT_TEXTS.totals.label} data-testid="account-totals">
          <div>
            <dt>{ACCOUNT_TEXTS.totals.count}</dt>
            <dd data-total="count">{summary.totalSize.toLocaleString("en-US")}</dd>
          </div>
          {showKwh && (
            <>
              <div>
                <dt>{ACCOUNT_TEXTS.totals.kwh}</dt>
                <dd data-total="kwh">{formatQuantity(summary.totalKwh || "0", "annualKwh")}</dd>
              </div>
              <div>
                <dt>{ACCOUNT_TEXTS.totals.plc}</dt>
                <dd data-total="plc">{formatQuantity(summary.totalPlc || "0", "plc")}</dd>
              </div>
            </>
          )}
          {showTherms && (
            <div>
              <dt>{ACCOUNT_TEXTS.totals.therms}</dt>
              <dd data-total="therms">{formatQuantity(summary.totalTherms || "0", "annualTherms")}</dd>
            </div>
          )}
        </dl>
      )}
      <ListStatus
        query={pages}
        loadingLabel={ACCOUNT_TEXTS.loading}
        loadFailed={ACCOUNT_TEXTS.loadFailed}
        retryText={ACCOUNT_TEXTS.retry}
        empty={accounts.length === 0}
        emptyIcon="lightning"
        emptyTitle={ACCOUNT_TEXTS.noAccounts}
      >
        <VirtualTable
          // Another search or filter starts at the top of the list.
          key={`${filter}|${query}`}
          rows={accounts}
          columns={grid.columns}
          rowKey={(account) => String(account.accountId)}
          rowAttributes={(account) => ({ "data-account-id": String(account.accountId) })}
          ariaLabel={ACCOUNT_TEXTS.title}
          totalRows={total}
          onNearEnd={loadMore}
          className="eris-accounts-table"
        />
        <div className="eris-pager">
          <span className={Classes.TEXT_MUTED} data-testid="account-range">
            {ACCOUNT_TEXTS.shown(accounts.length, total)}
          </span>
          {hasNextPage && <Button text={ACCOUNT_TEXTS.loadMore} loading={isFetchingNextPage} onClick={loadMore} />}
        </div>
      </ListStatus>
      {dialog.kind === "add" && <AccountDialog companyId={companyId} onClose={() => setDialog({ kind: "closed" })} />}
      {dialog.kind === "edit" && (
        <AccountDialog
          key={String(dialog.account.accountId)}
          companyId={companyId}
          account={dialog.account}
          onClose={() => setDialog({ kind: "closed" })}
        />
      )}
      {dialog.kind === "usage" && (
        <UsageDialog account={dialog.account} onClose={() => setDialog({ kind: "closed" })} />
      )}
      {dialog.kind === "history" && (
        <HistoryDialog account={dialog.account} onClose={() => setDialog({ kind: "closed" })} />
      )}
      {dialog.kind === "import" && <ImportDialog companyId={companyId} onClose={() => setDialog({ kind: "closed" })} />}
      <ConfirmDialog
        isOpen={deleting !== null}
        icon="trash"
        confirmText={ACCOUNT_TEXTS.actions.delete}
        loading={deleteAccount.isPending}
        onConfirm={() => void confirmDelete()}
        onCancel={() => setDeleting(null)}
      >
        <p>{ACCOUNT_TEXTS.deleteConfirm}</p>
      </ConfirmDialog>
    </div>
  );
}

interface RowActions {
  edit: (account: Account) => void;
  usage: (account: Account) => void;
  history: (account: Account) => void;
  remove: (account: Account) => void;
}

/**
 * The table's columns: Actions and Name stay at the left and the usage at the right while the others
 * scroll sideways.
 */
function tableColumns(ids: readonly ColumnId[], dirs: Directories, actions: RowActions): VirtualColumn<Account>[] {
  return ids.map((id) => {
    const base = {
      id,
      header: ACCOUNT_TEXTS.columns[id],
      width: COLUMN_WIDTHS[id],
      numeric: NUMERIC_COLUMNS.has(id),
      pinned: id === "actions" || id === "name" ? true : PINNED_END_COLUMNS.has(id) ? ("end" as const) : false,
    };
    if (id === "actions") {
      return { ...base, render: (account: Account) => <RowButtons account={account} actions={actions} /> };
    }
    const text = (account: Account) => cellText(account, id, dirs);
    return { ...base, render: text, title: text };
  });
}

function RowButtons({ account, actions }: { account: Account; actions: RowActions }) {
  const t = ACCOUNT_TEXTS.actions;
  // The capacity histories (PLC, NSPL, registered kW) are kept for Electric accounts only.
  const electric = account.commodity === AccountCommodity.ELECTRIC;
  return (
    <ButtonGroup variant="minimal" className="eris-row-actions">
      <Button size="small" icon="edit" aria-label={t.edit} title={t.edit} onClick={() => actions.edit(account)} />
      <Button
        size="small"
        icon="timeline-line-chart"
        aria-label={t.usage}
        title={t.usage}
        onClick={() => actions.usage(account)}
      />
      <Button
        size="small"
        icon="history"
        aria-label={t.history}
        title={electric ? t.history : t.historyElectricOnly}
        disabled={!electric}
        onClick={() => actions.history(account)}
      />
      <Button
        size="small"
        icon="trash"
        intent={Intent.DANGER}
        aria-label={t.delete}
        title={t.delete}
        onClick={() => actions.remove(account)}
      />
    </ButtonGroup>
  );
}
