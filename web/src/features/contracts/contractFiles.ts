import { authorizedFetch, type RestSession } from "../../api/rest";
import { XLSX_TYPE } from "../../lib/download";

/**
 * A contract's file (a signed PDF or an Excel sheet) travels over the gateway's REST routes, not
 * gRPC-web: the browser reads it as a blob to show, and sends it as the bytes of one PUT.
 */

/** The largest file the gateway stores (25 MB). */
export const MAX_CONTRACT_FILE_BYTES = 25 * 1024 * 1024;

export const PDF_TYPE = "application/pdf";
export const XLS_TYPE = "application/vnd.ms-excel";

/** The file types a contract's file may have, by extension. */
const TYPES_BY_EXTENSION: Record<string, string> = { pdf: PDF_TYPE, xls: XLS_TYPE, xlsx: XLSX_TYPE };

/** What the file picker offers: the extensions and their types. */
export const CONTRACT_FILE_ACCEPT = [".pdf", ".xls", ".xlsx", PDF_TYPE, XLS_TYPE, XLSX_TYPE].join(",");

/**
 * The type a file is sent as: the browser's when it is one of the three, else the one its
 * extension names (some systems give spreadsheets no type); null when it is neither.
 */
export function contractFileType(file: { name: string; type: string }): string | null {
  if (Object.values(TYPES_BY_EXTENSION).includes(file.type)) {
    return file.type;
  }
  const extension = file.name.split(".").pop()?.toLowerCase() ?? "";
  return file.name.includes(".") ? (TYPES_BY_EXTENSION[extension] ?? null) : null;
}

/** Whether a stored file shows in the viewer (PDF) or is offered as a download (Excel). */
export function isPdf(contentType: string, fileName: string): boolean {
  return contentType === PDF_TYPE || (!contentType && fileName.toLowerCase().endsWith(".pdf"));
}

/** "1.2 MB", "340 KB": a file's size as people read it. */
export function sizeText(bytes: number): string {
  if (bytes >= 1024 * 1024) {
    return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
  }
  return `${Math.max(1, Math.round(bytes / 1024))} KB`;
}

/** What the REST calls need from the session: the token, and a new one when it is refused. */
export type FileSession = RestSession;

/** The gateway refused the file and said why (a 400 with {"error": "..."}): shown as it is. */
export class FileRefused extends Error {}

/** A 400's reason, or a plain failure for anything else that is not OK. */
async function failure(res: Response, what: string): Promise<Error> {
  if (res.status === 400) {
    try {
      const body = (await res.json()) as { error?: unknown };
      if (typeof body.error === "string" && body.error) {
        return new FileRefused(body.error);
      }
    } catch {
      // Not the gateway's JSON: a plain failure below.
    }
  }
  return new Error(`${what} answered ${res.status}`);
}

export interface ContractFile {
  blob: Blob;
  contentType: string;
}

/** The contract's stored file (GET /api/contractFiles/{contractId}). */
export async function fetchContractFile(
  session: FileSession,
  contractId: bigint,
  signal?: AbortSignal,
): Promise<ContractFile> {
  const res = await authorizedFetch(session, `/api/contractFiles/${contractId}`, { signal });
  if (!res.ok) {
    throw await failure(res, "GET /api/contractFiles");
  }
  return { blob: await res.blob(), contentType: (res.headers.get("Content-Type") ?? "").split(";")[0].trim() };
}

/**
 * Stores a file as the contract's: asks for a short-lived upload address
 * (GET /api/uploadContractPDF/{contractId}), then PUTs the bytes there with their type and name.
 * A refusal (wrong type, too large) is a FileRefused with the gateway's words.
 */
export async function uploadContractFile(session: FileSession, contractId: bigint, file: File): Promise<void> {
  const type = contractFileType(file);
  if (!type) {
    throw new Error("uploadContractFile was given a file of another type");
  }
  const address = await authorizedFetch(session, `/api/uploadContractPDF/${contractId}`);
  if (!address.ok) {
    throw await failure(address, "GET /api/uploadContractPDF");
  }
  const { url } = (await address.json()) as { url?: unknown };
  if (typeof url !== "string" || !url) {
    throw new Error("GET /api/uploadContractPDF answered without an address");
  }
  const res = await authorizedFetch(session, url, {
    method: "PUT",
    // The server names the stored file ("Contract 42.pdf"); the chosen name is not sent.
    headers: { "Content-Type": type },
    body: file,
  });
  if (!res.ok) {
    throw await failure(res, "PUT the contract's file");
  }
}
