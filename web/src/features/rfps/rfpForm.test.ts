import { describe, expect, it } from "vitest";

import { Commodity } from "../../gen/eris/sourcing/v1/utilities_pb";
import { fieldChanges } from "../../lib/recordForm";
import {
  accountsOf,
  addProducts,
  addTerms,
  businessToday,
  emptyRfpFields,
  keptForCommodity,
  RFP_MASK_PATHS,
  rfpFieldsOf,
  rfpInit,
  rfpUpdate,
} from "./rfpForm";
import { acmeRfp, boiler, plant, plant2, suppliers } from "./rfpsTestKit";

describe("RFP form", () => {
  it("starts a new RFP returning today on the business clock at 11:00", () => {
    // 02:30 UTC on May 8 is still May 7 in New York.
    const now = new Date(Date.UTC(2026, 4, 8, 2, 30));
    expect(businessToday("America/New_York", now)).toBe("05/07/2026");
    expect(businessToday("UTC", now)).toBe("05/08/2026");
    const fields = emptyRfpFields("05/07/2026");
    expect(fields.returnDate).toBe("05/07/2026");
    expect(fields.returnTime).toBe("11:00");
    expect(fields.commodity).toBe(Commodity.UNSPECIFIED);
  });

  it("adds whole-number terms in order and refuses a chip that is not one", () => {
    expect(addTerms([24], ["12", "36"])).toEqual({ terms: [12, 24, 36], refused: null });
    expect(addTerms([12], ["12"])).toEqual({ terms: [12], refused: null });
    expect(addTerms([12], ["abc"])).toEqual({ terms: [12], refused: "abc" });
    expect(addTerms([12], ["241"])).toEqual({ terms: [12], refused: "241" });
    expect(addTerms([], ["0"]).refused).toBe("0");
    expect(addTerms([], ["1.5"]).refused).toBe("1.5");
    expect(addTerms([], ["-12"]).refused).toBe("-12");
  });

  it("adds products in order, once each", () => {
    expect(addProducts(["Fixed"], ["Index", "fixed", " "])).toEqual(["Fixed", "Index"]);
  });

  it("sends a new RFP with its lists, dates and time", () => {
    const fields = {
      ...emptyRfpFields("05/07/2026"),
      len: " Acme LLC ",
      commodity: Commodity.ELECTRIC,
      startDate: "06/01/2026",
      returnTime: "12:30",
      supplierIds: "8,12",
      terms: "12,24",
      products: "Fixed\nIndex",
      fee: "0.0050",
      accountIds: "21,23",
    };
    expect(rfpInit(5n, fields)).toEqual({
      companyId: 5n,
      len: "Acme LLC",
      address: "",
      city: "",
      state: "",
      zip: "",
      commodity: Commodity.ELECTRIC,
      startDate: { year: 2026, month: 6, day: 1 },
      returnDate: { year: 2026, month: 5, day: 7 },
      returnTime: "12:30",
      supplierIds: [8n, 12n],
      terms: [12, 24],
      products: ["Fixed", "Index"],
      fee: "0.005",
      accountIds: [21n, 23n],
    });
  });

  it("sends only the changed fields, with their mask paths and the version read", () => {
    const before = rfpFieldsOf(acmeRfp);
    const after = { ...before, city: "Chester", terms: "12,24,36", startDate: "" };
    const update = rfpUpdate(acmeRfp, fieldChanges(before, after, RFP_MASK_PATHS));
    expect(update).toEqual({
      rfp: { rfpId: 31n, version: 3n, city: "Chester", startDate: undefined, terms: [12, 24, 36] },
      paths: ["city", "start_date", "terms"],
    });
  });

  it("finds no change in lists chosen in another order", () => {
    const before = rfpFieldsOf(acmeRfp);
    const reordered = rfpFieldsOf({ ...acmeRfp, supplierIds: [12n, 8n], terms: [24, 12] });
    expect(fieldChanges(before, reordered, RFP_MASK_PATHS).paths).toEqual([]);
  });

  it("offers only the company's accounts of the commodity", () => {
    const accounts = [plant, boiler, plant2];
    expect(accountsOf(accounts, Commodity.ELECTRIC).map((a) => a.name)).toEqual(["Plant 1", "Plant 2"]);
    expect(accountsOf(accounts, Commodity.GAS).map((a) => a.name)).toEqual(["Boiler House"]);
  });

  it("drops the suppliers and accounts of the other commodity when the commodity changes", () => {
    const kept = keptForCommodity({ supplierIds: "8,10", accountIds: "21,22" }, Commodity.GAS, suppliers, [
      plant,
      boiler,
    ]);
    expect(kept).toEqual({ supplierIds: "10", accountIds: "22" });
  });
});
