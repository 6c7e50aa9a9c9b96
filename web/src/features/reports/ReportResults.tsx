import { Button, Classes } from "@blueprintjs/core";
import type { IconName } from "@blueprintjs/icons";

import { ListStatus } from "../../components/ListStatus";
import { VirtualTable, type VirtualColumn } from "../../components/VirtualTable";
import { downloadCsv, toCsv } from "../../lib/csv";
import { useLoadErrorToast } from "../../lib/useLoadErrorToast";

/** A report's column: as the table shows it, and its cell in the CSV export. */
export interface ReportColumn<Row> extends VirtualColumn<Row> {
  header: string;
  /** The cell's text in the export: dates as shown, numbers as the server gave them. */
  csv: (row: Row) => string;
}

/** The shown rows as CSV rows: the headers, then a row each. */
export function reportCsvRows<Row>(columns: readonly ReportColumn<Row>[], rows: readonly Row[]): string[][] {
  return [columns.map((column) => column.header), ...rows.map((row) => columns.map((column) => column.csv(row)))];
}

/** The texts around a report's rows. */
export interface ReportRowsTexts {
  export: string;
  loading: string;
  retry: string;
  loadFailed: string;
  count: (n: number) => string;
  /** Said when more rows match than the server answered. */
  countMore: (n: number) => string;
}

export interface ReportResultsProps<Row> {
  /** The report's query: its rows, and whether more match than were answered. */
  query: {
    isPending: boolean;
    isError: boolean;
    errorUpdatedAt: number;
    data?: { rows: Row[]; more: boolean };
    refetch: () => unknown;
  };
  columns: readonly ReportColumn<Row>[];
  rowKey: (row: Row) => string;
  rowAttributes?: (row: Row) => Record<string, string>;
  /** The table's accessible name. */
  table: string;
  texts: ReportRowsTexts;
  emptyIcon: IconName;
  emptyTitle: string;
  /** The export's file name. */
  fileName: string;
  /** Names the filters shown: the table starts at its top again when they change. */
  filterKey: string;
}

/**
 * A report's rows (a spinner while they load, the spec's message when they cannot be read, or why
 * there are none), with their count and an Export of the shown rows as CSV made in the browser. The
 * table scrolls both ways inside its own box.
 */
export function ReportResults<Row>({
  query,
  columns,
  rowKey,
  rowAttributes,
  table,
  texts,
  emptyIcon,
  emptyTitle,
  fileName,
  filterKey,
}: ReportResultsProps<Row>) {
  useLoadErrorToast(query, texts.loadFailed);
  const rows = query.data?.rows ?? [];
  return (
    <ListStatus
      query={query}
      loadingLabel={texts.loading}
      loadFailed={texts.loadFailed}
      retryText={texts.retry}
      empty={rows.length === 0}
      emptyIcon={emptyIcon}
      emptyTitle={emptyTitle}
    >
      <div className="eris-toolbar">
        <p className={Classes.TEXT_MUTED} data-testid="report-count">
          {query.data?.more ? texts.countMore(rows.length) : texts.count(rows.length)}
        </p>
        <span className="eris-spacer" />
        <Button
          icon="export"
          text={texts.export}
          onClick={() => downloadCsv(fileName, toCsv(reportCsvRows(columns, rows)))}
        />
      </div>
      <VirtualTable
        key={filterKey}
        rows={rows}
        columns={columns}
        rowKey={rowKey}
        rowAttributes={rowAttributes}
        ariaLabel={table}
        className="eris-report-rows"
      />
    </ListStatus>
  );
}
