import type { Rfp } from "../../gen/eris/sourcing/v1/rfps_pb";
import { returnInstant } from "./rfpText";

type Dated = Pick<Rfp, "rfpId" | "returnDate" | "returnTime">;

/** The return instant in ms; RFPs without a return date count as the furthest past. */
function returnMs(rfp: Dated, timeZone: string): number {
  return returnInstant(rfp, timeZone)?.getTime() ?? Number.NEGATIVE_INFINITY;
}

/** Prices still to come back at `now` (one due this very minute included). */
export function isUpcoming(rfp: Dated, now: Date, timeZone: string): boolean {
  return returnMs(rfp, timeZone) >= now.getTime();
}

/**
 * The report's order, nearest return first: the upcoming ones, the soonest first, then those whose
 * return has passed, the most recent first (so the past reads on as "Load more" appends older ones).
 * Ties go by id, the newest RFP first.
 */
export function nearestReturnFirst<R extends Dated>(rfps: readonly R[], now: Date, timeZone: string): R[] {
  const at = now.getTime();
  const keyed = rfps.map((rfp) => ({ rfp, ms: returnMs(rfp, timeZone) }));
  const byId = (a: R, b: R) => (a.rfpId === b.rfpId ? 0 : a.rfpId > b.rfpId ? -1 : 1);
  const upcoming = keyed.filter((k) => k.ms >= at).sort((a, b) => a.ms - b.ms || byId(a.rfp, b.rfp));
  const past = keyed.filter((k) => k.ms < at).sort((a, b) => b.ms - a.ms || byId(a.rfp, b.rfp));
  return [...upcoming, ...past].map((k) => k.rfp);
}

/**
 * Whether RFPs not yet read could return sooner than those shown. The server lists the latest return
 * date first, so while the last RFP read is still upcoming the nearer ones are on later pages: the
 * report reads on until it reaches the past.
 */
export function nearerMayBeUnread(rfps: readonly Dated[], now: Date, timeZone: string): boolean {
  const last = rfps.at(-1);
  return last !== undefined && isUpcoming(last, now, timeZone);
}
