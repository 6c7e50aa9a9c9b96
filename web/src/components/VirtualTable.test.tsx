import { fireEvent, render, screen, within } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";

import { ROW_HEIGHT, VirtualTable, type VirtualColumn } from "./VirtualTable";

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
