import { Code, ConnectError } from "@connectrpc/connect";

/** The gRPC code of a failed call (Unknown for anything that is not a ConnectError). */
export function errorCode(err: unknown): Code {
  return ConnectError.from(err).code;
}

/** The message the server gave, without the "[code]" prefix connect adds. */
export function serverMessage(err: unknown): string {
  return ConnectError.from(err).rawMessage;
}

/** True when the failure has one of the given codes. */
export function hasCode(err: unknown, ...codes: Code[]): boolean {
  return codes.includes(errorCode(err));
}

/** A failure message, followed by the server's explanation when the failure has one of the given codes. */
export function failureText(err: unknown, text: string, ...detailCodes: Code[]): string {
  return hasCode(err, ...detailCodes) ? `${text} ${serverMessage(err)}` : text;
}
