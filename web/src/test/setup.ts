import { act, cleanup } from "@testing-library/react";
import { afterAll, afterEach, vi } from "vitest";

import { removeToaster } from "../lib/toaster";

// Test files share a page and their modules (vitest runs with `isolate: false`, four times
// faster): whatever one test leaves on the page or in a module goes before the next one starts.
afterEach(() => {
  cleanup();
  act(() => removeToaster());
  window.localStorage.clear();
});

afterAll(() => {
  vi.restoreAllMocks();
  vi.useRealTimers();
});
