import { act, render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { Code, ConnectError } from "@connectrpc/connect";
import { describe, expect, it, vi } from "vitest";

import { Role } from "../gen/eris/identity/v1/identity_pb";
import { makeUser } from "../test/fakes";
import { fakeServices, renderApp } from "../test/renderApp";
import { NOT_AVAILABLE_YET } from "../components/Placeholder";
import { App, createAppRouter } from "./App";
import { profileText } from "./auth/session";
import { PROFILE_KEY, TOKEN_KEY } from "./auth/tokenStore";
import { SHELL_TEXTS } from "./shell/texts";

function signedInAs(role: Role, extra: Parameters<typeof makeUser>[0] = {}) {
  window.localStorage.setItem(TOKEN_KEY, "stored-token");
  return fakeServices({
    auth: {
      getCurrentUser: vi.fn(async () => ({ user: makeUser({ role, name: "Fox Mulder", ...extra }) })) as never,
    },
    users: { listUsers: vi.fn(async () => ({ users: [], nextPageToken: "" })) as never },
  });
}

describe("app routes", () => {
  it("sends a signed-out visitor of a shell route to the login page", async () => {
    renderApp("/Dashboard", fakeServices());
    expect(await screen.findByRole("button", { name: "Login" })).toBeTruthy();
  });

  it("restores a stored session and shows the shell with the user's name and initials", async () => {
    renderApp("/Dashboard", signedInAs(Role.SALES));
    expect(await screen.findByTestId("user-name")).toHaveProperty("textContent", "Fox Mulder");
    expect(screen.getByRole("img", { name: "Avatar of Fox Mulder" }).getAttribute("data-initials")).toBe("FM");
    expect(screen.getByRole("heading", { name: "Dashboard" })).toBeTruthy();
    // The Dashboard is a real screen now: its tabs, not a placeholder.
    expect(screen.getByRole("tab", { name: "Tasks" })).toBeTruthy();
    expect(screen.queryByText(NOT_AVAILABLE_YET)).toBeNull();
  });

  it("draws the dashboard from the profile kept by the last load while the server is asked again", async () => {
    window.localStorage.setItem(TOKEN_KEY, "stored-token");
    const kept = makeUser({ role: Role.SALES, name: "Fox Mulder" });
    window.localStorage.setItem(PROFILE_KEY, profileText({ user: kept, features: [] }, "stored-token"));
    // The server has not answered yet (and will not in this test).
    const getCurrentUser = vi.fn(() => new Promise<never>(() => {}));
    const services = fakeServices({
      auth: { getCurrentUser: getCurrentUser as never },
      users: { listUsers: vi.fn(async () => ({ users: [], nextPageToken: "" })) as never },
    });
    renderApp("/", services);
    expect(await screen.findByRole("heading", { name: "Dashboard" })).toBeTruthy();
    expect(screen.getByTestId("user-name").textContent).toBe("Fox Mulder");
    expect(getCurrentUser).toHaveBeenCalledTimes(1);
  });

  it("drops a stored token the server refuses and shows the login page", async () => {
    window.localStorage.setItem(TOKEN_KEY, "stale");
    const services = fakeServices({
      auth: {
        getCurrentUser: vi.fn(async () => {
          throw new ConnectError("expired", Code.Unauthenticated);
        }) as never,
      },
    });
    renderApp("/Leads", services);
    expect(await screen.findByRole("button", { name: "Login" })).toBeTruthy();
    expect(window.localStorage.getItem(TOKEN_KEY)).toBeNull();
  });

  it("starts with the menu collapsed and expands it on request", async () => {
    renderApp("/Dashboard", signedInAs(Role.MANAGEMENT));
    const nav = await screen.findByRole("navigation", { name: SHELL_TEXTS.mainMenu });
    const admin = within(nav).getByRole("link", { name: "Admin" });
    expect(admin.textContent).toBe("");
    await userEvent.click(within(nav).getByRole("button", { name: SHELL_TEXTS.expandMenu }));
    expect(within(nav).getByRole("link", { name: "Admin" }).textContent).toContain("Admin");
  });

  it("hides Admin and Rate Types from Sales and refuses the Admin page", async () => {
    renderApp("/Admin", signedInAs(Role.SALES));
    expect(await screen.findByText("You do not have access to this page.")).toBeTruthy();
    const nav = screen.getByRole("navigation", { name: SHELL_TEXTS.mainMenu });
    expect(within(nav).queryByRole("link", { name: "Admin" })).toBeNull();
    expect(within(nav).queryByRole("link", { name: "Rate Types" })).toBeNull();
    expect(within(nav).getByRole("link", { name: "Companies" }).getAttribute("href")).toBe("/Leads");
  });

  it("reaches the account finder from the top bar, for every role", async () => {
    const services = signedInAs(Role.SALES);
    Object.assign(services.api, { accounts: { searchAccounts: vi.fn() } });
    renderApp("/Dashboard", services);
    const link = await screen.findByRole("link", { name: SHELL_TEXTS.accountSearch });
    expect(link.getAttribute("href")).toBe("/Accounts");
    await userEvent.click(link);
    expect(await screen.findByRole("heading", { name: "Accounts" })).toBeTruthy();
    expect(screen.getByRole("search", { name: "Account search" })).toBeTruthy();
  });

  it("shows a real 404 page for unknown routes", async () => {
    renderApp("/NoSuchPage", signedInAs(Role.SALES));
    expect(await screen.findByText("Page not found")).toBeTruthy();
    expect(screen.getByRole("link", { name: "Go to the Dashboard" }).getAttribute("href")).toBe("/Dashboard");
  });

  it("keeps a user with a forced reset on Settings", async () => {
    renderApp("/Dashboard", signedInAs(Role.MANAGEMENT, { forcePasswordReset: true }));
    expect(await screen.findByRole("tab", { name: "Change Password" })).toBeTruthy();
    // After a reload the typed password is gone: the current password is editable and empty.
    const current = screen.getByLabelText("Current Password") as HTMLInputElement;
    expect(current.disabled).toBe(false);
    expect(current.value).toBe("");
  });

  it("logs out: calls the sign-out, forgets the token and returns to the login page", async () => {
    const services = signedInAs(Role.SALES);
    renderApp("/Dashboard", services);
    await userEvent.click(await screen.findByRole("button", { name: "Logout" }));
    expect(await screen.findByRole("button", { name: "Login" })).toBeTruthy();
    expect(services.sessionApi.logout).toHaveBeenCalledWith(expect.objectContaining({ everywhere: false }));
    expect(window.localStorage.getItem(TOKEN_KEY)).toBeNull();
  });

  it("drops the session when the server refuses the token later", async () => {
    const services = signedInAs(Role.SALES);
    renderApp("/Dashboard", services);
    await screen.findByTestId("user-name");
    act(() => services.session.drop());
    expect(await screen.findByRole("button", { name: "Login" })).toBeTruthy();
  });

  it("runs its routes under a data router on the browser's history", async () => {
    window.history.replaceState(null, "", "/Dashboard");
    render(<App />);
    // Signed out: the shell route sends the visitor to the login page, through the router.
    expect(await screen.findByRole("button", { name: "Login" })).toBeTruthy();
    await waitFor(() => expect(window.location.pathname).toBe("/"));
  });

  it("has a router that can hold a navigation until the screen agrees (what useBlocker needs)", async () => {
    window.history.replaceState(null, "", "/");
    const router = createAppRouter();
    const blocker = () => router.getBlocker("unsaved", () => true);
    blocker();
    await router.navigate("/Leads");
    expect(router.state.location.pathname).toBe("/");
    expect(blocker().state).toBe("blocked");
    router.deleteBlocker("unsaved");
    await router.navigate("/Leads");
    expect(router.state.location.pathname).toBe("/Leads");
    router.dispose();
  });
});
