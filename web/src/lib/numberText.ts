/** A typed amount: empty, a non-negative decimal (commas removed), or text that is not one. */
export type ParsedDecimal = { kind: "empty" } | { kind: "number"; value: string } | { kind: "invalid" };

/** The message under a number field that cannot be read. */
export const NUMBER_FORMAT_ERROR = "Enter a number, e.g. 1,250,000";

/**
 * Reads what a person types into a usage field: thousands separators and spaces are dropped
 * ("1,250,000" -> "1250000"); the result is the decimal string the API takes.
 */
export function parseDecimalText(text: string): ParsedDecimal {
  const cleaned = text.replace(/[,\s]/g, "");
  if (cleaned === "") {
    return { kind: "empty" };
  }
  if (!/^(\d+(\.\d*)?|\.\d+)$/.test(cleaned)) {
    return { kind: "invalid" };
  }
  return { kind: "number", value: normalizeDecimal(cleaned) };
}

/** "007.50" -> "7.5", ".5" -> "0.5": one spelling per value, so comparisons are exact. */
export function normalizeDecimal(value: string): string {
  const [whole, fraction = ""] = value.split(".");
  const shownWhole = whole.replace(/^0+(?=\d)/, "") || "0";
  const shownFraction = fraction.replace(/0+$/, "");
  return shownFraction ? `${shownWhole}.${shownFraction}` : shownWhole;
}

/**
 * A decimal string for people: thousands separators, and exactly 2 decimals when it has a fraction
 * ("1250000" -> "1,250,000", "1234.5" -> "1,234.50"). Text that is not a decimal is returned as is.
 */
export function formatDecimal(value: string): string {
  const parsed = parseDecimalText(value);
  if (parsed.kind !== "number") {
    return value;
  }
  const [whole, fraction] = parsed.value.split(".");
  let shownWhole = whole;
  let shownFraction = "";
  if (fraction) {
    // Round half up to 2 places on the digits themselves: the value may exceed a double's precision.
    const cents =
      BigInt(whole) * 100n + BigInt(fraction.padEnd(3, "0").slice(0, 2)) + (fraction.charAt(2) >= "5" ? 1n : 0n);
    shownWhole = (cents / 100n).toString();
    shownFraction = `.${(cents % 100n).toString().padStart(2, "0")}`;
  }
  const grouped = shownWhole.replace(/\B(?=(\d{3})+(?!\d))/g, ",");
  return `${grouped}${shownFraction}`;
}

/** 1,250,000 -> "1.25M", 12,500 -> "12.5k": short ticks that fit the axis. */
export function shortNumber(value: number): string {
  const abs = Math.abs(value);
  const [divisor, suffix] = abs >= 1e9 ? [1e9, "B"] : abs >= 1e6 ? [1e6, "M"] : abs >= 1e3 ? [1e3, "k"] : [1, ""];
  return `${Number((value / divisor).toFixed(2))}${suffix}`;
}
