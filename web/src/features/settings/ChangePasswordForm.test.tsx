import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { Code, ConnectError } from "@connectrpc/connect";
import { describe, expect, it, vi } from "vitest";

import { createSessionApi, type SessionApi } from "../../api/sessionApi";
import { PROFILE_KEY, TOKEN_KEY } from "../../app/auth/tokenStore";
import { Role } from "../../gen/eris/identity/v1/identity_pb";
import { makeUser } from "../../test/fakes";
import { fakeServices, renderApp } from "../../test/renderApp";
import { SETTINGS_TEXTS } from "./texts";

const exact = { normalizer: (s: string) => s };

function settingsWith(changePassword: SessionApi["changePassword"]) {
  window.localStorage.setItem(TOKEN_KEY, "old-token");
  const services = fakeServices({
    auth: { getCurrentUser: vi.fn(async () => ({ user: makeUser({ role: Role.SALES }) })) as never },
    session: { changePassword },
  });
  renderApp("/Settings", services);
  return { services };
}

const changed = async () => ({ token: "new-token", expiresAt: null });

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
    settingsWith(changed);
    expect((await screen.findByRole("tab", { name: "Preferences" })).getAttribute("aria-disabled")).toBe("true");
  });

  it("keeps the button disabled until all three fields are filled", async () => {
    settingsWith(changed);
    await fill("old", "new", "");
    expect(submitButton().disabled).toBe(true);
    await fill("", "", "new");
    expect(submitButton().disabled).toBe(false);
  });

  it("checks the confirmation on the client and calls no server", async () => {
    const { services } = settingsWith(changed);
    await fill("old", "new1", "new2{Enter}");
    expect(await screen.findByText(SETTINGS_TEXTS.mismatch, exact)).toBeTruthy();
    expect(services.sessionApi.changePassword).not.toHaveBeenCalled();
  });

  it("refuses a new password equal to the current one", async () => {
    const { services } = settingsWith(changed);
    await fill("same", "same", "same{Enter}");
    expect(await screen.findByText(SETTINGS_TEXTS.sameAsCurrent, exact)).toBeTruthy();
    expect(services.sessionApi.changePassword).not.toHaveBeenCalled();
  });

  it("shows the server's message for a wrong current password", async () => {
    settingsWith(async () => {
      throw new ConnectError(SETTINGS_TEXTS.wrongCurrent, Code.InvalidArgument);
    });
    await fill("bad", "new", "new{Enter}");
    expect(await screen.findByText(SETTINGS_TEXTS.wrongCurrent, exact)).toBeTruthy();
  });

  it("shows the gateway's words for a wrong current password, sent over REST with the access token", async () => {
    const fetch = vi.fn(
      async (_url: string, _init: RequestInit) =>
        new Response(JSON.stringify({ code: "invalid_argument", error: SETTINGS_TEXTS.wrongCurrent }), { status: 400 }),
    );
    settingsWith(createSessionApi({ fetch: fetch as never }).changePassword);
    await fill("bad", "new", "new{Enter}");
    expect(await screen.findByText(SETTINGS_TEXTS.wrongCurrent, exact)).toBeTruthy();
    const [url, init] = fetch.mock.calls[0];
    expect(url).toBe("/api/user/changePassword");
    expect(JSON.parse(String(init.body))).toEqual({ oldPass: "bad", newPass: "new" });
    expect(new Headers(init.headers).get("Authorization")).toBe("Bearer old-token");
    expect(new Headers(init.headers).get("X-Eris-Session")).toBe("cookie");
    expect(window.localStorage.getItem(TOKEN_KEY)).toBe("old-token");
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

  it("changes the password over REST, stores the fresh access token only and clears the fields", async () => {
    const { services } = settingsWith(changed);
    await fill("old", "new", "new");
    await userEvent.click(submitButton());
    expect(services.sessionApi.changePassword).toHaveBeenCalledWith({
      token: "old-token",
      oldPass: "old",
      newPass: "new",
    });
    expect(window.localStorage.getItem(TOKEN_KEY)).toBe("new-token");
    // The token and the profile kept for it, nothing else.
    expect(window.localStorage.length).toBe(2);
    expect(window.localStorage.getItem(PROFILE_KEY)).not.toBeNull();
    expect((screen.getByLabelText(SETTINGS_TEXTS.newPassword) as HTMLInputElement).value).toBe("");
    expect((screen.getByLabelText(SETTINGS_TEXTS.currentPassword) as HTMLInputElement).value).toBe("");
  });

  it("ends a forced reset: the flag is gone and the Dashboard opens", async () => {
    let forcePasswordReset = true;
    window.localStorage.setItem(TOKEN_KEY, "old-token");
    const getCurrentUser = vi.fn(async () => ({ user: makeUser({ role: Role.SALES, forcePasswordReset }) }));
    const changePassword = vi.fn(async () => {
      forcePasswordReset = false;
      return { token: "new-token", expiresAt: null };
    });
    const services = fakeServices({ auth: { getCurrentUser: getCurrentUser as never }, session: { changePassword } });
    const { router } = renderApp("/Settings", services);
    expect(await screen.findByText(SETTINGS_TEXTS.forcedReset)).toBeTruthy();
    await fill("one-time", "chosen-password", "chosen-password{Enter}");
    await waitFor(() => expect(router().location.pathname).toBe("/Dashboard"));
    // The user is read again after the change (a new version), and the reset stays done.
    await waitFor(() => expect(getCurrentUser).toHaveBeenCalledTimes(2));
    expect(router().location.pathname).toBe("/Dashboard");
    const state = services.session.getState();
    expect(state.status === "signedIn" && state.user.forcePasswordReset).toBe(false);
    expect(window.localStorage.getItem(TOKEN_KEY)).toBe("new-token");
  });
});
