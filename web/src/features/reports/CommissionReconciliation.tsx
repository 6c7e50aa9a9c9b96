import {
  Button,
  Callout,
  Classes,
  FormGroup,
  H5,
  HTMLSelect,
  HTMLTable,
  Intent,
  Spinner,
  Tag,
} from "@blueprintjs/core";
import { Link } from "react-router";

import { ListStatus } from "../../components/ListStatus";
import { ScrollRegion } from "../../components/ScrollRegion";
import { VirtualTable, type VirtualColumn } from "../../components/VirtualTable";
import type {
  CommissionRow,
  CommissionTotals,
  GetCommissionReconciliationResponse,
} from "../../gen/eris/reporting/v1/reporting_pb";
import { companyContractsPath } from "../../lib/companyRoutes";
import { downloadCsv, toCsv } from "../../lib/csv";
import { formatMoney, formatVolume } from "../../lib/records/contractFormat";
import { monthName } from "../../lib/records/paymentFormat";
import { useLoadErrorToast } from "../../lib/useLoadErrorToast";
import { isEmptyReconciliation, isNegative, reconciliationCsvRows, supplierChoices } from "./reconciliationData";
import { useCommissionReconciliation, useMarginOptions } from "./reportQueries";
import { RECONCILIATION_TEXTS } from "./texts";

const T = RECONCILIATION_TEXTS;
const C = T.columns;

/** An amount, in the danger colour when below zero (its minus sign stays, for those who cannot see red). */
function Signed({ value, format }: { value: string; format: (value: string) => string }) {
  return <span className={isNegative(value) ? "eris-negative" : undefined}>{format(value)}</span>;
}

type Column = VirtualColumn<CommissionRow>;

function money(id: keyof typeof C, width: number, value: (row: CommissionRow) => string): Column {
  return {
    id,
    header: C[id],
    width,
    numeric: true,
    render: (row) => <Signed value={value(row)} format={formatMoney} />,
  };
}

function usage(id: keyof typeof C, value: (row: CommissionRow) => string): Column {
  return {
    id,
    header: C[id],
    width: 130,
    numeric: true,
    render: (row) => <Signed value={value(row)} format={formatVolume} />,
  };
}

/** The months table's columns; Received holds the Missing tag when the month has passed with nothing. */
const MONTH_COLUMNS: Column[] = [
  {
    id: "company",
    header: C.company,
    width: 220,
    pinned: true,
    render: (row) => <Link to={companyContractsPath(row.companyId)}>{row.companyName}</Link>,
    title: (row) => row.companyName,
  },
  { id: "supplier", header: C.supplier, width: 160, render: (row) => row.supplier, title: (row) => row.supplier },
  { id: "month", header: C.month, width: 100, render: (row) => monthName(row.month) },
  usage("projectedUsage", (row) => row.projectedUsage),
  usage("usageActual", (row) => row.usageActual),
  usage("usageVariance", (row) => row.usageVariance),
  money("projectedPayment", 140, (row) => row.projectedPayment),
  {
    id: "received",
    header: C.received,
    width: 130,
    numeric: true,
    render: (row) =>
      row.missing ? (
        <Tag minimal intent={Intent.DANGER}>
          {T.missing}
        </Tag>
      ) : (
        formatMoney(row.paymentActual)
      ),
  },
  money("variance", 130, (row) => row.variance),
];

export interface CommissionReconciliationProps {
  year: number;
  /** The supplier chosen; 0n for all. */
  supplierId: bigint;
  /** Chooses a supplier by id ("0" for all). */
  onSupplierChange: (supplierId: string) => void;
}

/**
 * The revenue reports' Reconciliation tab: a year's projected commissions against those received,
 * per supplier with the year's totals, then the contract months that differ (missing ones first);
 * Export saves both as one CSV. The supplier is kept in the address (?supplier=7).
 */
export function CommissionReconciliation({ year, supplierId, onSupplierChange }: CommissionReconciliationProps) {
  const report = useCommissionReconciliation(year, supplierId);
  const options = useMarginOptions();
  useLoadErrorToast(report, T.loadFailed);

  const data = report.data;
  const empty = !data || isEmptyReconciliation(data);
  const choices = supplierChoices(data?.suppliers ?? [], options.data?.suppliers ?? [], supplierId);

  return (
    <>
      <p className={Classes.TEXT_MUTED}>{T.intro}</p>
      <div className="eris-toolbar">
        <FormGroup inline label={T.supplier} labelFor="reconciliation-supplier">
          <HTMLSelect
            id="reconciliation-supplier"
            value={String(supplierId)}
            onChange={(e) => onSupplierChange(e.currentTarget.value)}
          >
            <option value="0">{T.allSuppliers}</option>
            {choices.map((choice) => (
              <option key={choice.id} value={choice.id}>
                {choice.label}
              </option>
            ))}
          </HTMLSelect>
        </FormGroup>
        {report.isFetching && !report.isPending && <Spinner size={16} />}
        <span className="eris-spacer" />
        {data && !empty && (
          <Button
            icon="export"
            text={T.export}
            onClick={() => downloadCsv(T.fileName(data.year || year), toCsv(reconciliationCsvRows(data, supplierId)))}
          />
        )}
      </div>
      <ListStatus
        query={report}
        loadingLabel={T.loading}
        loadFailed={T.loadFailed}
        retryText={T.retry}
        empty={empty}
        emptyIcon="exchange"
        emptyTitle={T.empty(data?.year || year)}
      >
        {data && <ReconciliationTables report={data} supplierId={supplierId} />}
      </ListStatus>
    </>
  );
}

interface ReconciliationTablesProps {
  report: GetCommissionReconciliationResponse;
  supplierId: bigint;
}

function ReconciliationTables({ report, supplierId }: ReconciliationTablesProps) {
  return (
    <>
      <ScrollRegion className="eris-report-scroll" label={T.totalsTable}>
        <HTMLTable striped compact className="eris-table eris-report-table" aria-label={T.totalsTable}>
          <thead>
            <tr>
              <th>{C.supplier}</th>
              <th className="eris-numeric">{C.projected}</th>
              <th className="eris-numeric">{C.received}</th>
              <th className="eris-numeric">{C.variance}</th>
              <th className="eris-numeric">{C.missingMonths}</th>
              <th className="eris-numeric">{C.missingAmount}</th>
            </tr>
          </thead>
          <tbody>
            {report.suppliers.map((totals) => (
              <TotalsRow key={`${totals.supplierId}-${totals.supplierName}`} totals={totals} />
            ))}
          </tbody>
          {supplierId === 0n && report.total && (
            <tfoot>
              <TotalsRow totals={report.total} isTotal />
            </tfoot>
          )}
        </HTMLTable>
      </ScrollRegion>
      <H5 className="eris-reconciliation-heading">{T.monthsTable}</H5>
      {report.more && (
        <Callout intent={Intent.WARNING} compact className="eris-reconciliation-more">
          {T.more}
        </Callout>
      )}
      {report.rows.length === 0 ? (
        <p className={Classes.TEXT_MUTED}>{T.noMonths}</p>
      ) : (
        <VirtualTable
          key={`${report.year}-${supplierId}`}
          rows={report.rows}
          columns={MONTH_COLUMNS}
          rowKey={(row) => String(row.paymentId)}
          rowAttributes={(row) => ({ "data-payment-id": String(row.paymentId), "data-missing": String(row.missing) })}
          ariaLabel={T.monthsTable}
          scrollLabel={T.monthsTable}
          className="eris-report-rows"
        />
      )}
    </>
  );
}

/** A supplier's year, or the whole year's in bold. */
function TotalsRow({ totals, isTotal = false }: { totals: CommissionTotals; isTotal?: boolean }) {
  return (
    <tr className={isTotal ? "eris-report-totals" : undefined}>
      {isTotal ? <th scope="row">{totals.supplierName}</th> : <td>{totals.supplierName}</td>}
      <td className="eris-numeric">{formatMoney(totals.projected)}</td>
      <td className="eris-numeric">{formatMoney(totals.actual)}</td>
      <td className="eris-numeric">
        <Signed value={totals.variance} format={formatMoney} />
      </td>
      <td className="eris-numeric">{totals.missingMonths.toLocaleString("en-US")}</td>
      <td className="eris-numeric">{formatMoney(totals.missingAmount)}</td>
    </tr>
  );
}
