import { afterEach, describe, expect, it, vi } from "vitest";

import owaspPayloads from "../../../services/platform/src/owasp_csv_payloads.json";
import { blobBytes, catchDownloads } from "../test/fakes";
import { csvField, downloadCsv, neutralise, parseCsv, readFileText, toCsv } from "./csv";

afterEach(() => {
  vi.restoreAllMocks();
  vi.useRealTimers();
});

describe("csv writing", () => {
  it("quotes every field, doubles inner quotes and keeps commas and line breaks inside the quotes", () => {
    expect(csvField("plain")).toBe('"plain"');
    expect(csvField('say "hi", then go')).toBe('"say ""hi"", then go"');
    expect(csvField("Lee, Ann")).toBe('"Lee, Ann"');
    expect(csvField("two\nlines")).toBe('"two\nlines"');
  });

  it("guards text a spreadsheet would run as a formula", () => {
    expect(csvField("=SUM(A1:A2)")).toBe('"\'=SUM(A1:A2)"');
    expect(csvField("=HYPERLINK(1)")).toBe('"\'=HYPERLINK(1)"');
    expect(csvField("@cmd")).toBe('"\'@cmd"');
    expect(csvField("+cmd|x")).toBe('"\'+cmd|x"');
    expect(csvField("-2+SUM(A1)")).toBe('"\'-2+SUM(A1)"');
    expect(csvField("\tx")).toBe('"\'\tx"');
  });

  // OWASP's CSV injection payloads, and the forms that got through before: the list the server's
  // exports are tested with too (eris_platform::export).
  it.each(owaspPayloads)("disarms %j", (payload) => {
    expect(neutralise(payload)).toBe(`'${payload}`);
    expect(csvField(payload).startsWith("\"'")).toBe(true);
  });

  it("leaves plain numbers and other text as they are", () => {
    for (const plain of ["-12.5", "12", "0.005", "-7", "Acme", "", "a=b", "Foundry - East", "2026-03-01"]) {
      expect(neutralise(plain)).toBe(plain);
    }
    for (const notANumber of ["-12.", "-.5", "--1", "-1e5", "- 1"]) {
      expect(neutralise(notANumber)).toBe(`'${notANumber}`);
    }
  });

  it("starts with a byte order mark and ends every record with CRLF", () => {
    expect(
      toCsv([
        ["a", "b"],
        ["ü", ""],
      ]),
    ).toBe('\uFEFF"a","b"\r\n"ü",""\r\n');
  });
});

describe("csv download", () => {
  it("saves the text as a UTF-8 file with its byte order mark, under the name given", async () => {
    vi.useFakeTimers();
    const downloads = catchDownloads();
    downloadCsv("contacts export.csv", toCsv([["x"]]));
    expect(downloads.map((d) => d.name)).toEqual(["contacts export.csv"]);
    expect(document.querySelector("a[download]")).toBeNull();
    // The object URL is freed a moment after the click, once the browser has started the download.
    expect(URL.revokeObjectURL).not.toHaveBeenCalled();
    vi.runAllTimers();
    expect(URL.revokeObjectURL).toHaveBeenCalledWith("blob:download-1");
    // The file reader below runs on real timers.
    vi.useRealTimers();
    expect(downloads[0].blob.type).toBe("text/csv;charset=utf-8");
    expect([...(await blobBytes(downloads[0].blob)).slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  });
});

describe("csv reading", () => {
  it("splits records and fields, with quoted commas, quotes and line breaks", () => {
    expect(parseCsv('a,b\r\n"x, y","say ""hi"""\n"two\nlines",\n')).toEqual([
      ["a", "b"],
      ["x, y", 'say "hi"'],
      ["two\nlines", ""],
    ]);
  });

  it("drops a byte order mark and reads a last line without a break", () => {
    expect(parseCsv("\uFEFFSite Name,LEN\nPlant,Acme")).toEqual([
      ["Site Name", "LEN"],
      ["Plant", "Acme"],
    ]);
  });

  it("reads what it writes", () => {
    const rows = [
      ["Name", "Note"],
      ['A "quoted", name', "line\r\nbreak"],
    ];
    expect(parseCsv(toCsv(rows))).toEqual(rows);
  });

  it("reads a file's text", async () => {
    expect(await readFileText(new File(["a,b\n"], "x.csv"))).toBe("a,b\n");
  });
});
