import { fireEvent, render, screen, within } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";

import { MIN_SCROLLING_WIDTH, pinnedLayout, ROW_HEIGHT, VirtualTable, type VirtualColumn } from "./VirtualTable";

interface Row {
  id: number;
  name: string;
}

const rows: Row[] = Array.from({ length: 1000 }, (_, i) => ({ id: i + 1, name: `Site ${i + 1}` }));
const columns: VirtualColumn<Row>[] = [
  { id: "id", header: "#", width: 60, numeric: true, pinned: true, render: (row) => row.id },
  { id: "name", header: "Name", width: 200, render: (row) => row.name, title: (row) => row.name },
];

function renderTable(onNearEnd = vi.fn()) {
  render(
    <VirtualTable
      rows={rows}
      columns={columns}
      rowKey={(row) => String(row.id)}
      rowAttributes={(row) => ({ "data-row-id": String(row.id) })}
      ariaLabel="Sites"
      totalRows={2500}
      onNearEnd={onNearEnd}
    />,
  );
  const table = screen.getByRole("table", { name: "Sites" });
  const drawn = () => table.querySelectorAll("tbody tr[data-row-id]");
  return { table, drawn, onNearEnd };
}

describe("virtual table", () => {
  it("draws only the rows in view, and counts every row there is for assistive technology", () => {
    const { table, drawn, onNearEnd } = renderTable();
    expect(table.getAttribute("aria-rowcount")).toBe("2501");
    expect(drawn().length).toBeGreaterThan(10);
    expect(drawn().length).toBeLessThan(60);
    expect(within(table).getByText("Site 1").closest("tr")?.getAttribute("aria-rowindex")).toBe("2");
    expect(within(table).queryByText("Site 500")).toBeNull();
    expect(onNearEnd).not.toHaveBeenCalled();
  });

  it("lets the keyboard reach its scroll box, named after the table, though no row holds a control", () => {
    const { table } = renderTable();
    const box = screen.getByRole("region", { name: "Sites" });
    expect(box).toBe(table.parentElement);
    expect(box.tabIndex).toBe(0);
  });

  it("follows the scroll position and asks for more rows near the end", () => {
    const { table, drawn, onNearEnd } = renderTable();
    const box = table.parentElement as HTMLElement;
    fireEvent.scroll(box, { target: { scrollTop: 499 * ROW_HEIGHT } });
    expect(within(table).getByText("Site 500")).toBeTruthy();
    expect(within(table).queryByText("Site 1")).toBeNull();
    expect(drawn().length).toBeLessThan(60);
    expect(onNearEnd).not.toHaveBeenCalled();
    fireEvent.scroll(box, { target: { scrollTop: 990 * ROW_HEIGHT } });
    expect(within(table).getByText("Site 1000")).toBeTruthy();
    expect(onNearEnd).toHaveBeenCalled();
  });

  it("keeps the pinned columns at the left and shows a cell's full text on hover", () => {
    const { table } = renderTable();
    const cell = within(table).getByText("Site 1").closest("td") as HTMLElement;
    expect(cell.title).toBe("Site 1");
    const pinned = within(table).getByText("#");
    expect(pinned.className).toContain("eris-vtable-pinned");
    expect(pinned.style.left).toBe("0px");
  });
});

describe("pinned columns", () => {
  const grid = [
    { id: "status", width: 100 },
    { id: "name", width: 200, pinned: true },
    { id: "fee", width: 90, pinned: "end" as const },
    { id: "city", width: 150 },
    { id: "actions", width: 120, pinned: true },
    { id: "revenue", width: 130, pinned: "end" as const },
  ];
  const order = (boxWidth: number) => pinnedLayout(grid, boxWidth).ordered.map((column) => column.id);

  it("draws the left ones first and the right ones last, each group in its order", () => {
    expect(order(0)).toEqual(["name", "actions", "status", "city", "fee", "revenue"]);
  });

  it("sticks the left ones from the left edge and the right ones from the right edge", () => {
    const { places } = pinnedLayout(grid, 1024);
    expect(Object.fromEntries(places)).toEqual({
      name: { side: "left", offset: 0, edge: false },
      actions: { side: "left", offset: 200, edge: true },
      fee: { side: "right", offset: 130, edge: true },
      revenue: { side: "right", offset: 0, edge: false },
    });
    expect(places.has("city")).toBe(false);
  });

  it("lets the right ones scroll when they would leave the others too little room", () => {
    const pinnedWidth = 200 + 120 + 90 + 130;
    expect(pinnedLayout(grid, pinnedWidth + MIN_SCROLLING_WIDTH).places.has("fee")).toBe(true);
    const narrow = pinnedLayout(grid, pinnedWidth + MIN_SCROLLING_WIDTH - 1);
    expect(narrow.places.has("fee")).toBe(false);
    expect(narrow.places.get("name")).toEqual({ side: "left", offset: 0, edge: false });
    // Still drawn last.
    expect(narrow.ordered.at(-1)?.id).toBe("revenue");
  });

  it("marks the cells of each group for sticking", () => {
    render(
      <VirtualTable
        rows={rows.slice(0, 3)}
        columns={[...columns, { id: "fee", header: "Fee", width: 80, pinned: "end", render: () => "$1.00" }]}
        rowKey={(row) => String(row.id)}
        ariaLabel="Fees"
      />,
    );
    const fee = within(screen.getByRole("table", { name: "Fees" })).getByText("Fee");
    expect(fee.className).toContain("eris-vtable-pinned-end");
    expect(fee.className).toContain("eris-vtable-pinned-end-edge");
    expect(fee.style.right).toBe("0px");
  });

  it("draws every row of a page when asked", () => {
    render(
      <VirtualTable
        rows={rows.slice(0, 60)}
        columns={columns}
        rowKey={(row) => String(row.id)}
        ariaLabel="All sites"
        drawAllRows
      />,
    );
    const table = screen.getByRole("table", { name: "All sites" });
    expect(table.querySelectorAll("tbody tr")).toHaveLength(60);
  });
});
