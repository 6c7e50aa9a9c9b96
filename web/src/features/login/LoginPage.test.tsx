import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { Code, ConnectError } from "@connectrpc/connect";
import { describe, expect, it, vi } from "vitest";

import { REFRESH_TOKEN_KEY, TOKEN_KEY } from "../../app/auth/tokenStore";
import { makeUser } from "../../test/fakes";
import { fakeServices, renderApp } from "../../test/renderApp";
import { LOGIN_TEXTS } from "./texts";

async function typeCredentials(login: string, password: string) {
  await userEvent.type(await screen.findByLabelText(LOGIN_TEXTS.loginLabel), login);
  await userEvent.type(screen.getByLabelText(LOGIN_TEXTS.passwordLabel), password);
}

describe("login page", () => {
  it("shows the spec's message, clears the password and removes a stored token on failure", async () => {
    const signIn = vi.fn(async () => {
      throw new ConnectError("invalid credentials", Code.Unauthenticated);
    });
    const services = fakeServices({ auth: { signIn: signIn as never } });
    renderApp("/", services);
    window.localStorage.setItem(TOKEN_KEY, "leftover");
    await typeCredentials("sales@eris.test", "wrong{Enter}");
    expect(await screen.findByText("Incorrect login or password.")).toBeTruthy();
    expect((screen.getByLabelText(LOGIN_TEXTS.passwordLabel) as HTMLInputElement).value).toBe("");
    expect((screen.getByLabelText(LOGIN_TEXTS.loginLabel) as HTMLInputElement).value).toBe("sales@eris.test");
    expect(window.localStorage.getItem(TOKEN_KEY)).toBeNull();
    expect(signIn).toHaveBeenCalledWith({ username: "sales@eris.test", password: "wrong" });
  });

  it("shows the server's message when sign-ins are throttled", async () => {
    const signIn = vi.fn(async () => {
      throw new ConnectError("Too many failed sign-ins.  Try again in 5 minutes.", Code.ResourceExhausted);
    });
    renderApp("/", fakeServices({ auth: { signIn: signIn as never } }));
    await typeCredentials("sales@eris.test", "wrong");
    await userEvent.click(screen.getByRole("button", { name: LOGIN_TEXTS.submit }));
    expect(
      await screen.findByText("Too many failed sign-ins.  Try again in 5 minutes.", { normalizer: (s) => s }),
    ).toBeTruthy();
  });

  it("shows the server's message when sign-in is unavailable, and clears the password", async () => {
    const signIn = vi.fn(async () => {
      throw new ConnectError("Sign-in is unavailable right now. Please try again in a moment.", Code.Unavailable);
    });
    renderApp("/", fakeServices({ auth: { signIn: signIn as never } }));
    await typeCredentials("sales@eris.test", "pw{Enter}");
    expect(await screen.findByText("Sign-in is unavailable right now. Please try again in a moment.")).toBeTruthy();
    expect((screen.getByLabelText(LOGIN_TEXTS.passwordLabel) as HTMLInputElement).value).toBe("");
  });

  it("stores both tokens and goes to the Dashboard on success", async () => {
    const signIn = vi.fn(async () => ({
      user: makeUser({ name: "Walter Skinner" }),
      token: "tok",
      refreshToken: "ref",
    }));
    renderApp("/", fakeServices({ auth: { signIn: signIn as never } }));
    await typeCredentials("ws@eris.test", "right{Enter}");
    expect(await screen.findByRole("heading", { name: "Dashboard" })).toBeTruthy();
    expect(window.localStorage.getItem(TOKEN_KEY)).toBe("tok");
    expect(window.localStorage.getItem(REFRESH_TOKEN_KEY)).toBe("ref");
  });

  it("sends a user with a forced reset to Change Password with the typed password locked", async () => {
    const signIn = vi.fn(async () => ({ user: makeUser({ forcePasswordReset: true }), token: "tok" }));
    renderApp("/", fakeServices({ auth: { signIn: signIn as never } }));
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
