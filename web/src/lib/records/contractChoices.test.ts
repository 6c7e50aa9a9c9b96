import { describe, expect, it } from "vitest";

import { Commodity } from "../../gen/eris/sourcing/v1/utilities_pb";
import { boiler, plant, plant2, suppliers, utilities } from "../../test/contractScreenFakes";
import { narrowedTo, supplierChoices, utilityChoices } from "./contractChoices";

describe("contract choices", () => {
  it("narrows utilities and suppliers to the chosen accounts' when any match, else offers the commodity's", () => {
    const names = (list: { name: string }[]) => list.map((item) => item.name);
    expect(names(utilityChoices(utilities, Commodity.ELECTRIC, []))).toEqual(["PECO", "PPL"]);
    expect(names(utilityChoices(utilities, Commodity.ELECTRIC, [plant]))).toEqual(["PECO"]);
    expect(names(utilityChoices(utilities, Commodity.ELECTRIC, [plant, plant2]))).toEqual(["PECO", "PPL"]);
    // A Gas account's utility is not an Electric one: nothing matches, every Electric one is offered.
    expect(names(utilityChoices(utilities, Commodity.ELECTRIC, [boiler]))).toEqual(["PECO", "PPL"]);
    expect(names(utilityChoices(utilities, Commodity.DR, [plant2]))).toEqual(["PPL"]);
    expect(names(utilityChoices(utilities, Commodity.DR, []))).toEqual(["PECO", "PPL", "PJM"]);
    expect(names(supplierChoices(suppliers, Commodity.ELECTRIC, [plant]))).toEqual(["Constellation"]);
    expect(names(supplierChoices(suppliers, Commodity.GAS, []))).toEqual(["Gas Direct"]);
    expect(narrowedTo([1n, 2n], (id) => id, [0n])).toEqual([1n, 2n]);
  });
});
