import { authorizedFetch, type RestSession } from "../../api/rest";
import { downloadUrl } from "../../lib/download";
import { marginExportFilters, type MarginFilters } from "./marginView";
import { MARGIN_TEXTS } from "./texts";

/** Where the gateway hands out export tickets; each ticket's address lies below it. */
export const MARGIN_EXPORT_PATH = "/api/reports/marginBuilderExport";

/**
 * Exports the rows the filters select as MarginBuilder.csv: asks the gateway for a single-use
 * address (POST /api/reports/marginBuilderExport {filters}, with the session's token), then lets
 * the browser download it, so the file streams to disk and never sits in the page's memory.
 */
export async function exportMarginRows(session: RestSession, filters: MarginFilters): Promise<void> {
  const res = await authorizedFetch(session, MARGIN_EXPORT_PATH, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ filters: marginExportFilters(filters) }),
  });
  if (!res.ok) {
    throw new Error(`POST ${MARGIN_EXPORT_PATH} answered ${res.status}`);
  }
  const { url } = (await res.json()) as { url?: unknown };
  // Only an address of the gateway's own export is followed.
  if (typeof url !== "string" || !url.startsWith(`${MARGIN_EXPORT_PATH}/`)) {
    throw new Error(`POST ${MARGIN_EXPORT_PATH} answered without an export address`);
  }
  downloadUrl(url, MARGIN_TEXTS.exportFileName);
}
