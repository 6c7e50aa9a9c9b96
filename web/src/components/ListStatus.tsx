import type { ReactNode } from "react";

import { Button, NonIdealState, Spinner } from "@blueprintjs/core";
import type { IconName } from "@blueprintjs/icons";

export interface ListStatusProps {
  /** The query that reads the list. */
  query: { isPending: boolean; isError: boolean; data?: unknown; refetch: () => unknown };
  /** Named on the spinner while the list loads. */
  loadingLabel?: string;
  /** Shown, with a retry button, when the list could not be read. */
  loadFailed: string;
  retryText: string;
  /** Whether there is no row to show (none at all, or none matching the filter). */
  empty: boolean;
  emptyIcon: IconName;
  emptyTitle: string;
  /** The table, once there are rows. */
  children: ReactNode;
}

/**
 * A list's table, or what stands in for it: a spinner while the list loads, the failure with a retry
 * button when it could not be read (a list read before stays on show), or why there is no row.
 */
export function ListStatus({
  query,
  loadingLabel,
  loadFailed,
  retryText,
  empty,
  emptyIcon,
  emptyTitle,
  children,
}: ListStatusProps) {
  if (query.isPending) {
    return <Spinner aria-label={loadingLabel} />;
  }
  if (query.isError && !query.data) {
    return (
      <NonIdealState
        icon="error"
        title={loadFailed}
        action={<Button text={retryText} icon="refresh" onClick={() => void query.refetch()} />}
      />
    );
  }
  if (empty) {
    return <NonIdealState icon={emptyIcon} title={emptyTitle} />;
  }
  return <>{children}</>;
}

export interface RefreshButtonProps {
  /** The query that reads the list. */
  query: { isFetching: boolean; refetch: () => unknown };
  text: string;
}

/** A list toolbar's Refresh: reads the list again, spinning while it does. */
export function RefreshButton({ query, text }: RefreshButtonProps) {
  return (
    <Button
      variant="minimal"
      icon="refresh"
      text={text}
      loading={query.isFetching}
      onClick={() => void query.refetch()}
    />
  );
}
