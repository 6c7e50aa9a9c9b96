import { parseDecimalText } from "../../lib/numberText";

/** Months in a usage year; the paste reads at most this many lines (spec section 9). */
export const MONTHS = 12;
/** Hours in a month and in a year, the load factor divisors (spec section 9). */
export const MONTH_HOURS = 720;
export const YEAR_HOURS = 8760;

export const MONTH_NAMES = [
  "January",
  "February",
  "March",
  "April",
  "May",
  "June",
  "July",
  "August",
  "September",
  "October",
  "November",
  "December",
] as const;
export const MONTH_SHORT_NAMES = MONTH_NAMES.map((name) => name.slice(0, 3));

/** One month as typed: the usage (kWh or therms) and, for Electric, the peak kW. */
export interface UsageEntry {
  value: string;
  kw: string;
}

export const emptyEntries = (): UsageEntry[] => Array.from({ length: MONTHS }, () => ({ value: "", kw: "" }));

/** The number typed in a usage field; null when empty or not a number. */
export function usageNumber(text: string): number | null {
  const parsed = parseDecimalText(text);
  return parsed.kind === "number" ? Number(parsed.value) : null;
}

/** True when a usage field holds nothing or a number (thousands separators allowed). */
export function isUsageTextValid(text: string): boolean {
  return parseDecimalText(text).kind !== "invalid";
}

/** The decimal the API takes for a typed field: "" when empty (or not a number). */
export function usageApiValue(text: string): string {
  const parsed = parseDecimalText(text);
  return parsed.kind === "number" ? parsed.value : "";
}

/** A decimal with thousands separators and every fraction digit kept ("1250000.125" -> "1,250,000.125"). */
export function groupDecimal(value: string): string {
  const parsed = parseDecimalText(value);
  if (parsed.kind !== "number") {
    return value;
  }
  const [whole, fraction] = parsed.value.split(".");
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ",");
  return fraction ? `${grouped}.${fraction}` : grouped;
}

/** Monthly load factor = kWh / kW / 720, to 4 decimals; "" without both values or with no kW. */
export function monthlyLoadFactor(kwh: string, kw: string): string {
  const energy = usageNumber(kwh);
  const peak = usageNumber(kw);
  if (energy === null || peak === null || peak <= 0) {
    return "";
  }
  return (energy / peak / MONTH_HOURS).toFixed(4);
}

/** The highest kW of the months, as typed; "" when no month has one. */
export function peakKw(entries: readonly UsageEntry[]): string {
  let peak: number | null = null;
  let text = "";
  for (const entry of entries) {
    const kw = usageNumber(entry.kw);
    if (kw !== null && (peak === null || kw > peak)) {
      peak = kw;
      text = usageApiValue(entry.kw);
    }
  }
  return text;
}

/**
 * The exact sum of decimal strings (empty and unreadable ones are skipped); "" when none is a
 * number. Summed on the digits, so 0.1 + 0.2 is 0.3 and large totals keep every digit.
 */
export function sumDecimals(values: readonly string[]): string {
  const numbers = values.map(usageApiValue).filter((value) => value !== "");
  if (numbers.length === 0) {
    return "";
  }
  const scale = Math.max(0, ...numbers.map((value) => (value.split(".")[1] ?? "").length));
  const total = numbers.reduce((sum, value) => {
    const [whole, fraction = ""] = value.split(".");
    return sum + BigInt(whole + fraction.padEnd(scale, "0"));
  }, 0n);
  const digits = total.toString().padStart(scale + 1, "0");
  const whole = digits.slice(0, digits.length - scale);
  const fraction = digits.slice(digits.length - scale).replace(/0+$/, "");
  return fraction ? `${whole}.${fraction}` : whole;
}

/** Annual load factor = annual kWh / (peak monthly kW x 8760), to 4 decimals; "" without kWh or kW. */
export function annualLoadFactor(entries: readonly UsageEntry[]): string {
  const total = sumDecimals(entries.map((entry) => entry.value));
  const peak = peakKw(entries);
  if (total === "" || peak === "" || Number(peak) <= 0) {
    return "";
  }
  return (Number(total) / (Number(peak) * YEAR_HOURS)).toFixed(4);
}

/** What the paste area holds: nothing, up to 12 months read, or the first line that cannot be read. */
export type PasteResult =
  { kind: "empty" } | { kind: "ok"; entries: UsageEntry[] } | { kind: "error"; line: number; text: string };

/** A pasted cell: empty, or a number with optional thousands separators; null when it is neither. */
function pastedCell(cell: string): string | null {
  const parsed = parseDecimalText(cell);
  if (parsed.kind === "invalid") {
    return null;
  }
  return parsed.kind === "number" ? parsed.value : "";
}

/**
 * Reads pasted usage, one month per line from January. Only the first 12 lines count (spec section
 * 5). Electric lines are kWh, a tab, then kW (kW may be left out); Gas lines hold one value. A
 * trailing line break (as spreadsheets copy) adds no month; a blank line is a month left empty.
 */
export function parseUsagePaste(text: string, electric: boolean): PasteResult {
  const lines = text.replace(/\r\n?/g, "\n").replace(/\n$/, "").split("\n").slice(0, MONTHS);
  if (lines.length === 1 && lines[0].trim() === "") {
    return { kind: "empty" };
  }
  const entries: UsageEntry[] = [];
  for (const [index, line] of lines.entries()) {
    const cells = line.split("\t").map((cell) => cell.trim());
    // Spreadsheets may copy empty cells after the last column: they do not count.
    while (cells.length > 1 && cells[cells.length - 1] === "") {
      cells.pop();
    }
    const wanted = electric ? 2 : 1;
    const values = cells.map(pastedCell);
    if (cells.length > wanted || values.some((value) => value === null)) {
      return { kind: "error", line: index + 1, text: line };
    }
    entries.push({ value: values[0] ?? "", kw: electric ? (values[1] ?? "") : "" });
  }
  return { kind: "ok", entries };
}

/** The months after a paste: the pasted lines fill the months from January, the others keep their values. */
export function applyPaste(entries: readonly UsageEntry[], pasted: readonly UsageEntry[]): UsageEntry[] {
  return entries.map((entry, index) => {
    const line = pasted[index];
    return line ? { value: groupDecimal(line.value), kw: groupDecimal(line.kw) } : entry;
  });
}
