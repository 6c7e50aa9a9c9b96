import type { ImportProblem } from "../../gen/eris/crm/v1/accounts_pb";
import { parseCsv, toCsv } from "../../lib/csv";
import { IMPORT_HEADERS, IMPORT_TEXTS } from "./texts";

/** One row of the file as the preview lists it: its number (1 = first after the header), cells and problems. */
export interface PreviewRow {
  row: number;
  name: string;
  accountNumber: string;
  utility: string;
  commodity: string;
  problems: ImportProblem[];
}

const column = (header: (typeof IMPORT_HEADERS)[number]) => IMPORT_HEADERS.indexOf(header);

/** "Commodity: must be Electric or Gas"; a problem of the whole row has no column. */
export function problemText(problem: ImportProblem): string {
  return problem.column ? `${problem.column}: ${problem.message}` : problem.message;
}

/**
 * The preview of a checked file: every row after the header with its problems, and the problems
 * that belong to no listed row (the header's, or rows the server counted that the preview did not).
 */
export function importPreview(
  csvText: string,
  problems: readonly ImportProblem[],
): { rows: PreviewRow[]; otherProblems: ImportProblem[] } {
  const [, ...records] = parseCsv(csvText);
  // Spreadsheets save blank lines at the end of a sheet; they are no rows of accounts.
  while (records.length > 0 && records[records.length - 1].every((cell) => cell.trim() === "")) {
    records.pop();
  }
  const byRow = new Map<number, ImportProblem[]>();
  for (const problem of problems) {
    byRow.set(problem.row, [...(byRow.get(problem.row) ?? []), problem]);
  }
  const rows = records.map((cells, index) => ({
    row: index + 1,
    name: cells[column("Site Name")] ?? "",
    accountNumber: cells[column("Account #")] ?? "",
    utility: cells[column("Utility")] ?? "",
    commodity: cells[column("Commodity")] ?? "",
    problems: byRow.get(index + 1) ?? [],
  }));
  const otherProblems = problems.filter((problem) => problem.row < 1 || problem.row > rows.length);
  return { rows, otherProblems };
}

/** The problems as a CSV for Excel: Row (Header for row 0), Column, Problem, in row order. */
export function problemsCsv(problems: readonly ImportProblem[]): string {
  const t = IMPORT_TEXTS.problemColumns;
  const sorted = [...problems].sort((a, b) => a.row - b.row);
  return toCsv([
    [t.row, t.column, t.message],
    ...sorted.map((problem) => [
      problem.row === 0 ? IMPORT_TEXTS.header : String(problem.row),
      problem.column,
      problem.message,
    ]),
  ]);
}

/** The file's text as sent: without a byte order mark, which some servers read as part of the first header. */
export function importText(fileText: string): string {
  return fileText.startsWith("\uFEFF") ? fileText.slice(1) : fileText;
}
