import { useEffect, useLayoutEffect, useRef, useState, type CSSProperties, type ReactNode } from "react";

import { HTMLTable } from "@blueprintjs/core";

import "./virtualTable.css";

/** Every row is this high (px), so the rows in view follow from the scroll position alone. */
export const ROW_HEIGHT = 34;
/** Rows drawn above and below the visible ones, so fast scrolling shows no gap. */
const OVERSCAN = 12;
/** The viewport assumed before it can be measured (and in tests, where nothing has a size). */
const FALLBACK_VIEWPORT = 720;
/** The room the unpinned columns keep between the pinned ones; narrower boxes pin at the left only. */
export const MIN_SCROLLING_WIDTH = 160;

export interface VirtualColumn<Row> {
  id: string;
  header: ReactNode;
  /** The column's name where the header is not plain text (the column chooser lists it by this). */
  label?: string;
  /** Width in px (the table has a fixed layout). */
  width: number;
  numeric?: boolean;
  /**
   * Stays in view while the table scrolls sideways: true at the left (the row's name), "end" at the
   * right (its amounts). Pinned columns are drawn first and last, each group in the order given.
   */
  pinned?: boolean | "end";
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
   * The scroll box's name, which the keyboard reaches to scroll the rows (default: the table's).
   */
  scrollLabel?: string;
  /** Draws every row, for a page of a few dozen that tests and people count in the document. */
  drawAllRows?: boolean;
}

/** Where a pinned cell sticks, and whether it is the edge its group draws a line on. */
export interface PinnedPlace {
  side: "left" | "right";
  offset: number;
  edge: boolean;
}

/**
 * The columns in drawing order (pinned at the left, the others, pinned at the right) and where each
 * pinned one sticks. The right ones stay pinned only while `boxWidth` (0 when unknown) leaves the
 * others MIN_SCROLLING_WIDTH between the two groups; otherwise they scroll with the rest.
 */
export function pinnedLayout<C extends Pick<VirtualColumn<unknown>, "id" | "width" | "pinned">>(
  columns: readonly C[],
  boxWidth: number,
): { ordered: C[]; places: Map<string, PinnedPlace> } {
  const start = columns.filter((column) => column.pinned === true);
  const end = columns.filter((column) => column.pinned === "end");
  const middle = columns.filter((column) => !column.pinned);
  const widthOf = (group: readonly C[]) => group.reduce((sum, column) => sum + column.width, 0);
  const pinEnd = boxWidth === 0 || widthOf(start) + widthOf(end) + MIN_SCROLLING_WIDTH <= boxWidth;
  const places = new Map<string, PinnedPlace>();
  start.reduce((left, column, i) => {
    places.set(column.id, { side: "left", offset: left, edge: i === start.length - 1 });
    return left + column.width;
  }, 0);
  if (pinEnd) {
    end.reduceRight((right, column, i) => {
      places.set(column.id, { side: "right", offset: right, edge: i === 0 });
      return right + column.width;
    }, 0);
  }
  return { ordered: [...start, ...middle, ...end], places };
}

/**
 * A table that draws only the rows in view (plus a margin), inside its own scroll box: thousands
 * of rows scroll smoothly and the header stays on top. Wide column sets scroll sideways inside the
 * box between the pinned columns: a row's name at the left, its amounts at the right.
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
  drawAllRows = false,
}: VirtualTableProps<Row>) {
  const scrollRef = useRef<HTMLDivElement>(null);
  const [scrollTop, setScrollTop] = useState(0);
  const [viewport, setViewport] = useState({ width: 0, height: 0 });

  useLayoutEffect(() => {
    const box = scrollRef.current;
    if (!box) {
      return;
    }
    const measure = () => setViewport({ width: box.clientWidth, height: box.clientHeight });
    measure();
    if (typeof ResizeObserver === "undefined") {
      return;
    }
    const observer = new ResizeObserver(measure);
    observer.observe(box);
    return () => observer.disconnect();
  }, []);

  const height = viewport.height || FALLBACK_VIEWPORT;
  const first = drawAllRows ? 0 : Math.max(0, Math.floor(scrollTop / ROW_HEIGHT) - OVERSCAN);
  const last = drawAllRows
    ? rows.length
    : Math.min(rows.length, Math.ceil((scrollTop + height) / ROW_HEIGHT) + OVERSCAN);
  const nearEnd = last >= rows.length - OVERSCAN;

  useEffect(() => {
    if (nearEnd) {
      onNearEnd?.();
    }
  }, [nearEnd, rows.length, onNearEnd]);

  const width = columns.reduce((sum, column) => sum + column.width, 0);
  const { ordered, places } = pinnedLayout(columns, viewport.width);

  const cellClass = (column: VirtualColumn<Row>) => {
    const place = places.get(column.id);
    const pinned = place && (place.side === "left" ? "eris-vtable-pinned" : "eris-vtable-pinned-end");
    return (
      [column.numeric && "eris-numeric", pinned, place?.edge && `${pinned}-edge`].filter(Boolean).join(" ") || undefined
    );
  };
  const cellStyle = (column: VirtualColumn<Row>): CSSProperties | undefined => {
    const place = places.get(column.id);
    return place && { [place.side]: place.offset };
  };

  return (
    <div
      ref={scrollRef}
      className={["eris-vtable-scroll", className].filter(Boolean).join(" ")}
      // A named region in the Tab order, so the arrow keys scroll the rows even when they hold
      // nothing focusable (a read-only role's view): WCAG 2.1.1.
      role="region"
      aria-label={scrollLabel ?? ariaLabel}
      tabIndex={0}
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
          {ordered.map((column) => (
            <col key={column.id} style={{ width: column.width }} />
          ))}
        </colgroup>
        <thead>
          <tr aria-rowindex={1}>
            {ordered.map((column) => (
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
                {ordered.map((column) => (
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
