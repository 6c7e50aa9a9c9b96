import { useState } from "react";

import type { PageTokens } from "../../lib/urlState";

export type { PageTokens };

/** The pure stack operations, for tests. */
export const tokenStack = {
  next: (stack: readonly string[], nextPageToken: string): string[] =>
    nextPageToken ? [...stack, nextPageToken] : [...stack],
  previous: (stack: readonly string[]): string[] => (stack.length > 1 ? stack.slice(0, -1) : [...stack]),
};

/** Paging that starts again on the first page whenever `resetKey` changes (e.g. the search text). */
export function usePageTokens(resetKey: unknown = null): PageTokens {
  const [state, setState] = useState<{ key: unknown; stack: string[] }>({ key: resetKey, stack: [""] });
  const stack = Object.is(state.key, resetKey) ? state.stack : [""];
  return {
    token: stack[stack.length - 1],
    page: stack.length,
    hasPrevious: stack.length > 1,
    next: (nextPageToken) => setState({ key: resetKey, stack: tokenStack.next(stack, nextPageToken) }),
    previous: () => setState({ key: resetKey, stack: tokenStack.previous(stack) }),
    reset: () => setState({ key: resetKey, stack: [""] }),
  };
}
