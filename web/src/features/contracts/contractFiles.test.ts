import { describe, expect, it } from "vitest";

import { XLSX_TYPE } from "../../lib/download";
import { contractFileType, isPdf, PDF_TYPE, sizeText, XLS_TYPE } from "./contractFiles";

describe("contract files", () => {
  it("sends PDF and Excel files with their type, named by the extension when the browser gives none", () => {
    expect(contractFileType({ name: "a.pdf", type: PDF_TYPE })).toBe(PDF_TYPE);
    expect(contractFileType({ name: "rates.xls", type: "" })).toBe(XLS_TYPE);
    expect(contractFileType({ name: "Rates.XLSX", type: "application/octet-stream" })).toBe(XLSX_TYPE);
    expect(contractFileType({ name: "notes.txt", type: "text/plain" })).toBeNull();
    expect(contractFileType({ name: "pdf", type: "" })).toBeNull();
  });

  it("shows PDFs in the viewer and offers the rest as downloads", () => {
    expect(isPdf(PDF_TYPE, "x.xlsx")).toBe(true);
    expect(isPdf("", "Signed.PDF")).toBe(true);
    expect(isPdf(XLSX_TYPE, "x.pdf")).toBe(false);
  });

  it("tells a file's size in KB or MB", () => {
    expect(sizeText(10)).toBe("1 KB");
    expect(sizeText(300 * 1024)).toBe("300 KB");
    expect(sizeText(25 * 1024 * 1024)).toBe("25.0 MB");
  });
});
