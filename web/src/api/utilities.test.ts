import { create } from "@bufbuild/protobuf";
import { describe, expect, it } from "vitest";

import { Commodity, UtilitySchema } from "../gen/eris/sourcing/v1/utilities_pb";
import { utilityName, utilityOptions } from "./utilities";

const utilities = [
  create(UtilitySchema, { utilityId: 1n, name: "PECO", state: "PA", commodity: Commodity.ELECTRIC }),
  create(UtilitySchema, { utilityId: 2n, name: "PECO", state: "PA", commodity: Commodity.GAS }),
  create(UtilitySchema, { utilityId: 3n, name: "Nicor Gas", state: "IL", commodity: Commodity.GAS }),
];

describe("utility pickers", () => {
  it("offer the utilities of one commodity, named with their state", () => {
    expect(utilityOptions(utilities, Commodity.GAS)).toEqual([
      { value: 2n, label: "PECO (PA)" },
      { value: 3n, label: "Nicor Gas (IL)" },
    ]);
    expect(utilityOptions(utilities, Commodity.DR)).toEqual([]);
    expect(utilityOptions(undefined, Commodity.ELECTRIC)).toEqual([]);
  });

  it("name a utility by id, or nothing while it is unknown", () => {
    expect(utilityName(utilities, 3n)).toBe("Nicor Gas (IL)");
    expect(utilityName(utilities, 9n)).toBeUndefined();
    expect(utilityName(undefined, 1n)).toBeUndefined();
  });
});
