import { Role } from "../../gen/eris/identity/v1/identity_pb";
import { dateTextToParam, dayFromParam, dayParam, paramToDateText, type Day } from "../../lib/dayParam";
import type { ParamChanges } from "../../lib/urlState";
import type { RenewalsRequest } from "./reportQueries";

/** The address's params of Renewal Tracking; each is left out when unset. */
export const RENEWAL_PARAMS = { closer: "closer", analyst: "analyst", end: "end" } as const;
const P = RENEWAL_PARAMS;

/** The filters in force: 0n for anyone. */
export interface RenewalFilters {
  closerUserId: bigint;
  analystUserId: bigint;
  endDate: Day | undefined;
}

/** The signed-in user, as the filters' rules need them. */
export interface RenewalViewer {
  userId: bigint;
  role: Role;
}

/** A Sales user's closer is themself, fixed (spec 2 section 6); the others pick one. */
export function closerFixed(role: Role): boolean {
  return role === Role.SALES;
}

function userIdOf(value: string | null): bigint {
  return value && /^[1-9]\d{0,18}$/.test(value) ? BigInt(value) : 0n;
}

/** The filters from the address; a Sales user's closer is always themself. */
export function renewalFiltersOf(params: URLSearchParams, me: RenewalViewer): RenewalFilters {
  return {
    closerUserId: closerFixed(me.role) ? me.userId : userIdOf(params.get(P.closer)),
    analystUserId: userIdOf(params.get(P.analyst)),
    endDate: dayFromParam(params.get(P.end)),
  };
}

/**
 * Reset (spec 2 section 6): Management and Customer Care clear closer and analyst, Sales clears the
 * analyst (the closer stays themself), Admin sets the analyst to themself. The end date stays.
 */
export function resetFilters(filters: RenewalFilters, me: RenewalViewer): RenewalFilters {
  switch (me.role) {
    case Role.SALES:
      return { ...filters, closerUserId: me.userId, analystUserId: 0n };
    case Role.ADMIN:
      return { ...filters, analystUserId: me.userId };
    default:
      return { ...filters, closerUserId: 0n, analystUserId: 0n };
  }
}

/** The address's changes for these filters (a Sales user's fixed closer is not written). */
export function renewalChanges(filters: RenewalFilters, me: RenewalViewer): ParamChanges {
  return {
    [P.closer]: closerFixed(me.role) || filters.closerUserId === 0n ? null : String(filters.closerUserId),
    [P.analyst]: filters.analystUserId === 0n ? null : String(filters.analystUserId),
    [P.end]: filters.endDate ? dayParam(filters.endDate) : null,
  };
}

/** The filters as ListRenewals takes them. */
export function renewalsRequest(filters: RenewalFilters): RenewalsRequest {
  return {
    closerUserId: filters.closerUserId,
    analystUserId: filters.analystUserId,
    endDate: filters.endDate,
  };
}

/** A query key of plain texts. */
export function renewalKey(filters: RenewalFilters): string[] {
  return [
    String(filters.closerUserId),
    String(filters.analystUserId),
    filters.endDate ? dayParam(filters.endDate) : "",
  ];
}

/** The filter form as typed: the users' ids ("" for anyone) and the end date as MM/DD/YYYY. */
export interface RenewalDraft {
  closer: string;
  analyst: string;
  endDate: string;
}

export function renewalDraftOf(filters: RenewalFilters): RenewalDraft {
  return {
    closer: filters.closerUserId ? String(filters.closerUserId) : "",
    analyst: filters.analystUserId ? String(filters.analystUserId) : "",
    endDate: filters.endDate ? paramToDateText(dayParam(filters.endDate)) : "",
  };
}

/** The filters the form says; null while the end date is not a date. */
export function renewalFiltersOfDraft(draft: RenewalDraft, me: RenewalViewer): RenewalFilters | null {
  const end = dateTextToParam(draft.endDate);
  if (end === undefined) {
    return null;
  }
  return {
    closerUserId: closerFixed(me.role) ? me.userId : userIdOf(draft.closer),
    analystUserId: userIdOf(draft.analyst),
    endDate: end === null ? undefined : dayFromParam(end),
  };
}
