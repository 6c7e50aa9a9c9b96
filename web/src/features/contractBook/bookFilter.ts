import type { MessageInitShape } from "@bufbuild/protobuf";

import { ContractScope, type BookFilterSchema } from "../../gen/eris/contracts/v1/contracts_pb";
import { Role } from "../../gen/eris/identity/v1/identity_pb";
import { Commodity } from "../../gen/eris/sourcing/v1/utilities_pb";
import { commodityFromLabel } from "../../lib/commodity";
import { Day, dayFromParam, dayParam } from "../../lib/dayParam";

/** The address's params of the Contracts page; each is left out at its default. */
export const BOOK_PARAMS = { commodity: "commodity", user: "user", scope: "scope", from: "from", to: "to" } as const;

/** The commodities after All, in the radio's order. */
export const BOOK_COMMODITIES: readonly Commodity[] = [Commodity.ELECTRIC, Commodity.GAS, Commodity.DR];

/** Which contracts by their dates: every one (the default), those active now, those starting later. */
export type BookScope = "all" | "activeOnly" | "futureOnly";
export const BOOK_SCOPES: readonly BookScope[] = ["activeOnly", "futureOnly", "all"];

/** The scope as the address keeps it ("all" is left out). */
export const SCOPE_PARAM_VALUES: Record<BookScope, string | null> = {
  all: null,
  activeOnly: "active",
  futureOnly: "future",
};

const API_SCOPES: Record<BookScope, ContractScope> = {
  all: ContractScope.UNSPECIFIED,
  activeOnly: ContractScope.ACTIVE_ONLY,
  futureOnly: ContractScope.FUTURE_ONLY,
};

/** What the page shows, read from the address. */
export interface BookView {
  commodity: Commodity;
  /** 0n: anyone's. */
  userId: bigint;
  scope: BookScope;
  from: Day | undefined;
  to: Day | undefined;
}

/** Who may filter the book by scope and date signed, and export it (spec 2 section 6). */
export function mayFilterBook(role: Role): boolean {
  return role === Role.MANAGEMENT || role === Role.ADMIN || role === Role.CUSTOMER_CARE;
}

/** Sales see the contracts naming them: they pick no user. */
export function mayPickUser(role: Role): boolean {
  return role !== Role.SALES;
}

function scopeOf(value: string | null): BookScope {
  return BOOK_SCOPES.find((scope) => SCOPE_PARAM_VALUES[scope] === value) ?? "all";
}

function userIdOf(value: string | null): bigint {
  return value && /^[1-9]\d{0,18}$/.test(value) ? BigInt(value) : 0n;
}

/** The page's view from the address; the filters a role may not use are left at their defaults. */
export function bookViewOf(params: URLSearchParams, role: Role): BookView {
  const P = BOOK_PARAMS;
  const filters = mayFilterBook(role);
  return {
    commodity: commodityFromLabel(params.get(P.commodity), BOOK_COMMODITIES),
    userId: mayPickUser(role) ? userIdOf(params.get(P.user)) : 0n,
    scope: filters ? scopeOf(params.get(P.scope)) : "all",
    from: filters ? dayFromParam(params.get(P.from)) : undefined,
    to: filters ? dayFromParam(params.get(P.to)) : undefined,
  };
}

/** True when both dates are set and the start is after the end. */
export function rangeReversed({ from, to }: Pick<BookView, "from" | "to">): boolean {
  return from !== undefined && to !== undefined && dayParam(from) > dayParam(to);
}

export type BookFilterInit = Exclude<MessageInitShape<typeof BookFilterSchema>, { $typeName: string }>;

/** The view as ListBookContracts and ExportContracts take it. */
export function bookFilterOf(view: BookView): BookFilterInit {
  return {
    commodity: view.commodity,
    userId: view.userId,
    scope: API_SCOPES[view.scope],
    dateSignedFrom: view.from,
    dateSignedTo: view.to,
  };
}

/** The view as a query key: plain texts, one per filter. */
export function bookViewKey(view: BookView): string[] {
  return [
    String(view.commodity),
    String(view.userId),
    view.scope,
    view.from ? dayParam(view.from) : "",
    view.to ? dayParam(view.to) : "",
  ];
}
