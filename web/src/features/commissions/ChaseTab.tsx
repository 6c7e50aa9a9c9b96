import { Button, Classes, FormGroup, HTMLSelect, Spinner } from "@blueprintjs/core";

import { serverMessage } from "../../api/errors";
import { ListStatus } from "../../components/ListStatus";
import { VirtualTable, type VirtualColumn } from "../../components/VirtualTable";
import type { ChaseLine } from "../../gen/eris/contracts/v1/statements_pb";
import { downloadBlob } from "../../lib/download";
import { formatMoney } from "../../lib/records/contractFormat";
import { toast } from "../../lib/toaster";
import type { UrlParams } from "../../lib/urlState";
import { useLoadErrorToast } from "../../lib/useLoadErrorToast";
import { SignedMoney } from "./BucketView";
import { dateMonth, monthLabel, thisMonth } from "./commissionFormat";
import { useCommissionChase, useExportChaseExceptions } from "./commissionQueries";
import { parseSupplierParam, SupplierFilter } from "./SupplierSelect";
import { CHASE_TEXTS, COMMISSION_TEXTS } from "./texts";

const T = CHASE_TEXTS;
const C = T.columns;

/** The years the chase offers: from five years back to next year, latest first. */
function yearChoices(current: number, chosen: number): number[] {
  const years = Array.from({ length: 7 }, (_, i) => current + 1 - i);
  return years.includes(chosen) ? years : [...years, chosen].sort((a, b) => b - a);
}

/** A year from the address; undefined when absent or not one. */
function parseYear(text: string | null): number | undefined {
  return text && /^\d{4}$/.test(text) ? Number(text) : undefined;
}

type Export = (line: ChaseLine, format: "csv" | "xlsx") => void;

/** A line's two exports: the format asked for, the button's text and icon. */
const EXPORTS = [
  { format: "csv", text: T.csv, icon: "th-derived" },
  { format: "xlsx", text: T.excel, icon: "th" },
] as const;

function chaseColumns(exportLine: Export, exporting: boolean): VirtualColumn<ChaseLine>[] {
  const money = (id: keyof typeof C, value: (l: ChaseLine) => string): VirtualColumn<ChaseLine> => ({
    id,
    header: C[id],
    width: 120,
    numeric: true,
    render: (l) => formatMoney(value(l)),
  });
  return [
    {
      id: "supplier",
      header: C.supplier,
      width: 190,
      pinned: true,
      render: (l) => l.supplierName,
      title: (l) => l.supplierName,
    },
    { id: "month", header: C.month, width: 140, render: (l) => monthLabel(dateMonth(l.month)) },
    money("expected", (l) => l.expected),
    money("received", (l) => l.received),
    { id: "short", header: C.short, width: 120, numeric: true, render: (l) => <SignedMoney value={l.short} /> },
    {
      id: "missingCount",
      header: C.missingCount,
      width: 90,
      numeric: true,
      render: (l) => l.missingCount.toLocaleString("en-US"),
    },
    money("missingAmount", (l) => l.missingAmount),
    { id: "statements", header: C.statements, width: 110, numeric: true, render: (l) => l.statements },
    {
      id: "exceptions",
      header: C.exceptions,
      width: 330,
      render: (l) => {
        const month = monthLabel(dateMonth(l.month));
        return (
          <span className="eris-commission-exports">
            {EXPORTS.map(({ format, text, icon }) => (
              <Button
                key={format}
                small
                icon={icon}
                text={text}
                disabled={exporting}
                aria-label={T.exportLabel(text, l.supplierName, month)}
                onClick={() => exportLine(l, format)}
              />
            ))}
          </span>
        );
      },
    },
  ];
}

export interface ChaseTabProps {
  url: UrlParams;
}

/**
 * Chase: per supplier and month of a year, expected, received, short and missing, each line with its
 * exceptions to send to the supplier (CSV or Excel). The year and supplier are in the address.
 */
export function ChaseTab({ url }: ChaseTabProps) {
  const current = thisMonth().year;
  const year = parseYear(url.params.get("year")) ?? current;
  const supplierId = parseSupplierParam(url.params.get("supplier"));
  const chase = useCommissionChase(year, supplierId);
  const exporter = useExportChaseExceptions();
  useLoadErrorToast(chase, T.loadFailed);
  const lines = chase.data ?? [];

  const exportLine: Export = (line, format) => {
    const month = dateMonth(line.month);
    if (!month) {
      return;
    }
    exporter.mutate(
      { supplierId: line.supplierId, month, format },
      {
        onSuccess: (file) =>
          downloadBlob(
            file.fileName,
            new Blob([file.content as Uint8Array<ArrayBuffer>], { type: file.contentType || undefined }),
          ),
        onError: (err) => void toast.error(`${T.exportFailed} ${serverMessage(err)}`.trim()),
      },
    );
  };

  return (
    <>
      <p className={Classes.TEXT_MUTED}>{T.intro}</p>
      <div className="eris-toolbar eris-commission-choices">
        <FormGroup inline label={COMMISSION_TEXTS.year} labelFor="chase-year">
          <HTMLSelect
            id="chase-year"
            value={year}
            onChange={(e) => {
              const next = e.currentTarget.value;
              url.update({ year: next === String(current) ? null : next });
            }}
          >
            {yearChoices(current, year).map((y) => (
              <option key={y} value={y}>
                {y}
              </option>
            ))}
          </HTMLSelect>
        </FormGroup>
        <SupplierFilter id="chase-supplier" url={url} />
        {(chase.isFetching && !chase.isPending) || exporter.isPending ? <Spinner size={16} /> : null}
      </div>
      <ListStatus
        query={chase}
        loadingLabel={T.loading}
        loadFailed={T.loadFailed}
        retryText={COMMISSION_TEXTS.retry}
        empty={lines.length === 0}
        emptyIcon="tick-circle"
        emptyTitle={T.empty(year)}
      >
        <VirtualTable
          rows={lines}
          columns={chaseColumns(exportLine, exporter.isPending)}
          rowKey={(l) => `${l.supplierId}-${l.month?.year}-${l.month?.month}`}
          ariaLabel={T.table}
          scrollLabel={T.table}
          className="eris-commission-rows"
        />
      </ListStatus>
    </>
  );
}
