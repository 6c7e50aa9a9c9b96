import type { Rfp } from "../../gen/eris/sourcing/v1/rfps_pb";
import { CLOSED_EVENT_COLOUR } from "../../styles/palette";
import { returnInstant } from "../rfpReport";
import type { CalendarEvent } from "./Calendar";
import { DASHBOARD_TEXTS } from "./texts";

/** The calendar id of an RFP's event. */
export function rfpEventId(rfp: Pick<Rfp, "rfpId">): string {
  return `rfp-${rfp.rfpId}`;
}

/** The calendar events of RFPs: grey, at their return date and time on the business clock. */
export function rfpEvents(rfps: readonly Rfp[], timeZone: string): CalendarEvent[] {
  return rfps.flatMap((rfp) => {
    const start = returnInstant(rfp, timeZone);
    return start
      ? [{ id: rfpEventId(rfp), title: DASHBOARD_TEXTS.rfpEvent(rfp.companyName), start, colour: CLOSED_EVENT_COLOUR }]
      : [];
  });
}
