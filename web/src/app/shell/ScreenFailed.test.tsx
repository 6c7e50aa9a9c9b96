import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { createMemoryRouter, RouterProvider } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";

import { lazyPage } from "../routes";
import { RouteFailed } from "./ScreenFailed";
import { SHELL_TEXTS } from "./texts";

function Fetched() {
  return <p>The page</p>;
}

function Broken(): never {
  throw new Error("a drawing failure");
}

describe("a screen that cannot be shown", () => {
  afterEach(() => vi.restoreAllMocks());

  it("shows the failure in place of a page whose code could not be fetched, and Try again fetches it again", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    let fetches = 0;
    const Page = lazyPage(async () => {
      fetches += 1;
      if (fetches === 1) {
        throw new TypeError("Failed to fetch dynamically imported module");
      }
      return Fetched;
    });
    render(
      <div>
        <nav>The menu</nav>
        <Page />
      </div>,
    );
    expect(await screen.findByText(SHELL_TEXTS.failedTitle)).toBeTruthy();
    expect(screen.getByText(SHELL_TEXTS.failedBody)).toBeTruthy();
    // The rest of the app stays.
    expect(screen.getByText("The menu")).toBeTruthy();
    await userEvent.click(screen.getByRole("button", { name: SHELL_TEXTS.tryAgain }));
    expect(await screen.findByText("The page")).toBeTruthy();
    expect(screen.queryByText(SHELL_TEXTS.failedTitle)).toBeNull();
    expect(fetches).toBe(2);
  });

  it("offers to reload the app", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    const reload = vi.fn();
    vi.spyOn(window, "location", "get").mockReturnValue({ ...window.location, reload });
    const Page = lazyPage(async () => Broken);
    render(<Page />);
    await userEvent.click(await screen.findByRole("button", { name: SHELL_TEXTS.reload }));
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it("answers a failure no screen caught with the app's words, not the router's", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    const router = createMemoryRouter([{ path: "*", element: <Broken />, errorElement: <RouteFailed /> }]);
    render(<RouterProvider router={router} />);
    expect(await screen.findByText(SHELL_TEXTS.failedTitle)).toBeTruthy();
    expect(screen.getByRole("button", { name: SHELL_TEXTS.reload })).toBeTruthy();
    expect(screen.queryByRole("button", { name: SHELL_TEXTS.tryAgain })).toBeNull();
  });
});
