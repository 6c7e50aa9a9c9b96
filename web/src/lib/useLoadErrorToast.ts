import { useEffect } from "react";

import { toast } from "./toaster";

/** The part of a query's state that tells whether (and when) loading failed. */
export interface LoadState {
  isError: boolean;
  errorUpdatedAt: number;
}

/** Shows an error toast each time the query fails to load. */
export function useLoadErrorToast(query: LoadState, message: string): void {
  const { isError, errorUpdatedAt } = query;
  useEffect(() => {
    if (isError) {
      void toast.error(message);
    }
  }, [isError, errorUpdatedAt, message]);
}
