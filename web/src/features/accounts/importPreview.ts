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
): { headers: string[]; rows: PreviewRow[]; otherProblems: ImportProblem[] } {
  const [header = [], ...records] = parseCsv(csvText);
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
  return { headers: header.map((cell) => cell.trim()), rows, otherProblems };
}

/** The problems of a check counted as the summary tells them: the file's own apart from its rows'. */
export interface ProblemCounts {
  /** Problems of the file as a whole (row 0): its headers, or no content at all. */
  file: number;
  /** Some header is not the one expected in its place (the server then checks no row). */
  headers: boolean;
  /** Problems of rows, and how many rows have them. */
  rows: number;
  problemRows: number;
}

export function countProblems(problems: readonly ImportProblem[]): ProblemCounts {
  const ofFile = problems.filter((problem) => problem.row < 1);
  const ofRows = problems.filter((problem) => problem.row >= 1);
  return {
    file: ofFile.length,
    headers: ofFile.some((problem) => problem.column !== ""),
    rows: ofRows.length,
    problemRows: new Set(ofRows.map((problem) => problem.row)).size,
  };
}

/** The check's summary: what is wrong with the file as a whole, else the rows read and their problems. */
export function importSummary(rowCount: number, counts: ProblemCounts, headers: readonly string[]): string {
  if (counts.headers) {
    return IMPORT_TEXTS.headersOutOfOrder(headers);
  }
  return counts.file > 0 ? IMPORT_TEXTS.fileRefused : IMPORT_TEXTS.summary(rowCount, counts.rows, counts.problemRows);
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
