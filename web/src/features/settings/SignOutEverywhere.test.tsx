import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { Code, ConnectError } from "@connectrpc/connect";
import { afterEach, describe, expect, it, vi } from "vitest";

import { createSessionApi, type SessionApi } from "../../api/sessionApi";
import { TOKEN_KEY } from "../../app/auth/tokenStore";
import { Role } from "../../gen/eris/identity/v1/identity_pb";
import { makeUser, spyToasts } from "../../test/fakes";
import { fakeServices, renderApp } from "../../test/renderApp";
import { SETTINGS_TEXTS } from "./texts";

/** The gateway's logout, as fetch sees it: 204, the refresh cookie removed. */
function gatewayLogout() {
  return vi.fn(async (_url: string, _init: RequestInit) => new Response(null, { status: 204 }));
}

function settingsWith(session: Partial<SessionApi>) {
  window.localStorage.setItem(TOKEN_KEY, "my-token");
  const services = fakeServices({
    auth: { getCurrentUser: vi.fn(async () => ({ user: makeUser({ role: Role.SALES }) })) as never },
    session,
  });
  return { services, ...renderApp("/Settings", services) };
}

async function openConfirmation() {
  await userEvent.click(await screen.findByRole("button", { name: SETTINGS_TEXTS.signOutEverywhere }));
  return screen.findByText(SETTINGS_TEXTS.signOutEverywhereConfirm);
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe("sign out everywhere", () => {
  it("asks first, then sends everywhere: true with the access token and shows the login page", async () => {
    const fetch = gatewayLogout();
    const { services, router } = settingsWith({ logout: createSessionApi({ fetch: fetch as never }).logout });
    await openConfirmation();
    expect(fetch).not.toHaveBeenCalled();
    await userEvent.click(screen.getByRole("button", { name: SETTINGS_TEXTS.confirm }));

    expect(await screen.findByRole("button", { name: "Login" })).toBeTruthy();
    expect(router().location.pathname).toBe("/");
    expect(fetch).toHaveBeenCalledTimes(1);
    const [url, init] = fetch.mock.calls[0];
    expect(url).toBe("/api/user/logout");
    expect(init.method).toBe("POST");
    expect(init.credentials).toBe("same-origin");
    expect(JSON.parse(String(init.body))).toEqual({ everywhere: true });
    const headers = new Headers(init.headers);
    expect(headers.get("Authorization")).toBe("Bearer my-token");
    expect(headers.get("X-Eris-Session")).toBe("cookie");
    expect(window.localStorage.getItem(TOKEN_KEY)).toBeNull();
    expect(services.session.getState().status).toBe("signedOut");
  });

  it("sends nothing and stays signed in when cancelled", async () => {
    const fetch = gatewayLogout();
    const { services } = settingsWith({ logout: createSessionApi({ fetch: fetch as never }).logout });
    await openConfirmation();
    await userEvent.click(screen.getByRole("button", { name: SETTINGS_TEXTS.cancel }));
    await waitFor(() => expect(screen.queryByText(SETTINGS_TEXTS.signOutEverywhereConfirm)).toBeNull());
    expect(fetch).not.toHaveBeenCalled();
    expect(services.sessionApi.logout).not.toHaveBeenCalled();
    expect(window.localStorage.getItem(TOKEN_KEY)).toBe("my-token");
    expect(services.session.getState().status).toBe("signedIn");
    expect(screen.getByRole("button", { name: SETTINGS_TEXTS.signOutEverywhere })).toBeTruthy();
  });

  it("is reached and confirmed with the keyboard", async () => {
    const { services } = settingsWith({});
    const button = await screen.findByRole("button", { name: SETTINGS_TEXTS.signOutEverywhere });
    for (let presses = 0; presses < 100 && document.activeElement !== button; presses++) {
      await userEvent.tab();
    }
    expect(document.activeElement).toBe(button);
    await userEvent.keyboard("{Enter}");
    const dialog = await screen.findByRole("alertdialog");
    expect(dialog.textContent).toContain(SETTINGS_TEXTS.signOutEverywhereConfirm);
    expect(services.sessionApi.logout).not.toHaveBeenCalled();
    // In a browser the confirmation takes the focus; jsdom does not move it, so the test does.
    const confirm = await screen.findByRole("button", { name: SETTINGS_TEXTS.confirm });
    confirm.focus();
    await userEvent.keyboard("{Enter}");
    expect(await screen.findByRole("button", { name: "Login" })).toBeTruthy();
    expect(services.sessionApi.logout).toHaveBeenCalledWith({ token: "my-token", everywhere: true });
  });

  it("signs out here even when the server cannot be told, and says so", async () => {
    const toasts = spyToasts();
    const { services } = settingsWith({
      logout: async () => {
        throw new ConnectError("", Code.Unavailable);
      },
    });
    await openConfirmation();
    await userEvent.click(screen.getByRole("button", { name: SETTINGS_TEXTS.confirm }));
    expect(await screen.findByRole("button", { name: "Login" })).toBeTruthy();
    expect(window.localStorage.getItem(TOKEN_KEY)).toBeNull();
    expect(services.session.getState().status).toBe("signedOut");
    expect(toasts.error).toHaveBeenCalledWith(SETTINGS_TEXTS.signOutEverywhereFailed);
  });
});
