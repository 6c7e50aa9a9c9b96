import { downloadBlob } from "./download";

/** Excel reads a CSV as UTF-8 only when it starts with a byte order mark (accents, en dashes). */
const BOM = "\uFEFF";
/** Excel's line ending. */
const CRLF = "\r\n";

/** What a spreadsheet may run as a formula: =, +, -, @, a tab or a carriage return, also after leading spaces or quotes. */
const FORMULA_START = /^(?:[\t\r]|[ "']*[=+\-@\t\r])/;
/** A plain decimal number (the money and counts the server formatted): a spreadsheet reads it as a number. */
const PLAIN_NUMBER = /^-?\d+(?:\.\d+)?$/;

/**
 * OWASP's rule against CSV injection, the same as the server's exports (eris_platform::export): a
 * cell a spreadsheet could take for a formula gets a leading apostrophe, so opening an export never
 * runs what someone typed. Plain numbers stay numbers.
 */
export function neutralise(value: string): string {
  return FORMULA_START.test(value) && !PLAIN_NUMBER.test(value) ? `'${value}` : value;
}

/** One CSV field: always quoted, inner quotes doubled (line breaks stay inside the quotes). */
export function csvField(value: string): string {
  return `"${neutralise(value).replace(/"/g, '""')}"`;
}

/** A CSV file's text for Excel: byte order mark, quoted fields separated by commas, CRLF after every record. */
export function toCsv(rows: readonly (readonly string[])[]): string {
  return BOM + rows.map((row) => row.map(csvField).join(",") + CRLF).join("");
}

/** Saves a CSV text through the browser's download, as `fileName` (extension included). */
export function downloadCsv(fileName: string, text: string): void {
  downloadBlob(fileName, new Blob([text], { type: "text/csv;charset=utf-8" }));
}

/**
 * Splits CSV text into rows of cells (RFC 4180: quoted fields may hold commas, quotes and line
 * breaks; CRLF or LF ends a record; a leading byte order mark is dropped; a final line break adds no
 * row). Used to show an import's rows; the server reads the file on its own.
 */
export function parseCsv(text: string): string[][] {
  const source = text.startsWith(BOM) ? text.slice(1) : text;
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = "";
  let quoted = false;
  let i = 0;
  while (i < source.length) {
    const ch = source[i];
    if (quoted) {
      if (ch === '"' && source[i + 1] === '"') {
        cell += '"';
        i += 2;
        continue;
      }
      if (ch === '"') {
        quoted = false;
      } else {
        cell += ch;
      }
      i += 1;
      continue;
    }
    if (ch === '"' && cell === "") {
      quoted = true;
    } else if (ch === ",") {
      row.push(cell);
      cell = "";
    } else if (ch === "\n" || ch === "\r") {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = "";
      if (ch === "\r" && source[i + 1] === "\n") {
        i += 1;
      }
    } else {
      cell += ch;
    }
    i += 1;
  }
  if (cell !== "" || row.length > 0) {
    row.push(cell);
    rows.push(row);
  }
  return rows;
}

/** A file's text (Blob.text where the browser has it, FileReader otherwise). */
export function readFileText(file: Blob): Promise<string> {
  if (typeof file.text === "function") {
    return file.text();
  }
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result ?? ""));
    reader.onerror = () => reject(reader.error ?? new Error("The file could not be read"));
    reader.readAsText(file);
  });
}
