import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { Code, ConnectError } from "@connectrpc/connect";
import { describe, expect, it, vi } from "vitest";

import { PROFILE_KEY, TOKEN_EXPIRY_KEY, TOKEN_KEY } from "../../app/auth/tokenStore";
import { makeUser } from "../../test/fakes";
import { fakeServices, renderApp } from "../../test/renderApp";
import { LOGIN_TEXTS } from "./texts";

async function typeCredentials(login: string, password: string) {
  await userEvent.type(await screen.findByLabelText(LOGIN_TEXTS.loginLabel), login);
  await userEvent.type(screen.getByLabelText(LOGIN_TEXTS.passwordLabel), password);
}

describe("login page", () => {
  it("shows the spec's message, clears the password and removes a stored token on failure", async () => {
    const login = vi.fn(async () => {
      throw new ConnectError("Incorrect login or password.", Code.Unauthenticated);
    });
    const services = fakeServices({ session: { login } });
    renderApp("/", services);
    window.localStorage.setItem(TOKEN_KEY, "leftover");
    await typeCredentials("sales@eris.test", "wrong{Enter}");
    expect(await screen.findByText("Incorrect login or password.")).toBeTruthy();
    expect((screen.getByLabelText(LOGIN_TEXTS.passwordLabel) as HTMLInputElement).value).toBe("");
    expect((screen.getByLabelText(LOGIN_TEXTS.loginLabel) as HTMLInputElement).value).toBe("sales@eris.test");
    expect(window.localStorage.getItem(TOKEN_KEY)).toBeNull();
    expect(login).toHaveBeenCalledWith({ username: "sales@eris.test", password: "wrong" });
  });

  it("shows the server's message when sign-ins are throttled", async () => {
    const login = vi.fn(async () => {
      throw new ConnectError("Too many failed sign-ins.  Try again in 5 minutes.", Code.ResourceExhausted);
    });
    renderApp("/", fakeServices({ session: { login } }));
    await typeCredentials("sales@eris.test", "wrong");
    await userEvent.click(screen.getByRole("button", { name: LOGIN_TEXTS.submit }));
    expect(
      await screen.findByText("Too many failed sign-ins.  Try again in 5 minutes.", { normalizer: (s) => s }),
    ).toBeTruthy();
  });

  it("shows the server's message when sign-in is unavailable, and clears the password", async () => {
    const login = vi.fn(async () => {
      throw new ConnectError("Sign-in is unavailable right now. Please try again in a moment.", Code.Unavailable);
    });
    renderApp("/", fakeServices({ session: { login } }));
    await typeCredentials("sales@eris.test", "pw{Enter}");
    expect(await screen.findByText("Sign-in is unavailable right now. Please try again in a moment.")).toBeTruthy();
    expect((screen.getByLabelText(LOGIN_TEXTS.passwordLabel) as HTMLInputElement).value).toBe("");
  });

  it("stores the access token only, shows the user GetCurrentUser names, and goes to the Dashboard", async () => {
    const login = vi.fn(async () => ({ token: "tok", expiresAt: Date.now() + 15 * 60_000 }));
    const getCurrentUser = vi.fn(async () => ({ user: makeUser({ name: "Walter Skinner" }) }));
    renderApp("/", fakeServices({ session: { login }, auth: { getCurrentUser: getCurrentUser as never } }));
    await typeCredentials("ws@eris.test", "right{Enter}");
    expect(await screen.findByRole("heading", { name: "Dashboard" })).toBeTruthy();
    expect(await screen.findByTestId("user-name")).toHaveProperty("textContent", "Walter Skinner");
    expect(login).toHaveBeenCalledWith({ username: "ws@eris.test", password: "right" });
    expect(getCurrentUser).toHaveBeenCalled();
    expect(window.localStorage.getItem(TOKEN_KEY)).toBe("tok");
    // The refresh token is the gateway's HttpOnly cookie: nothing refresh-like is stored.
    const keys = Array.from({ length: window.localStorage.length }, (_, i) => window.localStorage.key(i));
    expect(keys.sort()).toEqual([PROFILE_KEY, TOKEN_KEY, TOKEN_EXPIRY_KEY]);
  });

  it("sends a user with a forced reset to Change Password with the typed password locked", async () => {
    const getCurrentUser = vi.fn(async () => ({ user: makeUser({ forcePasswordReset: true }) }));
    renderApp("/", fakeServices({ auth: { getCurrentUser: getCurrentUser as never } }));
    await typeCredentials("new@eris.test", "h7Kp-2xQa-9mWz-4R{Enter}");
    const current = (await screen.findByLabelText("Current Password")) as HTMLInputElement;
    expect(current.value).toBe("h7Kp-2xQa-9mWz-4R");
    expect(current.disabled).toBe(true);
  });

  it("has a Forgot Password link without a target", async () => {
    renderApp("/", fakeServices());
    const link = await screen.findByText(LOGIN_TEXTS.forgotPassword);
    expect(link.tagName).toBe("A");
    expect(link.hasAttribute("href")).toBe(false);
  });
});
