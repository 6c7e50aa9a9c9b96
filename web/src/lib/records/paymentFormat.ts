import { parseDecimalText, type ParsedDecimal } from "../numberText";
import { MONTHS } from "./contractTexts";

/**
 * An amount as people type or paste it: "$1,250.50", "-12", "(12)", " 7 " are numbers ("1250.5",
 * "-12", "-12", "7"); empty is empty; anything else is invalid.
 */
export function parseAmountText(text: string): ParsedDecimal {
  let cleaned = text.replace(/[\s,$]/g, "");
  // "-12" and the accountants' "(12)" are both negative.
  const negative = cleaned.startsWith("-") || /^\(.*\)$/.test(cleaned);
  if (negative) {
    cleaned = cleaned.startsWith("-") ? cleaned.slice(1) : cleaned.slice(1, -1);
    if (cleaned === "") {
      return { kind: "invalid" };
    }
  }
  const parsed = parseDecimalText(cleaned);
  if (parsed.kind !== "number") {
    return parsed;
  }
  return { kind: "number", value: negative && parsed.value !== "0" ? `-${parsed.value}` : parsed.value };
}

/** The amount as the API takes it ("" when empty); invalid text stays as typed (forms refuse it first). */
export function amountApiValue(text: string): string {
  const parsed = parseAmountText(text);
  return parsed.kind === "number" ? parsed.value : parsed.kind === "empty" ? "" : text.trim();
}

/** A decimal as an integer count of 10^-scale. */
export interface Scaled {
  units: bigint;
  scale: number;
}

export function scaledOf(value: string): Scaled {
  const negative = value.startsWith("-");
  const [whole, fraction = ""] = (negative ? value.slice(1) : value).split(".");
  const units = BigInt(`${whole || "0"}${fraction}`);
  return { units: negative ? -units : units, scale: fraction.length };
}

/** Rounds half away from zero to `places` decimals and writes exactly that many. */
export function fixed({ units, scale }: Scaled, places: number): string {
  let rounded: bigint;
  if (scale <= places) {
    rounded = units * 10n ** BigInt(places - scale);
  } else {
    const divisor = 10n ** BigInt(scale - places);
    const magnitude = units < 0n ? -units : units;
    const quotient = magnitude / divisor + ((magnitude % divisor) * 2n >= divisor ? 1n : 0n);
    rounded = units < 0n ? -quotient : quotient;
  }
  const negative = rounded < 0n;
  const digits = (negative ? -rounded : rounded).toString().padStart(places + 1, "0");
  const whole = digits.slice(0, digits.length - places);
  const text = places > 0 ? `${whole}.${digits.slice(digits.length - places)}` : whole;
  return negative ? `-${text}` : text;
}

/** Rounds a decimal string to cents: "12.345" -> "12.35", "-0.004" -> "0.00". */
export function roundToCents(value: string): string {
  const text = fixed(scaledOf(value), 2);
  return /^-0\.00$/.test(text) ? "0.00" : text;
}

const groupThousands = (whole: string) => whole.replace(/\B(?=(\d{3})+(?!\d))/g, ",");

/** Money for people: "$1,234.50", "-$12.00"; "" when empty; text that is not a number as is. */
export function formatDollars(value: string): string {
  const parsed = parseAmountText(value);
  if (parsed.kind !== "number") {
    return parsed.kind === "empty" ? "" : value;
  }
  const cents = roundToCents(parsed.value);
  const negative = cents.startsWith("-");
  const [whole, fraction] = (negative ? cents.slice(1) : cents).split(".");
  return `${negative ? "-" : ""}$${groupThousands(whole)}.${fraction}`;
}

/** A volume or usage for people: thousands separators, the decimals it has ("1,250,000", "12.5"). */
export function formatVolume(value: string): string {
  const parsed = parseAmountText(value);
  if (parsed.kind !== "number") {
    return parsed.kind === "empty" ? "" : value;
  }
  const negative = parsed.value.startsWith("-");
  const [whole, fraction] = (negative ? parsed.value.slice(1) : parsed.value).split(".");
  return `${negative ? "-" : ""}${groupThousands(whole)}${fraction ? `.${fraction}` : ""}`;
}

/** A percentage for people: "50" -> "50%", "" -> "". */
export function formatPercent(value: string): string {
  const shown = formatVolume(value);
  return shown === "" ? "" : `${shown}%`;
}

/** January … December for 1 … 12; "" otherwise (0 is "not yet paid"). */
export function monthName(month: number): string {
  return MONTHS[month - 1] ?? "";
}

/** A year for people; "" for 0 (not yet paid). */
export function yearText(year: number): string {
  return year === 0 ? "" : String(year);
}
