import type { Rfp, RfpQuote } from "../../gen/eris/sourcing/v1/rfps_pb";
import { parseDecimalText } from "../../lib/numberText";

/** Compares two non-negative decimal texts exactly (no rounding through floating point). */
export function compareDecimals(a: string, b: string): number {
  const [aWhole, aFraction = ""] = a.split(".");
  const [bWhole, bFraction = ""] = b.split(".");
  const width = Math.max(aFraction.length, bFraction.length);
  const left = BigInt(aWhole + aFraction.padEnd(width, "0"));
  const right = BigInt(bWhole + bFraction.padEnd(width, "0"));
  return left < right ? -1 : left > right ? 1 : 0;
}

/** The quotes side by side: a row per supplier, a column per term. */
export interface PriceGrid {
  /** The RFP's suppliers, then any other that priced it (removed from the RFP since). */
  supplierIds: bigint[];
  /** The RFP's terms, and any other priced, shortest first. */
  terms: number[];
  /** The quotes of a supplier for a term (several when products differ), lowest rate first. */
  cell: (supplierId: bigint, term: number) => RfpQuote[];
  /** The quotes with the lowest rate of their term (ties all count). */
  best: ReadonlySet<bigint>;
}

export function priceGrid(rfp: Pick<Rfp, "supplierIds" | "terms">, quotes: readonly RfpQuote[]): PriceGrid {
  const supplierIds = [...rfp.supplierIds];
  for (const quote of quotes) {
    if (!supplierIds.includes(quote.supplierId)) {
      supplierIds.push(quote.supplierId);
    }
  }
  const terms = [...new Set([...rfp.terms, ...quotes.map((quote) => quote.termMonths)])].sort((a, b) => a - b);

  const rate = (quote: RfpQuote) => {
    const parsed = parseDecimalText(quote.rate);
    return parsed.kind === "number" ? parsed.value : null;
  };
  const lowest = new Map<number, string>();
  for (const quote of quotes) {
    const value = rate(quote);
    const held = lowest.get(quote.termMonths);
    if (value !== null && (held === undefined || compareDecimals(value, held) < 0)) {
      lowest.set(quote.termMonths, value);
    }
  }
  const best = new Set(
    quotes
      .filter((quote) => {
        const value = rate(quote);
        const min = lowest.get(quote.termMonths);
        return value !== null && min !== undefined && compareDecimals(value, min) === 0;
      })
      .map((quote) => quote.quoteId),
  );

  const byRate = (a: RfpQuote, b: RfpQuote) => compareDecimals(rate(a) ?? "0", rate(b) ?? "0");
  const cell = (supplierId: bigint, term: number) =>
    quotes.filter((quote) => quote.supplierId === supplierId && quote.termMonths === term).sort(byRate);
  return { supplierIds, terms, cell, best };
}
