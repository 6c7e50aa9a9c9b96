import { cleanup } from "@testing-library/react";
import { afterAll, afterEach } from "vitest";

/** Longest enter or exit transition of a Blueprint overlay, toast or popover (ms), and some. */
const TRANSITIONS_MS = 500;

afterEach(() => {
  cleanup();
  window.localStorage.clear();
});

// A transition's timer still pending when a file's last test ends would fire after the test
// environment is gone ("window is not defined"); let such timers run out while it still exists.
afterAll(() => new Promise((resolve) => setTimeout(resolve, TRANSITIONS_MS)));
