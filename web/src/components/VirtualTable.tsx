import { useEffect, useLayoutEffect, useRef, useState, type CSSProperties, type ReactNode } from "react";

import { HTMLTable } from "@blueprintjs/core";

import "./virtualTable.css";

/** Every row is this high (px), so the rows in view follow from the scroll position alone. */
export const ROW_HEIGHT = 34;
/** Rows drawn above and below the visible ones, so fast scrolling shows no gap. */
const OVERSCAN = 12;
/** The viewport assumed before it can be measured (and in tests, where nothing has a size). */
const FALLBACK_VIEWPORT = 720;

export interface VirtualColumn<Row> {
  id: string;
  header: ReactNode;
  /** Width in px (the table has a fixed layout). */
  width: number;
  numeric?: boolean;
  /** Stays in view while the table scrolls sideways (only the leading columns). */
  pinned?: boolean;
  render: (row: Row) => ReactNode;
  /** The full text on hover, for cells too narrow for it. */
  title?: (row: Row) => string | undefined;
}

export interface VirtualTableProps<Row> {
  rows: readonly Row[];
  columns: readonly VirtualColumn<Row>[];
  rowKey: (row: Row) => string;
  /** Extra attributes of a row (e.g. data-account-id for tests and end-to-end specs). */
  rowAttributes?: (row: Row) => Record<string, string>;
  ariaLabel: string;
  /** All the rows there are (more than `rows` while pages are still to be read). */
  totalRows?: number;
  /** Called when the rows near the end come into view (to read the next page). */
  onNearEnd?: () => void;
  className?: string;
  /**
   * Names the scroll box and lets the keyboard focus it, so the arrow keys scroll a table wider than
   * the page whose rows hold nothing focusable beyond their first columns.
   */
  scrollLabel?: string;
}

/**
 * A table that draws only the rows in view (plus a margin), inside its own scroll box: thousands
 * of rows scroll smoothly and the header stays on top. Wide column sets scroll sideways inside the
 * box, with the pinned columns kept at the left.
 */
export function VirtualTable<Row>({
  rows,
  columns,
  rowKey,
  rowAttributes,
  ariaLabel,
  totalRows,
  onNearEnd,
  className,
  scrollLabel,
}: VirtualTableProps<Row>) {
  const scrollRef = useRef<HTMLDivElement>(null);
  const [scrollTop, setScrollTop] = useState(0);
  const [viewport, setViewport] = useState(0);

  useLayoutEffect(() => {
    const box = scrollRef.current;
    if (!box) {
      return;
    }
    setViewport(box.clientHeight);
    if (typeof ResizeObserver === "undefined") {
      return;
    }
    const observer = new ResizeObserver(() => setViewport(box.clientHeight));
    observer.observe(box);
    return () => observer.disconnect();
  }, []);

  const height = viewport || FALLBACK_VIEWPORT;
  const first = Math.max(0, Math.floor(scrollTop / ROW_HEIGHT) - OVERSCAN);
  const last = Math.min(rows.length, Math.ceil((scrollTop + height) / ROW_HEIGHT) + OVERSCAN);
  const nearEnd = last >= rows.length - OVERSCAN;

  useEffect(() => {
    if (nearEnd) {
      onNearEnd?.();
    }
  }, [nearEnd, rows.length, onNearEnd]);

  const width = columns.reduce((sum, column) => sum + column.width, 0);
  const pinnedLeft = new Map<string, number>();
  columns.reduce((left, column) => {
    if (!column.pinned) {
      return left;
    }
    pinnedLeft.set(column.id, left);
    return left + column.width;
  }, 0);

  const cellClass = (column: VirtualColumn<Row>) =>
    [column.numeric ? "eris-numeric" : "", column.pinned ? "eris-vtable-pinned" : ""].filter(Boolean).join(" ") ||
    undefined;
  const cellStyle = (column: VirtualColumn<Row>): CSSProperties | undefined =>
    column.pinned ? { left: pinnedLeft.get(column.id) } : undefined;

  return (
    <div
      ref={scrollRef}
      className={["eris-vtable-scroll", className].filter(Boolean).join(" ")}
      {...(scrollLabel ? { role: "region", "aria-label": scrollLabel, tabIndex: 0 } : {})}
      onScroll={(event) => setScrollTop(event.currentTarget.scrollTop)}
    >
      <HTMLTable
        compact
        className="eris-table eris-vtable"
        style={{ width }}
        aria-label={ariaLabel}
        aria-rowcount={(totalRows ?? rows.length) + 1}
      >
        <colgroup>
          {columns.map((column) => (
            <col key={column.id} style={{ width: column.width }} />
          ))}
        </colgroup>
        <thead>
          <tr aria-rowindex={1}>
            {columns.map((column) => (
              <th key={column.id} scope="col" className={cellClass(column)} style={cellStyle(column)}>
                {column.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {first > 0 && (
            <tr aria-hidden className="eris-vtable-spacer" style={{ height: first * ROW_HEIGHT }}>
              <td colSpan={columns.length} />
            </tr>
          )}
          {rows.slice(first, last).map((row, offset) => {
            const index = first + offset;
            return (
              <tr
                key={rowKey(row)}
                aria-rowindex={index + 2}
                className={index % 2 === 1 ? "eris-vtable-odd" : undefined}
                {...rowAttributes?.(row)}
              >
                {columns.map((column) => (
                  <td
                    key={column.id}
                    className={cellClass(column)}
                    style={cellStyle(column)}
                    title={column.title?.(row) || undefined}
                  >
                    {column.render(row)}
                  </td>
                ))}
              </tr>
            );
          })}
          {last < rows.length && (
            <tr aria-hidden className="eris-vtable-spacer" style={{ height: (rows.length - last) * ROW_HEIGHT }}>
              <td colSpan={columns.length} />
            </tr>
          )}
        </tbody>
      </HTMLTable>
    </div>
  );
}
