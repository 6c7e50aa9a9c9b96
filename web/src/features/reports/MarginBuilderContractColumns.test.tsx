import { create } from "@bufbuild/protobuf";
import { render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";

import { ContractSchema } from "../../gen/eris/contracts/v1/contracts_pb";
import { CONTRACT_FIELDS } from "../../lib/records/contractFields";
import { makeMarginRow } from "../../test/reportFakes";
import { contractMarginColumns } from "./marginColumns";
import { tableColumns } from "./MarginBuilderPage";

describe("Margin Builder with a contract field as a column", () => {
  it("puts it after the spec's columns, scrolling with them, read from each row's contract", () => {
    // A contract field given a Margin Builder header in its descriptor, as the recipe for a new
    // column says (docs/architecture.md).
    const headed = contractMarginColumns({ notes: { ...CONTRACT_FIELDS.notes, margin: "Notes" } });
    const columns = tableColumns(() => {}, headed);
    const ids = columns.map((column) => column.id);
    expect(ids.slice(ids.indexOf("affiliate"), ids.indexOf("affiliate") + 2)).toEqual(["affiliate", "contract.notes"]);
    expect(ids.length).toBe(tableColumns(() => {}).length + 1);
    const notes = columns.find((column) => column.id === "contract.notes")!;
    expect([notes.label, notes.pinned, notes.numeric]).toEqual(["Notes", false, false]);
    const row = makeMarginRow({ contract: create(ContractSchema, { notes: "Ask for the plant manager" }) });
    render(<>{notes.render(row)}</>);
    expect(screen.getByText("Ask for the plant manager")).toBeTruthy();
    expect(notes.title?.(row)).toBe("Ask for the plant manager");
  });
});
