import { describe, expect, it } from "vitest";

import { dateTextToParam, dayFromParam, paramToDateText } from "./dayParam";

describe("days in the address", () => {
  it("keeps dates in the address as yyyy-mm-dd and shows them as MM/DD/YYYY", () => {
    expect(dateTextToParam("02/29/2024")).toBe("2024-02-29");
    expect(dateTextToParam("")).toBeNull();
    expect(dateTextToParam("02/30/2024")).toBeUndefined();
    expect(dateTextToParam("02/2")).toBeUndefined();
    expect(paramToDateText("2024-02-29")).toBe("02/29/2024");
    expect(paramToDateText("2023-02-29")).toBe("");
    expect(dayFromParam("junk")).toBeUndefined();
  });
});
