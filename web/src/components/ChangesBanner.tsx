import { Button, Callout, Intent } from "@blueprintjs/core";
import { useQueryClient } from "@tanstack/react-query";

import { useChangesSince } from "../api/changeFeed";
import "./changesBanner.css";

/** The banner's words. */
export const CHANGES_TEXTS = {
  count: (n: number) => `${n} ${n === 1 ? "change" : "changes"} since you opened this`,
  missed: "Changes may have been made since you opened this",
  refresh: "Refresh",
  refreshLabel: "Refresh the report with the changes",
} as const;

/**
 * Above a report: how many changes colleagues saved since the reader opened it, and a Refresh that
 * reads it again. The report itself never moves under its reader.
 */
export function ChangesBanner({ queryRoot = "reports" }: { queryRoot?: string }) {
  const { count, missed, reset } = useChangesSince();
  const queryClient = useQueryClient();
  if (count === 0 && !missed) {
    return null;
  }
  const refresh = () => {
    reset();
    void queryClient.invalidateQueries({ queryKey: [queryRoot] });
  };
  return (
    <Callout intent={Intent.PRIMARY} icon="refresh" className="eris-changes-banner" role="status" compact>
      <span>{count > 0 ? CHANGES_TEXTS.count(count) : CHANGES_TEXTS.missed}</span>{" "}
      <Button size="small" variant="outlined" onClick={refresh} aria-label={CHANGES_TEXTS.refreshLabel}>
        {CHANGES_TEXTS.refresh}
      </Button>
    </Callout>
  );
}
