import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { Code, ConnectError } from "@connectrpc/connect";
import { describe, expect, it, vi } from "vitest";

import { REFRESH_TOKEN_KEY, TOKEN_KEY } from "../../app/auth/tokenStore";
import { Role } from "../../gen/eris/identity/v1/identity_pb";
import { makeUser } from "../../test/fakes";
import { fakeServices, renderApp } from "../../test/renderApp";
import { SETTINGS_TEXTS } from "./texts";

const exact = { normalizer: (s: string) => s };

function settingsWith(changePassword: (...args: never[]) => Promise<unknown>) {
  window.localStorage.setItem(TOKEN_KEY, "old-token");
  const services = fakeServices({
    auth: {
      getCurrentUser: vi.fn(async () => ({ user: makeUser({ role: Role.SALES }) })) as never,
      changePassword: vi.fn(changePassword) as never,
    },
  });
  renderApp("/Settings", services);
  return services;
}

async function fill(current: string, next: string, confirm: string) {
  if (current) await userEvent.type(await screen.findByLabelText(SETTINGS_TEXTS.currentPassword), current);
  if (next) await userEvent.type(await screen.findByLabelText(SETTINGS_TEXTS.newPassword), next);
  if (confirm) await userEvent.type(await screen.findByLabelText(SETTINGS_TEXTS.confirmPassword), confirm);
}

function submitButton() {
  return screen.getByRole("button", { name: SETTINGS_TEXTS.submit }) as HTMLButtonElement;
}

describe("change password", () => {
  it("has a disabled Preferences tab", async () => {
    settingsWith(async () => ({}));
    expect((await screen.findByRole("tab", { name: "Preferences" })).getAttribute("aria-disabled")).toBe("true");
  });

  it("keeps the button disabled until all three fields are filled", async () => {
    settingsWith(async () => ({}));
    await fill("old", "new", "");
    expect(submitButton().disabled).toBe(true);
    await fill("", "", "new");
    expect(submitButton().disabled).toBe(false);
  });

  it("checks the confirmation on the client and calls no server", async () => {
    const services = settingsWith(async () => ({}));
    await fill("old", "new1", "new2{Enter}");
    expect(await screen.findByText(SETTINGS_TEXTS.mismatch, exact)).toBeTruthy();
    expect(services.api.auth.changePassword).not.toHaveBeenCalled();
  });

  it("refuses a new password equal to the current one", async () => {
    const services = settingsWith(async () => ({}));
    await fill("same", "same", "same{Enter}");
    expect(await screen.findByText(SETTINGS_TEXTS.sameAsCurrent, exact)).toBeTruthy();
    expect(services.api.auth.changePassword).not.toHaveBeenCalled();
  });

  it("shows the server's message for a wrong current password", async () => {
    settingsWith(async () => {
      throw new ConnectError(SETTINGS_TEXTS.wrongCurrent, Code.InvalidArgument);
    });
    await fill("bad", "new", "new{Enter}");
    expect(await screen.findByText(SETTINGS_TEXTS.wrongCurrent, exact)).toBeTruthy();
  });

  it("says the length rule under the new password, and shows the server's message when it is broken", async () => {
    const tooShort = "The new password must be at least 12 characters long.";
    settingsWith(async () => {
      throw new ConnectError(tooShort, Code.InvalidArgument);
    });
    const next = await screen.findByLabelText(SETTINGS_TEXTS.newPassword);
    expect(next.getAttribute("aria-describedby")).toBe("new-password-hint");
    expect(document.getElementById("new-password-hint")?.textContent).toBe(SETTINGS_TEXTS.newPasswordHint);
    await fill("old", "short", "short{Enter}");
    expect(await screen.findByText(tooShort, exact)).toBeTruthy();
  });

  it("opens the error dialog for any other failure", async () => {
    settingsWith(async () => {
      throw new ConnectError("boom", Code.Internal);
    });
    await fill("old", "new", "new{Enter}");
    expect(await screen.findByText(SETTINGS_TEXTS.failed, exact)).toBeTruthy();
  });

  it("stores the fresh tokens and clears the fields on success", async () => {
    const services = settingsWith(async () => ({ token: "new-token", refreshToken: "new-refresh", user: makeUser() }));
    await fill("old", "new", "new");
    await userEvent.click(submitButton());
    expect(services.api.auth.changePassword).toHaveBeenCalledWith({ currentPassword: "old", newPassword: "new" });
    expect(window.localStorage.getItem(TOKEN_KEY)).toBe("new-token");
    expect(window.localStorage.getItem(REFRESH_TOKEN_KEY)).toBe("new-refresh");
    expect((screen.getByLabelText(SETTINGS_TEXTS.newPassword) as HTMLInputElement).value).toBe("");
    expect((screen.getByLabelText(SETTINGS_TEXTS.currentPassword) as HTMLInputElement).value).toBe("");
  });
});
