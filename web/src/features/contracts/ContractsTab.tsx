import { useCallback, useMemo, useState } from "react";

import { Button, ButtonGroup, Classes, H4, InputGroup, Intent, Spinner } from "@blueprintjs/core";
import { Code } from "@connectrpc/connect";
import { useParams } from "react-router";

import { useCompany } from "../../api/companies";
import { failureText } from "../../api/errors";
import { useSuppliers } from "../../api/suppliers";
import { useUtilities } from "../../api/utilities";
import { useSessionUser } from "../../app/auth/useSessionUser";
import { ConfirmDialog } from "../../components/ConfirmDialog";
import { DataGridColumns } from "../../components/DataGridColumns";
import { ListStatus } from "../../components/ListStatus";
import { useGridColumns } from "../../components/useGridColumns";
import { VirtualTable, type VirtualColumn } from "../../components/VirtualTable";
import type { Contract } from "../../gen/eris/contracts/v1/contracts_pb";
import { Commodity } from "../../gen/eris/sourcing/v1/utilities_pb";
import { commodityLabel } from "../../lib/commodity";
import { parseCompanyId } from "../../lib/companyRoutes";
import { formatDate } from "../../lib/dateText";
import { downloadXlsx } from "../../lib/download";
import {
  CONTRACT_COLUMN_WIDTHS,
  contractCellText,
  contractColumnsFor,
  NUMERIC_CONTRACT_COLUMNS,
  type ContractColumnId,
  type ContractDirectories,
} from "../../lib/records/contractColumns";
import { CONTRACT_TEXTS, statusLabel } from "../../lib/records/contractTexts";
import { toast } from "../../lib/toaster";
import { useUrlParams, useUrlText } from "../../lib/urlState";
import { useDebouncedValue } from "../../lib/useDebouncedValue";
import { useLoadErrorToast } from "../../lib/useLoadErrorToast";
import { DrPaymentsDialog, PaymentsDialog } from "../payments";
import { ContractDialog } from "./ContractDialog";
import { ContractPdfDialog } from "./ContractPdfDialog";
import { useContractPages, useDeleteContract, useExportCompanyContracts } from "./contractQueries";
import { CONTRACT_TAB_TEXTS } from "./texts";

import "./contracts.css";

const SEARCH_DELAY_MS = 300;
/** The address's param: the search text. */
const P = { search: "q" } as const;
const T = CONTRACT_TAB_TEXTS;
/** The amounts, pinned at the right so they stay in view at 1024 px while the others scroll. */
const MONEY_COLUMNS: ReadonlySet<ContractColumnId> = new Set(["rate", "fee", "annualRevenue", "termRevenue"]);

type DialogState =
  | { kind: "closed" }
  | { kind: "add" }
  | { kind: "edit"; contract: Contract }
  | { kind: "pdf"; contract: Contract }
  | { kind: "payments"; contract: Contract }
  | { kind: "drPayments"; contract: Contract };

/** /LeadTabs/:leadId/contracts: the company's contracts. */
export function ContractsTab() {
  const companyId = parseCompanyId(useParams().leadId);
  // The tab layout shows "not found" for an id that cannot be one.
  return companyId === null ? null : <CompanyContracts key={String(companyId)} companyId={companyId} />;
}

interface CompanyContractsProps {
  companyId: bigint;
}

/**
 * The search (in the address, as ?q=, done by the server) and a table of every contract, Inactive
 * ones too, that reads more pages as it scrolls or on Load more. Sales read only: no Actions
 * column, no Add Contract and no Export.
 */
function CompanyContracts({ companyId }: CompanyContractsProps) {
  const { isSales, me } = useSessionUser();
  const canEdit = !isSales;
  const company = useCompany(companyId);
  const url = useUrlParams();
  const [search, setSearch] = useUrlText(url, P.search);
  const query = useDebouncedValue((url.params.get(P.search) ?? "").trim(), SEARCH_DELAY_MS);
  const pages = useContractPages(companyId, query);
  const utilities = useUtilities();
  const suppliers = useSuppliers();
  const deleteContract = useDeleteContract();
  const exportContracts = useExportCompanyContracts(companyId);
  const [dialog, setDialog] = useState<DialogState>({ kind: "closed" });
  const [deleting, setDeleting] = useState<Contract | null>(null);

  useLoadErrorToast(pages, CONTRACT_TEXTS.loadFailed);

  const contracts = useMemo(() => pages.data?.pages.flatMap((page) => page.contracts) ?? [], [pages.data]);
  const columns = useMemo(
    () =>
      tableColumns(
        contractColumnsFor(canEdit),
        { utilities: utilities.data, suppliers: suppliers.data },
        {
          pdf: (contract) => setDialog({ kind: "pdf", contract }),
          edit: (contract) => setDialog({ kind: "edit", contract }),
          payments: (contract) => setDialog({ kind: "payments", contract }),
          drPayments: (contract) => setDialog({ kind: "drPayments", contract }),
          remove: setDeleting,
        },
      ),
    [canEdit, utilities.data, suppliers.data],
  );
  const grid = useGridColumns("contracts", me.userId, columns);

  const { hasNextPage, isFetchingNextPage, fetchNextPage } = pages;
  const loadMore = useCallback(() => {
    if (hasNextPage && !isFetchingNextPage) {
      void fetchNextPage();
    }
  }, [hasNextPage, isFetchingNextPage, fetchNextPage]);

  async function confirmDelete() {
    if (!deleting) {
      return;
    }
    try {
      await deleteContract.mutateAsync(deleting.contractId);
      void toast.success(CONTRACT_TEXTS.deleted);
    } catch (err) {
      void toast.error(failureText(err, CONTRACT_TEXTS.failed, Code.InvalidArgument, Code.FailedPrecondition));
    } finally {
      setDeleting(null);
    }
  }

  function exportAll() {
    exportContracts.mutate(undefined, {
      onSuccess: downloadXlsx,
      onError: () => void toast.error(CONTRACT_TEXTS.failed),
    });
  }

  const close = () => setDialog({ kind: "closed" });
  return (
    <div className="eris-contracts">
      <H4 className="eris-contracts-title">{CONTRACT_TEXTS.title(company.data?.name ?? "")}</H4>
      <div className="eris-toolbar eris-contracts-toolbar">
        <InputGroup
          type="search"
          leftIcon="search"
          className="eris-contracts-search"
          aria-label={T.search}
          placeholder={T.searchPlaceholder}
          value={search}
          onValueChange={setSearch}
        />
        {pages.isFetching && !pages.isPending && !isFetchingNextPage && <Spinner size={16} />}
        <span className="eris-spacer" />
        <DataGridColumns {...grid.chooser} />
        {canEdit && (
          <>
            <Button icon="export" text={T.export} loading={exportContracts.isPending} onClick={exportAll} />
            <Button intent={Intent.PRIMARY} icon="add" text={T.add} onClick={() => setDialog({ kind: "add" })} />
          </>
        )}
      </div>
      <ListStatus
        query={pages}
        loadingLabel={T.loading}
        loadFailed={CONTRACT_TEXTS.loadFailed}
        retryText={T.retry}
        empty={contracts.length === 0}
        emptyIcon="document"
        emptyTitle={T.noContracts}
      >
        <VirtualTable
          // Another search starts at the top of the list.
          key={query}
          rows={contracts}
          columns={grid.columns}
          rowKey={(contract) => String(contract.contractId)}
          rowAttributes={(contract) => ({ "data-contract-id": String(contract.contractId) })}
          ariaLabel={T.table}
          onNearEnd={loadMore}
          className="eris-contracts-table"
        />
        <div className="eris-contracts-pager">
          <span className={Classes.TEXT_MUTED} data-testid="contract-count">
            {T.shown(contracts.length, hasNextPage)}
          </span>
          {hasNextPage && <Button text={T.loadMore} loading={isFetchingNextPage} onClick={loadMore} />}
        </div>
      </ListStatus>
      {dialog.kind === "add" && <ContractDialog companyId={companyId} onClose={close} />}
      {dialog.kind === "edit" && (
        <ContractDialog
          key={String(dialog.contract.contractId)}
          companyId={companyId}
          contract={dialog.contract}
          onClose={close}
        />
      )}
      {dialog.kind === "pdf" && <ContractPdfDialog contract={dialog.contract} onClose={close} />}
      {dialog.kind === "payments" && <PaymentsDialog contract={dialog.contract} isOpen onClose={close} />}
      {dialog.kind === "drPayments" && <DrPaymentsDialog contract={dialog.contract} isOpen onClose={close} />}
      <ConfirmDialog
        isOpen={deleting !== null}
        icon="trash"
        confirmText={T.actions.delete}
        loading={deleteContract.isPending}
        onConfirm={() => void confirmDelete()}
        onCancel={() => setDeleting(null)}
      >
        <p>{CONTRACT_TEXTS.deleteConfirm}</p>
        {deleting && (
          <p className={Classes.TEXT_MUTED}>
            {CONTRACT_TEXTS.deleteDescribes(
              commodityLabel(deleting.commodity),
              statusLabel(deleting.status),
              formatDate(deleting.dateSigned),
            )}
          </p>
        )}
      </ConfirmDialog>
    </div>
  );
}

interface RowActions {
  pdf: (contract: Contract) => void;
  edit: (contract: Contract) => void;
  payments: (contract: Contract) => void;
  drPayments: (contract: Contract) => void;
  remove: (contract: Contract) => void;
}

/**
 * The table's columns: Actions and Status stay at the left and the amounts at the right while the
 * others scroll sideways.
 */
function tableColumns(
  ids: readonly ContractColumnId[],
  dirs: ContractDirectories,
  actions: RowActions,
): VirtualColumn<Contract>[] {
  return ids.map((id) => {
    const base = {
      id,
      header: CONTRACT_TEXTS.columns[id],
      width: CONTRACT_COLUMN_WIDTHS[id],
      numeric: NUMERIC_CONTRACT_COLUMNS.has(id),
      pinned: id === "actions" || id === "status" ? true : MONEY_COLUMNS.has(id) ? ("end" as const) : false,
    };
    if (id === "actions") {
      return { ...base, render: (contract: Contract) => <RowButtons contract={contract} actions={actions} /> };
    }
    const text = (contract: Contract) => contractCellText(contract, id, dirs);
    return { ...base, render: text, title: text };
  });
}

function RowButtons({ contract, actions }: { contract: Contract; actions: RowActions }) {
  const t = T.actions;
  return (
    <ButtonGroup variant="minimal" className="eris-row-actions">
      <Button
        size="small"
        icon="document"
        aria-label={t.pdf}
        title={t.pdf}
        intent={contract.fileName ? Intent.PRIMARY : Intent.NONE}
        onClick={() => actions.pdf(contract)}
      />
      <Button size="small" icon="edit" aria-label={t.edit} title={t.edit} onClick={() => actions.edit(contract)} />
      <Button
        size="small"
        icon="dollar"
        aria-label={t.payments}
        title={t.payments}
        onClick={() => actions.payments(contract)}
      />
      {contract.commodity === Commodity.DR && (
        <Button
          size="small"
          icon="history"
          aria-label={t.drPayments}
          title={t.drPayments}
          onClick={() => actions.drPayments(contract)}
        />
      )}
      <Button
        size="small"
        icon="trash"
        intent={Intent.DANGER}
        aria-label={t.delete}
        title={t.delete}
        onClick={() => actions.remove(contract)}
      />
    </ButtonGroup>
  );
}
