import { Classes } from "@blueprintjs/core";

import type { PrimaryStatus } from "../../gen/eris/crm/v1/crm_pb";
import { primaryStatusLabel } from "../../lib/records/companyStatuses";

export interface StatusCellProps {
  primary: PrimaryStatus;
  secondary: readonly string[];
}

/** A commodity's primary status, with its secondary statuses in small print. */
export function StatusCell({ primary, secondary }: StatusCellProps) {
  return (
    <span className="eris-status-cell">
      {primaryStatusLabel(primary)}
      {secondary.length > 0 && <span className={Classes.TEXT_MUTED}> ({secondary.join(", ")})</span>}
    </span>
  );
}
