/** The media type of an .xlsx workbook. */
export const XLSX_TYPE = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";

/**
 * Starts the browser's download of an address (same origin) as `fileName`: the file goes straight
 * to disk, never through the page's memory.
 */
export function downloadUrl(url: string, fileName: string): void {
  const link = document.createElement("a");
  link.href = url;
  link.download = fileName;
  link.style.display = "none";
  document.body.append(link);
  link.click();
  link.remove();
}

/** Saves a file through the browser's download, as `fileName` (extension included). */
export function downloadBlob(fileName: string, blob: Blob): void {
  const url = URL.createObjectURL(blob);
  downloadUrl(url, fileName);
  // Some browsers start the download after click() returns: the address is freed a moment later.
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** Saves a workbook the server made (an Export call's file name and bytes). */
export function downloadXlsx(file: { fileName: string; content: Uint8Array }): void {
  downloadBlob(file.fileName, new Blob([file.content as Uint8Array<ArrayBuffer>], { type: XLSX_TYPE }));
}
