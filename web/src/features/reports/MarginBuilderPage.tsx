import { useMemo, useState, type FormEvent, type ReactNode } from "react";

import {
  Button,
  ButtonGroup,
  Callout,
  Classes,
  DialogBody,
  DialogFooter,
  FormGroup,
  H3,
  HTMLSelect,
  InputGroup,
  Intent,
  NonIdealState,
  Tag,
} from "@blueprintjs/core";
import { useMutation } from "@tanstack/react-query";
import { Link } from "react-router";

import { useSession } from "../../app/auth/SessionContext";
import { useSessionUser } from "../../app/auth/useSessionUser";
import { BlockingLoader } from "../../components/BlockingLoader";
import { CONFIRM_DIALOG_WIDTH } from "../../components/ConfirmDialog";
import { ModalDialog } from "../../components/FormDialogParts";
import { DataGridColumns } from "../../components/DataGridColumns";
import { DateTextInput } from "../../components/DateTextInput";
import { useGridColumns } from "../../components/useGridColumns";
import { VirtualTable, type VirtualColumn } from "../../components/VirtualTable";
import type { MarginRow } from "../../gen/eris/reporting/v1/reporting_pb";
import { companyContractsPath } from "../../lib/companyRoutes";
import { MONTHS } from "../../lib/records/contractTexts";
import { toast } from "../../lib/toaster";
import { applyParamChanges, useUrlParams } from "../../lib/urlState";
import { useLoadErrorToast } from "../../lib/useLoadErrorToast";
import {
  contractMarginColumns,
  type ContractMarginColumn,
  MARGIN_COLUMN_WIDTHS,
  MARGIN_COLUMNS,
  marginCellText,
  NUMERIC_MARGIN_COLUMNS,
  PINNED_END_MARGIN_COLUMNS,
} from "./marginColumns";
import { exportMarginRows } from "./marginExport";
import { MarginPaymentsDialog } from "./MarginPaymentsDialog";
import {
  DEFAULT_PAGE_SIZE,
  draftOf,
  filterChanges,
  filterSearch,
  filtersOfDraft,
  firstPage,
  isDraftApplied,
  isFirstPage,
  MARGIN_PARAMS,
  marginCountText,
  marginFiltersOf,
  marginKey,
  marginPageOf,
  numberedPageChanges,
  PAGE_SIZES,
  pageNumberOf,
  startMonthLabel,
  type MarginDraft,
  type MarginFilters,
  type PageMove,
} from "./marginView";
import { useMarginOptions, useMarginRows } from "./reportQueries";
import { MARGIN_TEXTS } from "./texts";

import "./reports.css";

const T = MARGIN_TEXTS;
const P = MARGIN_PARAMS;

/** A year select's choices: the server's and the one in force, latest first. */
function withShown(years: readonly number[], shown: string): number[] {
  const all = shown ? [...years, Number(shown)] : [...years];
  return [...new Set(all)].sort((a, b) => b - a);
}

/**
 * /MarginBuilder: every contract payment as a row, filtered by supplier, months and years, start
 * month, company and date signed, read a page at a time by keyset (First, Previous, Next, Last).
 * Filter applies the form, Refresh reads the page again; the filters in force, the page size and the
 * page are in the address. The rows matching are counted when the filters change and the count kept
 * while paging ("Page X of Y"). Export downloads every row of the filters in force as
 * MarginBuilder.csv after the spec's warning, which says so when the form shows other filters. A
 * blocking loader shows while rows load. The customer stays at the left and the amounts at the right
 * while the other columns scroll sideways; a column chooser keeps each user's columns.
 */
export function MarginBuilderPage() {
  const session = useSession();
  const { me } = useSessionUser();
  const url = useUrlParams();
  const filters = marginFiltersOf(url.params);
  const page = marginPageOf(url.params);
  const pageNumber = pageNumberOf(url.params);
  const search = filterSearch(url.params);
  // The rows the filters in force match, once counted: kept while paging with the same filters.
  const [counted, setCounted] = useState<{ search: string; total: bigint } | null>(null);
  const total = counted?.search === search ? counted.total : undefined;
  const rows = useMarginRows(
    {
      filter: filters,
      pageSize: page.pageSize,
      cursor: page.cursor,
      direction: page.direction,
      includeTotalSize: isFirstPage(page) || total === undefined,
    },
    marginKey(filters, page),
  );
  const options = useMarginOptions();
  const exporting = useMutation({ mutationFn: (shown: MarginFilters) => exportMarginRows(session, shown) });
  const [draft, setDraft] = useState<MarginDraft>(() => draftOf(url.params));
  const [draftOfSearch, setDraftOfSearch] = useState(search);
  const [formError, setFormError] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [paymentsOf, setPaymentsOf] = useState<MarginRow | null>(null);
  const columns = useMemo(() => tableColumns(setPaymentsOf), []);
  const grid = useGridColumns("marginBuilder", me.userId, columns);

  useLoadErrorToast(rows, T.loadFailed);

  // Filter, Back and links change the filters in force: the form shows them.
  if (search !== draftOfSearch) {
    setDraftOfSearch(search);
    setDraft(draftOf(url.params));
    setFormError(null);
  }
  // A count arrives with a page of these filters (0 when not asked, or not counted yet by the server).
  const answered = rows.isPlaceholderData ? undefined : rows.data;
  if (answered && answered.totalSize > 0n && (counted?.search !== search || counted.total !== answered.totalSize)) {
    setCounted({ search, total: answered.totalSize });
  }
  const applied = isDraftApplied(draft, url.params);

  const set = (key: keyof MarginDraft) => (value: string) => setDraft((d) => ({ ...d, [key]: value }));

  /** Puts the form's filters in force; their filters, or null when the form cannot be read. */
  function applyFilters(event?: FormEvent): MarginFilters | null {
    event?.preventDefault();
    const result = filtersOfDraft(draft);
    if ("error" in result) {
      setFormError(result.error);
      return null;
    }
    setFormError(null);
    const changes = filterChanges(result.filters);
    // The same filters on the first page: the address stays, the rows are read again.
    if (applyParamChanges(url.params, changes).toString() === url.params.toString()) {
      void rows.refetch();
    } else {
      url.update(changes);
    }
    return result.filters;
  }

  function move(to: PageMove) {
    if (rows.data) {
      const pageCount = total === undefined ? undefined : Math.ceil(Number(total) / page.pageSize);
      url.update(numberedPageChanges(to, rows.data, pageNumber, pageCount));
    }
  }

  function startExport(shown: MarginFilters | null) {
    setConfirming(false);
    if (shown) {
      exporting.mutate(shown, { onError: () => void toast.error(T.exportFailed) });
    }
  }

  const data = rows.data;
  const opts = options.data;
  const monthOptions = MONTHS.map((month, i) => (
    <option key={month} value={String(i + 1)}>
      {month}
    </option>
  ));
  const select = (id: string, label: string, key: keyof MarginDraft, children: ReactNode) => (
    <FormGroup label={label} labelFor={id}>
      <HTMLSelect id={id} fill value={draft[key]} onChange={(e) => set(key)(e.currentTarget.value)}>
        <option value="">{T.any}</option>
        {children}
      </HTMLSelect>
    </FormGroup>
  );
  /** A year select: the server's years and the one chosen, latest first. */
  const yearSelect = (id: string, label: string, key: "projectedYear" | "paymentYear", years?: readonly number[]) =>
    select(
      id,
      label,
      key,
      withShown(years ?? [], draft[key]).map((year) => (
        <option key={year} value={String(year)}>
          {year}
        </option>
      )),
    );
  const startMonths = [...new Set([...(opts?.startMonths ?? []), ...(draft.startMonth ? [draft.startMonth] : [])])];
  const knownSupplier = !draft.supplier || opts?.suppliers.some((s) => String(s.supplierId) === draft.supplier);

  return (
    <div className="eris-page eris-report-page">
      <H3>{T.title}</H3>
      <form className="eris-margin-filters" aria-label={T.filters} onSubmit={applyFilters}>
        <div className="eris-margin-fields">
          {select(
            "margin-supplier",
            T.supplier,
            "supplier",
            <>
              {!knownSupplier && <option value={draft.supplier}>{`#${draft.supplier}`}</option>}
              {opts?.suppliers.map((supplier) => (
                <option key={String(supplier.supplierId)} value={String(supplier.supplierId)}>
                  {supplier.commodity ? `${supplier.name} (${supplier.commodity})` : supplier.name}
                </option>
              ))}
            </>,
          )}
          {select("margin-projected-month", T.projectedMonth, "projectedMonth", monthOptions)}
          {yearSelect("margin-projected-year", T.projectedYear, "projectedYear", opts?.projectedYears)}
          {select(
            "margin-start-month",
            T.startMonth,
            "startMonth",
            startMonths.map((month) => (
              <option key={month} value={month}>
                {startMonthLabel(month)}
              </option>
            )),
          )}
          <FormGroup label={T.companyName} labelFor="margin-company">
            <InputGroup
              id="margin-company"
              autoComplete="off"
              value={draft.companyName}
              onValueChange={set("companyName")}
            />
          </FormGroup>
          {select("margin-payment-month", T.paymentMonth, "paymentMonth", monthOptions)}
          {yearSelect("margin-payment-year", T.paymentYear, "paymentYear", opts?.paymentYears)}
          <DateTextInput
            id="margin-signed-start"
            label={T.signedStart}
            value={draft.signedFrom}
            onValueChange={set("signedFrom")}
          />
          <DateTextInput
            id="margin-signed-end"
            label={T.signedEnd}
            value={draft.signedTo}
            onValueChange={set("signedTo")}
          />
        </div>
        {formError && (
          <Callout intent={Intent.DANGER} icon="error" role="alert" className="eris-form-error">
            {formError}
          </Callout>
        )}
        <div className="eris-toolbar">
          <Button type="submit" intent={Intent.PRIMARY} icon="filter" text={T.filter} />
          {!applied && (
            <Tag minimal intent={Intent.WARNING} icon="warning-sign" data-testid="margin-unapplied">
              {T.unapplied}
            </Tag>
          )}
          <Button icon="refresh" text={T.refresh} onClick={() => void rows.refetch()} />
          <span className="eris-spacer" />
          <DataGridColumns {...grid.chooser} />
          <Button
            icon="export"
            aria-label={T.export}
            title={T.export}
            loading={exporting.isPending}
            onClick={() => setConfirming(true)}
          />
        </div>
      </form>
      {rows.isError && !data ? (
        <NonIdealState
          icon="error"
          title={T.loadFailed}
          action={<Button text={T.retry} icon="refresh" onClick={() => void rows.refetch()} />}
        />
      ) : data && data.rows.length === 0 ? (
        <NonIdealState icon="th" title={T.noRows} />
      ) : (
        data && (
          <VirtualTable
            rows={data.rows}
            columns={grid.columns}
            rowKey={(row) => `${row.contractId}-${row.paymentId}`}
            rowAttributes={(row) => ({
              "data-contract-id": String(row.contractId),
              "data-payment-id": String(row.paymentId),
            })}
            ariaLabel={T.table}
            className="eris-margin-scroll"
            drawAllRows
          />
        )
      )}
      <div className="eris-toolbar eris-margin-pager" role="navigation" aria-label={T.pager}>
        <ButtonGroup>
          <Button
            icon="double-chevron-left"
            text={T.first}
            disabled={!data?.hasPrevious}
            onClick={() => move("first")}
          />
          <Button
            icon="chevron-left"
            text={T.previous}
            disabled={!data?.hasPrevious}
            onClick={() => move("previous")}
          />
          <Button endIcon="chevron-right" text={T.next} disabled={!data?.hasNext} onClick={() => move("next")} />
          <Button endIcon="double-chevron-right" text={T.last} disabled={!data?.hasNext} onClick={() => move("last")} />
        </ButtonGroup>
        {data && data.rows.length > 0 && total !== undefined && (
          <span className={Classes.TEXT_MUTED} data-testid="margin-count">
            {marginCountText(total, page.pageSize, { number: pageNumber, ...data })}
          </span>
        )}
        <FormGroup inline label={T.pageSize} labelFor="margin-page-size">
          <HTMLSelect
            id="margin-page-size"
            value={String(page.pageSize)}
            onChange={(e) => {
              const size = Number(e.currentTarget.value);
              url.update({ [P.size]: size === DEFAULT_PAGE_SIZE ? null : String(size), ...firstPage() });
            }}
          >
            {PAGE_SIZES.map((size) => (
              <option key={size} value={String(size)}>
                {size}
              </option>
            ))}
          </HTMLSelect>
        </FormGroup>
      </div>
      <ModalDialog
        isOpen={confirming}
        title={T.warningTitle}
        icon="warning-sign"
        style={{ width: CONFIRM_DIALOG_WIDTH, maxWidth: "calc(100vw - 40px)" }}
        onClose={() => setConfirming(false)}
      >
        <DialogBody>
          {!applied && (
            <Callout intent={Intent.WARNING} icon="filter" className="eris-margin-unapplied">
              {T.exportUnapplied}
            </Callout>
          )}
          <p>{T.warning}</p>
        </DialogBody>
        <DialogFooter
          actions={
            <>
              <Button text={T.cancel} onClick={() => setConfirming(false)} />
              <Button
                intent={applied ? Intent.PRIMARY : Intent.NONE}
                text={T.continue}
                onClick={() => startExport(filters)}
              />
              {!applied && (
                <Button intent={Intent.PRIMARY} text={T.applyAndContinue} onClick={() => startExport(applyFilters())} />
              )}
            </>
          }
        />
      </ModalDialog>
      {paymentsOf && <MarginPaymentsDialog row={paymentsOf} onClose={() => setPaymentsOf(null)} />}
      <BlockingLoader isOpen={rows.isFetching || exporting.isPending} label={T.loading} />
    </div>
  );
}

/** "ProjectedPayment" with a line break allowed before "Payment": the spec's names fit narrow columns. */
function wrappable(name: string): ReactNode {
  return name.split(/(?<=[a-z])(?=[A-Z])/).flatMap((word, i) => (i === 0 ? [word] : [<wbr key={i} />, word]));
}

/** Contract fields shown as columns too (their descriptor gives a Margin Builder header). */
const CONTRACT_COLUMNS = contractMarginColumns();

/**
 * The table's columns: Payments, the spec's, then the contract fields' (`contractColumns`).
 * Payments and CustName stay at the left and the amounts and usage at the right while the others
 * scroll sideways; the cells are one line, the full text on hover.
 */
export function tableColumns(
  openPayments: (row: MarginRow) => void,
  contractColumns: readonly ContractMarginColumn[] = CONTRACT_COLUMNS,
): VirtualColumn<MarginRow>[] {
  const payments: VirtualColumn<MarginRow> = {
    id: "payments",
    header: T.payments,
    width: 100,
    pinned: true,
    render: (row) => (
      <Button
        size="small"
        variant="minimal"
        icon="dollar"
        aria-label={T.paymentsOf(row.customerName)}
        title={T.paymentsOf(row.customerName)}
        onClick={() => openPayments(row)}
      />
    ),
  };
  return [
    payments,
    ...MARGIN_COLUMNS.map((id): VirtualColumn<MarginRow> => {
      const text = (row: MarginRow) => marginCellText(row, id);
      return {
        id,
        header: wrappable(T.columns[id]),
        label: T.columns[id],
        width: MARGIN_COLUMN_WIDTHS[id],
        numeric: NUMERIC_MARGIN_COLUMNS.has(id),
        pinned: id === "customerName" ? true : PINNED_END_MARGIN_COLUMNS.has(id) ? "end" : false,
        render:
          id === "customerName"
            ? (row) => <Link to={companyContractsPath(row.companyId)}>{row.customerName}</Link>
            : text,
        title: text,
      };
    }),
    // Contract fields their descriptor puts in Margin Builder, read from each row's contract.
    ...contractColumns.map(({ key, header, width, numeric, text }): VirtualColumn<MarginRow> => ({
      id: `contract.${key}`,
      header: wrappable(header),
      label: header,
      width,
      numeric,
      pinned: false,
      render: text,
      title: text,
    })),
  ];
}
