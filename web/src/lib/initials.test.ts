import { describe, expect, it } from "vitest";

import { avatarColor, initials } from "./initials";

describe("initials", () => {
  it("takes the first letters of the first and last words", () => {
    expect(initials("Jane Public")).toBe("JP");
    expect(initials("Jane Q. Public")).toBe("JP");
  });

  it("upper-cases and ignores extra spaces", () => {
    expect(initials("  mary   ann  smith ")).toBe("MS");
  });

  it("uses one letter for a single word", () => {
    expect(initials("Cher")).toBe("C");
  });

  it("skips leading punctuation and handles accents", () => {
    expect(initials("(Temp) Émile Zola")).toBe("TZ");
    expect(initials("élodie durand")).toBe("ÉD");
  });

  it("gives ? for an empty name", () => {
    expect(initials("")).toBe("?");
    expect(initials("   ")).toBe("?");
  });
});

describe("avatarColor", () => {
  const palette = ["#111111", "#222222", "#333333"];

  it("is stable for a name and comes from the palette", () => {
    expect(avatarColor("Jane Public", palette)).toBe(avatarColor("Jane Public", palette));
    expect(palette).toContain(avatarColor("Jane Public", palette));
  });
});
