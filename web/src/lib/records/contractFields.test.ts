import { describe, expect, it } from "vitest";

import {
  CONTRACT_FIELD_KEYS,
  CONTRACT_FIELDS,
  contractForm,
  contractKeysWith,
  SHARED_CONTRACT_CODECS,
} from "./contractFields";

describe("contract fields", () => {
  it("name each field's mask path after its proto field", () => {
    for (const key of CONTRACT_FIELD_KEYS) {
      expect(CONTRACT_FIELDS[key].path).toBe(key.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`));
    }
    const codecs = {
      ...SHARED_CONTRACT_CODECS,
      decimal: SHARED_CONTRACT_CODECS.text,
      bool: { blank: false, read: (on: boolean) => on, write: (on: boolean) => on },
      index: SHARED_CONTRACT_CODECS.enum,
    };
    expect(contractForm(codecs, ["closer1UserId", "accountIds"]).maskPaths).toEqual({
      closer1UserId: "closer1_user_id",
      accountIds: "account_ids",
    });
  });

  it("pick the fields of a kind, in order", () => {
    expect(contractKeysWith({ kind: "date" })).toEqual(["dateSigned", "startDate"]);
    expect(contractKeysWith({ decimal: "rate" })).toEqual(["contractRate", "fee"]);
    expect(contractKeysWith({ drOnly: true })).toEqual([
      "signedThrough",
      "providerSupplierId",
      "capacityPercentage",
      "energyPercentage",
      "jmiPercentage",
    ]);
  });
});
