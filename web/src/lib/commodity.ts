import { Commodity } from "../gen/eris/sourcing/v1/utilities_pb";

/** Commodity names as the spec writes them. */
export const COMMODITY_LABELS: Record<Commodity, string> = {
  [Commodity.UNSPECIFIED]: "",
  [Commodity.ELECTRIC]: "Electric",
  [Commodity.GAS]: "Gas",
  [Commodity.DR]: "DR",
};

export function commodityLabel(commodity: Commodity): string {
  return COMMODITY_LABELS[commodity] ?? "";
}

/** A commodity from its label in the address ("Gas"), whatever its case; UNSPECIFIED (all) otherwise. */
export function commodityFromLabel(label: string | null, allowed: readonly Commodity[]): Commodity {
  const wanted = (label ?? "").toLowerCase();
  return allowed.find((c) => COMMODITY_LABELS[c].toLowerCase() === wanted) ?? Commodity.UNSPECIFIED;
}
