import { useState, type FormEvent, type ReactNode } from "react";

import {
  Button,
  ButtonGroup,
  Callout,
  Dialog,
  DialogBody,
  DialogFooter,
  FormGroup,
  H3,
  HTMLSelect,
  HTMLTable,
  InputGroup,
  Intent,
  NonIdealState,
} from "@blueprintjs/core";
import { useMutation } from "@tanstack/react-query";
import { Link } from "react-router";

import { useSession } from "../../app/auth/SessionContext";
import { BlockingLoader } from "../../components/BlockingLoader";
import { CONFIRM_DIALOG_WIDTH } from "../../components/ConfirmDialog";
import { DateTextInput } from "../../components/DateTextInput";
import type { MarginRow } from "../../gen/eris/reporting/v1/reporting_pb";
import { companyContractsPath } from "../../lib/companyRoutes";
import { MONTHS } from "../../lib/records/contractTexts";
import { toast } from "../../lib/toaster";
import { applyParamChanges, useUrlParams } from "../../lib/urlState";
import { useLoadErrorToast } from "../../lib/useLoadErrorToast";
import { MARGIN_COLUMNS, marginCellText, NUMERIC_MARGIN_COLUMNS } from "./marginColumns";
import { exportMarginRows } from "./marginExport";
import { MarginPaymentsDialog } from "./MarginPaymentsDialog";
import {
  DEFAULT_PAGE_SIZE,
  draftOf,
  filterChanges,
  filterSearch,
  filtersOfDraft,
  firstPage,
  MARGIN_PARAMS,
  marginFiltersOf,
  marginKey,
  marginPageOf,
  PAGE_SIZES,
  pageChanges,
  startMonthLabel,
  type MarginDraft,
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
 * page are in the address. Export downloads every filtered row as MarginBuilder.csv after the spec's
 * warning. A blocking loader shows while rows load.
 */
export function MarginBuilderPage() {
  const session = useSession();
  const url = useUrlParams();
  const filters = marginFiltersOf(url.params);
  const page = marginPageOf(url.params);
  const rows = useMarginRows(
    { filter: filters, pageSize: page.pageSize, cursor: page.cursor, direction: page.direction },
    marginKey(filters, page),
  );
  const options = useMarginOptions();
  const exporting = useMutation({ mutationFn: () => exportMarginRows(session, filters) });
  const [draft, setDraft] = useState<MarginDraft>(() => draftOf(url.params));
  const [draftOfSearch, setDraftOfSearch] = useState(() => filterSearch(url.params));
  const [formError, setFormError] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [paymentsOf, setPaymentsOf] = useState<MarginRow | null>(null);

  useLoadErrorToast(rows, T.loadFailed);

  // Filter, Back and links change the filters in force: the form shows them.
  const search = filterSearch(url.params);
  if (search !== draftOfSearch) {
    setDraftOfSearch(search);
    setDraft(draftOf(url.params));
    setFormError(null);
  }

  const set = (key: keyof MarginDraft) => (value: string) => setDraft((d) => ({ ...d, [key]: value }));

  function applyFilters(event?: FormEvent) {
    event?.preventDefault();
    const result = filtersOfDraft(draft);
    if ("error" in result) {
      setFormError(result.error);
      return;
    }
    setFormError(null);
    const changes = filterChanges(result.filters);
    // The same filters on the first page: the address stays, the rows are read again.
    if (applyParamChanges(url.params, changes).toString() === url.params.toString()) {
      void rows.refetch();
    } else {
      url.update(changes);
    }
  }

  function move(to: PageMove) {
    if (rows.data) {
      url.update(pageChanges(to, rows.data));
    }
  }

  function startExport() {
    setConfirming(false);
    exporting.mutate(undefined, { onError: () => void toast.error(T.exportFailed) });
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
          <Button icon="refresh" text={T.refresh} onClick={() => void rows.refetch()} />
          <span className="eris-spacer" />
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
          <div className="eris-report-scroll eris-margin-scroll">
            <HTMLTable striped compact className="eris-table eris-report-table" aria-label={T.table}>
              <thead>
                <tr>
                  <th>{T.payments}</th>
                  {MARGIN_COLUMNS.map((id) => (
                    <th key={id} className={NUMERIC_MARGIN_COLUMNS.has(id) ? "eris-numeric" : undefined}>
                      {T.columns[id]}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {data.rows.map((row) => (
                  <tr
                    key={`${row.contractId}-${row.paymentId}`}
                    data-contract-id={String(row.contractId)}
                    data-payment-id={String(row.paymentId)}
                  >
                    <td>
                      <Button
                        size="small"
                        variant="minimal"
                        icon="dollar"
                        text={T.payments}
                        aria-label={T.paymentsOf(row.customerName)}
                        onClick={() => setPaymentsOf(row)}
                      />
                    </td>
                    {MARGIN_COLUMNS.map((id) => (
                      <td key={id} className={NUMERIC_MARGIN_COLUMNS.has(id) ? "eris-numeric" : undefined}>
                        {id === "customerName" ? (
                          <Link to={companyContractsPath(row.companyId)}>{row.customerName}</Link>
                        ) : (
                          marginCellText(row, id)
                        )}
                      </td>
                    ))}
                  </tr>
                ))}
              </tbody>
            </HTMLTable>
          </div>
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
      <Dialog
        isOpen={confirming}
        title={T.warningTitle}
        icon="warning-sign"
        style={{ width: CONFIRM_DIALOG_WIDTH, maxWidth: "calc(100vw - 40px)" }}
        onClose={() => setConfirming(false)}
      >
        <DialogBody>
          <p>{T.warning}</p>
        </DialogBody>
        <DialogFooter
          actions={
            <>
              <Button text={T.cancel} onClick={() => setConfirming(false)} />
              <Button intent={Intent.PRIMARY} text={T.continue} onClick={startExport} />
            </>
          }
        />
      </Dialog>
      {paymentsOf && <MarginPaymentsDialog row={paymentsOf} onClose={() => setPaymentsOf(null)} />}
      <BlockingLoader isOpen={rows.isFetching || exporting.isPending} label={T.loading} />
    </div>
  );
}
