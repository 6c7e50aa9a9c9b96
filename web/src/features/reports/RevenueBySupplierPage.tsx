import type { ReactNode } from "react";

import { Button, FormGroup, H3, HTMLSelect, HTMLTable, Spinner, Tab, Tabs } from "@blueprintjs/core";

import { downloadCsv, toCsv } from "../../lib/csv";
import { ListStatus } from "../../components/ListStatus";
import { ScrollRegion } from "../../components/ScrollRegion";
import { useUrlParams } from "../../lib/urlState";
import { useLoadErrorToast } from "../../lib/useLoadErrorToast";
import { RevenueBasis, type GetRevenueBySupplierResponse } from "../../gen/eris/reporting/v1/reporting_pb";
import { formatMoney } from "../../lib/records/contractFormat";
import { CommissionReconciliation } from "./CommissionReconciliation";
import { parseSupplierId } from "./reconciliationData";
import { useRevenueBySupplier, useRevenueYears } from "./reportQueries";
import { isEmptyRevenue, MONTH_ABBREVIATIONS, revenueCsvRows } from "./revenueData";
import { RevenueCharts } from "./RevenueCharts";
import { RECONCILIATION_TEXTS, REVENUE_TEXTS } from "./texts";

import "./reports.css";

const T = REVENUE_TEXTS;
/**
 * The address's params: the year (this year when absent), the tab (Data when absent) and the
 * Reconciliation tab's supplier (all when absent).
 */
const P = { year: "year", tab: "tab", supplier: "supplier" } as const;
const TABS = ["data", "charts", "reconciliation"] as const;
type RevenueTab = (typeof TABS)[number];

/** A year from the address; null when absent or not one the report takes. */
export function parseYear(text: string | null): number | null {
  if (!text || !/^\d{4}$/.test(text)) {
    return null;
  }
  const year = Number(text);
  return year >= 1900 && year <= 2200 ? year : null;
}

/** The year select's choices: the server's, the one shown and this year, latest first. */
export function yearChoices(offered: readonly number[], shown: number, thisYear: number): number[] {
  return [...new Set([...offered, shown, thisYear])].sort((a, b) => b - a);
}

export interface RevenueBySupplierPageProps {
  /** Forecast (projected payments) or Actual (payments received). */
  basis: RevenueBasis.FORECAST | RevenueBasis.ACTUAL;
}

/**
 * /ForecastRevenueBySupplier and /ActualRevenueBySupplier: a year's revenue by supplier and month,
 * as a table with its totals (exported as CSV) or as charts, and the year's commissions reconciled.
 * The year, the tab and the reconciled supplier are in the address (?year=2026&tab=reconciliation&supplier=7).
 */
export function RevenueBySupplierPage({ basis }: RevenueBySupplierPageProps) {
  const url = useUrlParams();
  const thisYear = new Date().getFullYear();
  const year = parseYear(url.params.get(P.year)) ?? thisYear;
  const tabParam = url.params.get(P.tab);
  const tab: RevenueTab = TABS.find((t) => t === tabParam) ?? "data";
  const title = basis === RevenueBasis.ACTUAL ? T.actualTitle : T.forecastTitle;
  const supplierId = parseSupplierId(url.params.get(P.supplier));
  const years = useRevenueYears();
  // The Reconciliation tab reads its own report.
  const report = useRevenueBySupplier(basis, year, tab !== "reconciliation");

  useLoadErrorToast(report, T.loadFailed);

  const data = report.data;
  const body = (panel: (data: GetRevenueBySupplierResponse) => ReactNode) => (
    <ListStatus
      query={report}
      loadingLabel={T.loading}
      loadFailed={T.loadFailed}
      retryText={T.retry}
      empty={!data || isEmptyRevenue(data)}
      emptyIcon="timeline-bar-chart"
      emptyTitle={T.empty(data?.year || year)}
    >
      {data && panel(data)}
    </ListStatus>
  );

  return (
    <div className="eris-page eris-report-page">
      <H3>{title}</H3>
      <div className="eris-toolbar">
        <FormGroup inline label={T.year} labelFor="revenue-year">
          <HTMLSelect
            id="revenue-year"
            value={String(year)}
            onChange={(e) => url.update({ [P.year]: e.currentTarget.value })}
          >
            {yearChoices(years.data ?? [], year, thisYear).map((y) => (
              <option key={y} value={String(y)}>
                {y}
              </option>
            ))}
          </HTMLSelect>
        </FormGroup>
        {tab !== "reconciliation" && report.isFetching && !report.isPending && <Spinner size={16} />}
      </div>
      <Tabs
        id="revenue-tabs"
        selectedTabId={tab}
        onChange={(next) => url.update({ [P.tab]: next === "data" ? null : String(next), [P.supplier]: null })}
        renderActiveTabPanelOnly
      >
        <Tab
          id="data"
          title={T.dataTab}
          panel={body((d) => (
            <RevenueTable report={d} fileName={T.fileName(title, d.year || year)} />
          ))}
        />
        <Tab
          id="charts"
          title={T.chartsTab}
          panel={body((d) => (
            <RevenueCharts report={d} />
          ))}
        />
        <Tab
          id="reconciliation"
          title={RECONCILIATION_TEXTS.tab}
          panel={
            <CommissionReconciliation
              year={year}
              supplierId={supplierId}
              onSupplierChange={(id) => url.update({ [P.supplier]: id === "0" ? null : id })}
            />
          }
        />
      </Tabs>
    </div>
  );
}

interface RevenueTableProps {
  report: GetRevenueBySupplierResponse;
  fileName: string;
}

/** Supplier, Jan … Dec and Total, a row per supplier and the totals under them; Export saves it as CSV. */
function RevenueTable({ report, fileName }: RevenueTableProps) {
  const months = (values: readonly string[]) =>
    MONTH_ABBREVIATIONS.map((month, i) => (
      <td key={month} className="eris-numeric">
        {formatMoney(values[i] ?? "")}
      </td>
    ));
  return (
    <>
      <div className="eris-toolbar">
        <span className="eris-spacer" />
        <Button icon="export" text={T.export} onClick={() => downloadCsv(fileName, toCsv(revenueCsvRows(report)))} />
      </div>
      <ScrollRegion className="eris-report-scroll" label={T.table}>
        <HTMLTable striped compact className="eris-table eris-report-table" aria-label={T.table}>
          <thead>
            <tr>
              <th>{T.supplier}</th>
              {MONTH_ABBREVIATIONS.map((month) => (
                <th key={month} className="eris-numeric">
                  {month}
                </th>
              ))}
              <th className="eris-numeric">{T.total}</th>
            </tr>
          </thead>
          <tbody>
            {report.suppliers.map((supplier) => (
              <tr key={`${supplier.supplierId}-${supplier.supplierName}`}>
                <td>{supplier.supplierName}</td>
                {months(supplier.monthly)}
                <td className="eris-numeric">{formatMoney(supplier.total)}</td>
              </tr>
            ))}
          </tbody>
          <tfoot>
            <tr className="eris-report-totals">
              <th scope="row">{T.total}</th>
              {months(report.monthTotals)}
              <td className="eris-numeric">{formatMoney(report.total)}</td>
            </tr>
          </tfoot>
        </HTMLTable>
      </ScrollRegion>
    </>
  );
}
