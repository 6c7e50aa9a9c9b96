import { timestampDate, timestampFromDate, type Timestamp } from "@bufbuild/protobuf/wkt";

/** Instants as the API sends them (google.protobuf.Timestamp). */

/** The wire form of an instant. */
export function toTimestamp(date: Date): Timestamp {
  return timestampFromDate(date);
}

/** The instant of a timestamp; undefined when absent. */
export function fromTimestamp(ts: Timestamp | undefined): Date | undefined {
  return ts ? timestampDate(ts) : undefined;
}
