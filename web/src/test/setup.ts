import { act, cleanup, configure } from "@testing-library/react";
import { afterAll, afterEach, vi } from "vitest";

import { removeToaster } from "../lib/toaster";

// `make test` runs these beside the Rust build and tests on two cores: a screen that fetches its
// code when first opened (the date picker's calendar, a dialog) can take over a second to show.
// findBy and waitFor wait up to 5 s for it, which only a failing test ever waits out.
configure({ asyncUtilTimeout: 5_000 });

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
