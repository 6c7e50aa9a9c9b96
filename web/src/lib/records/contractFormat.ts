import { formatDecimal } from "../numberText";

/** Rates and fees are kept (and shown) to 5 decimals; revenues to cents. */
export const RATE_DECIMALS = 5;
export const MONEY_DECIMALS = 2;

const DECIMAL = /^(-?)(\d*)(?:\.(\d*))?$/;

/**
 * A decimal text as US dollars: thousands separators, at least 2 and at most `maxDecimals`
 * decimals, rounded half up on the digits themselves (never through a float, so a rate's last digit
 * stays exact): "0.0712" -> "$0.0712", "4320" -> "$4,320.00", "1234.567" -> "$1,234.57" (2 decimals).
 * Empty stays empty; text that is not a decimal is returned as is.
 */
export function formatUsd(value: string, maxDecimals: number = MONEY_DECIMALS): string {
  const match = DECIMAL.exec(value.trim());
  if (!match || (match[2] === "" && !match[3])) {
    return value.trim();
  }
  const [, sign, whole, fraction = ""] = match;
  const scale = 10n ** BigInt(maxDecimals);
  const kept = BigInt((whole || "0") + fraction.padEnd(maxDecimals, "0").slice(0, maxDecimals));
  const rounded = kept + (fraction.charAt(maxDecimals) >= "5" ? 1n : 0n);
  const shownWhole = (rounded / scale).toString().replace(/\B(?=(\d{3})+(?!\d))/g, ",");
  const digits = (rounded % scale).toString().padStart(maxDecimals, "0");
  // At least cents; beyond them only the digits that say something.
  const shownFraction = (digits.slice(0, MONEY_DECIMALS) + digits.slice(MONEY_DECIMALS).replace(/0+$/, "")).slice(
    0,
    maxDecimals,
  );
  const negative = sign === "-" && rounded !== 0n;
  return `${negative ? "-" : ""}$${shownWhole}${shownFraction ? `.${shownFraction}` : ""}`;
}

/** A rate or fee per kWh or therm: dollars with up to 5 decimals. */
export function formatRate(value: string): string {
  return formatUsd(value, RATE_DECIMALS);
}

/** A revenue: dollars and cents. */
export function formatMoney(value: string): string {
  return formatUsd(value, MONEY_DECIMALS);
}

/** A volume (kWh or therms) with thousands separators; empty stays empty. */
export function formatVolume(value: string): string {
  return value.trim() === "" ? "" : formatDecimal(value);
}
