import { Code } from "@connectrpc/connect";
import { QueryClient } from "@tanstack/react-query";

import { hasCode } from "./errors";

/** Failures that retrying cannot fix. */
const FINAL_CODES = [
  Code.Unauthenticated,
  Code.PermissionDenied,
  Code.InvalidArgument,
  Code.NotFound,
  Code.FailedPrecondition,
];

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        retry: (failureCount, err) => failureCount < 2 && !hasCode(err, ...FINAL_CODES),
        refetchOnWindowFocus: false,
        staleTime: 30_000,
      },
      mutations: { retry: false },
    },
  });
}
