import { describe, expect, it } from "vitest";

import { memoryStorage } from "../../test/fakes";
import { DEFAULT_PREFS, nextSort, orderByOf, parseSort, prefsKey, readPrefs, writePrefs } from "./companyColumns";

describe("list order", () => {
  it("reads the server's order_by form and falls back to name for anything else", () => {
    expect(parseSort("city")).toEqual({ key: "city", desc: false });
    expect(parseSort("electric_contract_end_date desc")).toEqual({ key: "electric_contract_end_date", desc: true });
    expect(parseSort(null)).toEqual({ key: "name", desc: false });
    expect(parseSort("password desc")).toEqual({ key: "name", desc: false });
    expect(parseSort("city; drop table")).toEqual({ key: "name", desc: false });
    expect(orderByOf({ key: "gas_usage", desc: true })).toBe("gas_usage desc");
  });

  it("sorts a new column ascending first, then turns it round", () => {
    expect(nextSort({ key: "name", desc: false }, "city")).toEqual({ key: "city", desc: false });
    expect(nextSort({ key: "city", desc: false }, "city")).toEqual({ key: "city", desc: true });
    expect(nextSort({ key: "city", desc: true }, "city")).toEqual({ key: "city", desc: false });
  });
});

describe("list preferences", () => {
  it("are kept per user and survive only known columns", () => {
    const storage = memoryStorage();
    writePrefs(storage, 7n, { columns: ["gasUsage", "drStatus"], compact: true });
    expect(storage.getItem("eris.companyList.7")).not.toBeNull();
    expect(prefsKey(7n)).toBe("eris.companyList.7");
    expect(readPrefs(storage, 7n)).toEqual({ columns: ["gasUsage", "drStatus"], compact: true });
    expect(readPrefs(storage, 8n)).toEqual(DEFAULT_PREFS);
    storage.setItem(prefsKey(9n), JSON.stringify({ columns: ["password", "gasUsage"], compact: "yes" }));
    expect(readPrefs(storage, 9n)).toEqual({ columns: ["gasUsage"], compact: false });
    storage.setItem(prefsKey(10n), "{not json");
    expect(readPrefs(storage, 10n)).toEqual(DEFAULT_PREFS);
  });
});
