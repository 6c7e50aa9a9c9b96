import { describe, expect, it } from "vitest";

import { canSubmitPasswordChange, checkPasswordChange } from "./passwordRules";
import { SETTINGS_TEXTS } from "./texts";

describe("password change rules", () => {
  it("keeps the button disabled while any of the three fields is empty", () => {
    expect(canSubmitPasswordChange({ current: "", next: "b", confirm: "b" })).toBe(false);
    expect(canSubmitPasswordChange({ current: "a", next: "", confirm: "b" })).toBe(false);
    expect(canSubmitPasswordChange({ current: "a", next: "b", confirm: "" })).toBe(false);
    expect(canSubmitPasswordChange({ current: "a", next: "b", confirm: "b" })).toBe(true);
  });

  it("refuses a confirmation that differs from the new password", () => {
    expect(checkPasswordChange({ current: "old", next: "new1", confirm: "new2" })).toBe(
      "Your new password does not match the confirmation password.  Please try again.",
    );
  });

  it("refuses a new password equal to the current one", () => {
    expect(checkPasswordChange({ current: "same", next: "same", confirm: "same" })).toBe(
      "Your new password matches your current password.  Please select a new password and try again.",
    );
  });

  it("checks the confirmation before the sameness", () => {
    expect(checkPasswordChange({ current: "same", next: "same", confirm: "other" })).toBe(SETTINGS_TEXTS.mismatch);
  });

  it("lets a valid change through to the server", () => {
    expect(checkPasswordChange({ current: "old", next: "new", confirm: "new" })).toBeNull();
  });

  it("compares exactly, without trimming or case folding", () => {
    expect(checkPasswordChange({ current: "Secret", next: "secret", confirm: "secret" })).toBeNull();
    expect(checkPasswordChange({ current: "old", next: "new ", confirm: "new" })).toBe(SETTINGS_TEXTS.mismatch);
  });
});
