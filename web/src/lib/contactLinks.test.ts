import { describe, expect, it } from "vitest";

import { contactHref, telHref } from "./contactLinks";

describe("contact links", () => {
  it("dial digits only, keeping a leading + and leaving the extension out", () => {
    expect(telHref("(215) 555-0100")).toBe("tel:2155550100");
    expect(telHref("+1 215 555 0100")).toBe("tel:+12155550100");
    expect(telHref("215-555-0100 x12")).toBe("tel:2155550100");
    expect(telHref("(215) 555-0100 ext. 7")).toBe("tel:2155550100");
  });

  it("do not dial what is not a phone number", () => {
    expect(telHref("555")).toBeNull();
    expect(telHref("1-800-FLOWERS")).toBeNull();
    expect(telHref("ask reception")).toBeNull();
  });

  it("mail e-mail addresses and dial phone numbers", () => {
    expect(contactHref(" desk@acme.test ")).toBe("mailto:desk@acme.test");
    expect(contactHref("215.555.0111")).toBe("tel:2155550111");
    expect(contactHref("Call the desk")).toBeNull();
  });
});
