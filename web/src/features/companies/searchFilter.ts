import type { MessageInitShape } from "@bufbuild/protobuf";

import { CompanyFilterSchema, PrimaryStatus, type CompanyFilter } from "../../gen/eris/crm/v1/crm_pb";
import { Role, type User } from "../../gen/eris/identity/v1/identity_pb";
import { parseDateText } from "../../lib/dateText";
import { parseDecimalText } from "../../lib/numberText";

/** What the search drawer's filters hold, as typed. */
export interface SearchValues {
  name: string;
  primaryElectric: PrimaryStatus[];
  secondaryElectric: string[];
  primaryGas: PrimaryStatus[];
  secondaryGas: string[];
  minKwh: string;
  maxKwh: string;
  minTherms: string;
  maxTherms: string;
  electricAreas: bigint[];
  gasAreas: bigint[];
  drAreas: bigint[];
  electricUtilities: bigint[];
  gasUtilities: bigint[];
  drUtilities: bigint[];
  electricEndFrom: string;
  electricEndTo: string;
  gasEndFrom: string;
  gasEndTo: string;
  /** The start of one of the company's account numbers (or secondary numbers). */
  accountNumber: string;
  rep: string;
}

export function emptySearchValues(): SearchValues {
  return {
    name: "",
    primaryElectric: [],
    secondaryElectric: [],
    primaryGas: [],
    secondaryGas: [],
    minKwh: "",
    maxKwh: "",
    minTherms: "",
    maxTherms: "",
    electricAreas: [],
    gasAreas: [],
    drAreas: [],
    electricUtilities: [],
    gasUtilities: [],
    drUtilities: [],
    electricEndFrom: "",
    electricEndTo: "",
    gasEndFrom: "",
    gasEndTo: "",
    accountNumber: "",
    rep: "",
  };
}

export type CompanyFilterInit = Exclude<MessageInitShape<typeof CompanyFilterSchema>, CompanyFilter>;

export type SearchPlan =
  /** Ask the server with this filter. */
  | { kind: "query"; filter: CompanyFilterInit }
  /** Nothing can match (the Rep text names nobody): no call. */
  | { kind: "none" }
  /** Some typed value cannot be read yet: keep the last results. */
  | { kind: "invalid" };

/** The people a Rep text names: every user whose name contains it, case-insensitively. */
export function repUserIds(rep: string, users: readonly User[]): bigint[] {
  const needle = rep.trim().toLocaleLowerCase();
  if (needle === "") {
    return [];
  }
  return users.filter((user) => user.name.toLocaleLowerCase().includes(needle)).map((user) => user.userId);
}

/** A Sales user's Rep filter is locked to their own name. */
export function isRepLocked(me: User): boolean {
  return me.role === Role.SALES;
}

/**
 * Turns the drawer's filters into a CompanyFilter. The Rep text is matched to user names here
 * (the server filters by user ids); for Sales it is always the user themself.
 */
export function searchPlan(values: SearchValues, users: readonly User[], me: User): SearchPlan {
  const filter: CompanyFilterInit = {
    nameQuery: values.name.trim(),
    primaryElectricStatuses: values.primaryElectric,
    secondaryElectricStatuses: values.secondaryElectric,
    primaryGasStatuses: values.primaryGas,
    secondaryGasStatuses: values.secondaryGas,
    // Areas and utilities are both utility ids: an area filter and a utility filter of one commodity
    // narrow the same field, so they are merged.
    electricAreaUtilityIds: union(values.electricAreas, values.electricUtilities),
    gasAreaUtilityIds: union(values.gasAreas, values.gasUtilities),
    drAreaUtilityIds: union(values.drAreas, values.drUtilities),
  };
  const numbers = [
    ["minElectricUsage", values.minKwh],
    ["maxElectricUsage", values.maxKwh],
    ["minGasUsage", values.minTherms],
    ["maxGasUsage", values.maxTherms],
  ] as const;
  for (const [field, text] of numbers) {
    const parsed = parseDecimalText(text);
    if (parsed.kind === "invalid") {
      return { kind: "invalid" };
    }
    filter[field] = parsed.kind === "number" ? parsed.value : "";
  }
  const dates = [
    ["electricContractEndFrom", values.electricEndFrom],
    ["electricContractEndTo", values.electricEndTo],
    ["gasContractEndFrom", values.gasEndFrom],
    ["gasContractEndTo", values.gasEndTo],
  ] as const;
  for (const [field, text] of dates) {
    const parsed = parseDateText(text);
    if (parsed.kind === "invalid") {
      return { kind: "invalid" };
    }
    if (parsed.kind === "date") {
      filter[field] = parsed.date;
    }
  }
  const accountNumber = values.accountNumber.trim();
  if (accountNumber !== "") {
    filter.accountNumber = accountNumber;
  }
  if (isRepLocked(me)) {
    filter.teamUserIds = [me.userId];
  } else if (values.rep.trim() !== "") {
    const ids = repUserIds(values.rep, users);
    if (ids.length === 0) {
      return { kind: "none" };
    }
    filter.teamUserIds = ids;
  }
  return { kind: "query", filter };
}

function union(a: readonly bigint[], b: readonly bigint[]): bigint[] {
  return Array.from(new Set([...a, ...b]));
}

/** A stable text of a filter for query keys (ids are bigints, which JSON cannot hold). */
export function filterKey(filter: CompanyFilterInit): string {
  return JSON.stringify(filter, (_key, value: unknown) => (typeof value === "bigint" ? value.toString() : value));
}
