import { useCallback, useMemo, useState } from "react";

import { Button, ButtonGroup, Classes, H4, InputGroup, Intent, Spinner, Tag } from "@blueprintjs/core";
import { Code } from "@connectrpc/connect";
import { useParams } from "react-router";

import { useCompany } from "../../api/companies";
import { failureText } from "../../api/errors";
import { useSessionUser } from "../../app/auth/useSessionUser";
import { ConfirmDialog } from "../../components/ConfirmDialog";
import { ListStatus } from "../../components/ListStatus";
import { VirtualTable, type VirtualColumn } from "../../components/VirtualTable";
import { RfpOutcome, type Rfp } from "../../gen/eris/sourcing/v1/rfps_pb";
import { parseCompanyId } from "../../lib/companyRoutes";
import { downloadXlsx } from "../../lib/download";
import { toast } from "../../lib/toaster";
import { useUrlParams, useUrlText } from "../../lib/urlState";
import { useDebouncedValue } from "../../lib/useDebouncedValue";
import { useLoadErrorToast } from "../../lib/useLoadErrorToast";
import {
  outcomeLabel,
  returnsByText,
  RFP_COLUMN_WIDTHS,
  rfpCellText,
  rfpColumnsFor,
  type RfpColumnId,
} from "./rfpColumns";
import { RfpDialog } from "./RfpDialog";
import { RfpPricesDialog } from "./RfpPricesDialog";
import { useDeleteRfp, useExportRfp, useRfpPages } from "./rfpQueries";
import { RFP_TEXTS } from "./texts";

import "./rfps.css";

const SEARCH_DELAY_MS = 300;
/** The address's param: the search text. */
const P = { search: "q" } as const;

type DialogState = { kind: "closed" } | { kind: "add" } | { kind: "edit"; rfp: Rfp } | { kind: "prices"; rfp: Rfp };

/** /LeadTabs/:leadId/rfps: the company's requests for pricing. */
export function RfpsTab() {
  const companyId = parseCompanyId(useParams().leadId);
  // The tab layout shows "not found" for an id that cannot be one.
  return companyId === null ? null : <CompanyRfps key={String(companyId)} companyId={companyId} />;
}

interface CompanyRfpsProps {
  companyId: bigint;
}

/**
 * The search (in the address, as ?q=, filtered by the server) and a table that reads more pages as
 * it scrolls or on Load more. Sales read only: no Actions column and no Add RFP.
 */
function CompanyRfps({ companyId }: CompanyRfpsProps) {
  const { isSales } = useSessionUser();
  const canEdit = !isSales;
  const company = useCompany(companyId);
  const url = useUrlParams();
  const [search, setSearch] = useUrlText(url, P.search);
  const query = useDebouncedValue((url.params.get(P.search) ?? "").trim(), SEARCH_DELAY_MS);
  const pages = useRfpPages(companyId, query);
  const deleteRfp = useDeleteRfp();
  const exportRfp = useExportRfp();
  const [dialog, setDialog] = useState<DialogState>({ kind: "closed" });
  const [deleting, setDeleting] = useState<Rfp | null>(null);

  useLoadErrorToast(pages, RFP_TEXTS.loadFailed);

  const rfps = useMemo(() => pages.data?.pages.flatMap((page) => page.rfps) ?? [], [pages.data]);
  const exportingId = exportRfp.isPending ? exportRfp.variables?.rfpId : undefined;
  const saveSpreadsheet = exportRfp.mutateAsync;
  const columns = useMemo(
    () =>
      tableColumns(rfpColumnsFor(canEdit), {
        exportingId,
        export: (rfp) => {
          saveSpreadsheet(rfp).then(downloadXlsx, () => void toast.error(RFP_TEXTS.exportFailed));
        },
        edit: (rfp) => setDialog({ kind: "edit", rfp }),
        prices: (rfp) => setDialog({ kind: "prices", rfp }),
        remove: setDeleting,
      }),
    [canEdit, exportingId, saveSpreadsheet],
  );

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
      await deleteRfp.mutateAsync(deleting);
      void toast.success(RFP_TEXTS.deleted);
    } catch (err) {
      void toast.error(failureText(err, RFP_TEXTS.failed, Code.InvalidArgument, Code.FailedPrecondition));
    } finally {
      setDeleting(null);
    }
  }

  const close = () => setDialog({ kind: "closed" });
  return (
    <div className="eris-rfps">
      <H4 className="eris-rfps-title">{RFP_TEXTS.title(company.data?.name ?? "")}</H4>
      <div className="eris-toolbar eris-rfps-toolbar">
        <InputGroup
          type="search"
          leftIcon="search"
          className="eris-rfps-search"
          aria-label={RFP_TEXTS.search}
          placeholder={RFP_TEXTS.searchPlaceholder}
          value={search}
          onValueChange={setSearch}
        />
        {pages.isFetching && !pages.isPending && !isFetchingNextPage && <Spinner size={16} />}
        <span className="eris-spacer" />
        {canEdit && (
          <Button intent={Intent.PRIMARY} icon="add" text={RFP_TEXTS.add} onClick={() => setDialog({ kind: "add" })} />
        )}
      </div>
      <ListStatus
        query={pages}
        loadingLabel={RFP_TEXTS.loading}
        loadFailed={RFP_TEXTS.loadFailed}
        retryText={RFP_TEXTS.retry}
        empty={rfps.length === 0}
        emptyIcon="send-message"
        emptyTitle={RFP_TEXTS.noRfps}
      >
        <VirtualTable
          // Another search starts at the top of the list.
          key={query}
          rows={rfps}
          columns={columns}
          rowKey={(rfp) => String(rfp.rfpId)}
          rowAttributes={(rfp) => ({ "data-rfp-id": String(rfp.rfpId) })}
          ariaLabel={RFP_TEXTS.table}
          onNearEnd={loadMore}
          className="eris-rfps-table"
        />
        <div className="eris-pager">
          <span className={Classes.TEXT_MUTED} data-testid="rfp-count">
            {RFP_TEXTS.shown(rfps.length, hasNextPage)}
          </span>
          {hasNextPage && <Button text={RFP_TEXTS.loadMore} loading={isFetchingNextPage} onClick={loadMore} />}
        </div>
      </ListStatus>
      {dialog.kind === "add" && <RfpDialog companyId={companyId} onClose={close} />}
      {dialog.kind === "edit" && (
        <RfpDialog key={String(dialog.rfp.rfpId)} companyId={companyId} rfp={dialog.rfp} onClose={close} />
      )}
      {dialog.kind === "prices" && <RfpPricesDialog rfp={dialog.rfp} canEdit={canEdit} onClose={close} />}
      <ConfirmDialog
        isOpen={deleting !== null}
        icon="trash"
        confirmText={RFP_TEXTS.actions.delete}
        loading={deleteRfp.isPending}
        onConfirm={() => void confirmDelete()}
        onCancel={() => setDeleting(null)}
      >
        <p>{RFP_TEXTS.deleteConfirm}</p>
      </ConfirmDialog>
    </div>
  );
}

interface RowActions {
  /** The RFP whose spreadsheet is being made, if any. */
  exportingId: bigint | undefined;
  export: (rfp: Rfp) => void;
  edit: (rfp: Rfp) => void;
  prices: (rfp: Rfp) => void;
  remove: (rfp: Rfp) => void;
}

const OUTCOME_INTENTS: Partial<Record<RfpOutcome, Intent>> = {
  [RfpOutcome.WON]: Intent.SUCCESS,
  [RfpOutcome.LOST]: Intent.DANGER,
};

function tableColumns(ids: readonly RfpColumnId[], actions: RowActions): VirtualColumn<Rfp>[] {
  return ids.map((id) => {
    const base = {
      id,
      header: RFP_TEXTS.columns[id],
      width: RFP_COLUMN_WIDTHS[id],
      numeric: id === "fee",
      pinned: id === "actions" || id === "len",
    };
    if (id === "actions") {
      return { ...base, render: (rfp: Rfp) => <RowButtons rfp={rfp} actions={actions} /> };
    }
    if (id === "outcome") {
      return {
        ...base,
        render: (rfp: Rfp) => (
          <Tag minimal round intent={OUTCOME_INTENTS[rfp.outcome]} data-outcome={outcomeLabel(rfp.outcome)}>
            {outcomeLabel(rfp.outcome)}
          </Tag>
        ),
      };
    }
    const text = (rfp: Rfp) => rfpCellText(rfp, id);
    return { ...base, render: text, title: id === "returnDate" ? returnsByText : text };
  });
}

function RowButtons({ rfp, actions }: { rfp: Rfp; actions: RowActions }) {
  const t = RFP_TEXTS.actions;
  const exporting = actions.exportingId === rfp.rfpId;
  return (
    <ButtonGroup variant="minimal" className="eris-row-actions">
      <Button
        size="small"
        icon="export"
        aria-label={t.export}
        title={t.export}
        loading={exporting}
        disabled={actions.exportingId !== undefined && !exporting}
        onClick={() => actions.export(rfp)}
      />
      <Button size="small" icon="edit" aria-label={t.edit} title={t.edit} onClick={() => actions.edit(rfp)} />
      <Button size="small" icon="dollar" aria-label={t.prices} title={t.prices} onClick={() => actions.prices(rfp)} />
      <Button
        size="small"
        icon="trash"
        intent={Intent.DANGER}
        aria-label={t.delete}
        title={t.delete}
        onClick={() => actions.remove(rfp)}
      />
    </ButtonGroup>
  );
}
