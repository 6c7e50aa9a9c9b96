import { Commodity, type RateCode, type Utility } from "../../gen/eris/sourcing/v1/utilities_pb";
import { commodityLabel } from "../../lib/commodity";

/** The filter's choices after All (spec: All/Electric/Gas). */
export const UTILITY_FILTER_COMMODITIES: readonly Commodity[] = [Commodity.ELECTRIC, Commodity.GAS];
/** What a utility is given when edited (spec section 9); a stored DR stays as it is. */
export const UTILITY_EDIT_COMMODITIES: readonly Commodity[] = [Commodity.ELECTRIC, Commodity.GAS];
/** ReplaceRateCodes takes at most this many. */
export const MAX_RATE_CODES = 500;

/** The fields of the add/edit utility dialog. */
export type UtilityFields = {
  name: string;
  state: string;
  commodity: Commodity;
  zone: string;
  rto: string;
};

/** UpdateUtility's mask path of each field. */
export const UTILITY_MASK_PATHS = {
  name: "name",
  state: "state",
  commodity: "commodity",
  zone: "zone",
  rto: "rto",
} as const satisfies Record<keyof UtilityFields, string>;

export function emptyUtilityFields(): UtilityFields {
  return { name: "", state: "", commodity: Commodity.UNSPECIFIED, zone: "", rto: "" };
}

export function utilityFieldsOf(utility: Utility): UtilityFields {
  return {
    name: utility.name,
    state: utility.state,
    commodity: utility.commodity,
    zone: utility.zone,
    rto: utility.rto,
  };
}

/** A name, a state and a commodity are needed; zone and RTO may stay empty. */
export function isUtilityComplete(fields: UtilityFields): boolean {
  return fields.name.trim() !== "" && fields.state !== "" && fields.commodity !== Commodity.UNSPECIFIED;
}

export interface UtilityFilter {
  /** UNSPECIFIED for all. */
  commodity: Commodity;
  search: string;
}

/** The utilities the list shows, in the server's order (by name, then state). */
export function filterUtilities(utilities: readonly Utility[], filter: UtilityFilter): Utility[] {
  const q = filter.search.trim().toLowerCase();
  return utilities.filter(
    (u) =>
      (filter.commodity === Commodity.UNSPECIFIED || u.commodity === filter.commodity) &&
      (q === "" ||
        [u.name, u.state, u.zone, u.rto, commodityLabel(u.commodity)].some((text) => text.toLowerCase().includes(q))),
  );
}

/** A row of the rate codes editor; `key` keeps React's rows apart while they are added and removed. */
export interface RateCodeRow {
  key: number;
  matrix: string;
  tariff: string;
  description: string;
}

/** The list ReplaceRateCodes is sent: trimmed, in the rows' order, without rows left wholly empty. */
export function rateCodesToSave(rows: readonly RateCodeRow[]): Pick<RateCode, "matrix" | "tariff" | "description">[] {
  return rows
    .map((row) => ({ matrix: row.matrix.trim(), tariff: row.tariff.trim(), description: row.description.trim() }))
    .filter((code) => code.matrix !== "" || code.tariff !== "" || code.description !== "");
}
