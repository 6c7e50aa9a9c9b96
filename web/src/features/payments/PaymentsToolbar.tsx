import { Button, Callout, Classes, Intent } from "@blueprintjs/core";

import type { BasisName } from "../../lib/records/projectionBasis";
import type { PaymentRights } from "./PaymentControls";
import { PAYMENT_TEXTS, PAYMENT_UI_TEXTS as T } from "./texts";

/** Which entry form is open below the toolbar. */
export type PaymentsMode = "none" | "add" | "paste";

export interface PaymentsToolbarProps {
  count: number;
  rights: PaymentRights;
  mode: PaymentsMode;
  onMode: (mode: PaymentsMode) => void;
  /** The contract's projection basis and its fee or rate, named beside 'Update Proj. Payments'. */
  basisText: BasisName;
  factor: string;
  updating: boolean;
  /** The payments are still being read. */
  loading: boolean;
  onUpdateProjected: () => void;
}

/**
 * The payments dialog's toolbar: how many payments there are, the add and paste forms' toggles, the
 * projection basis and, for Management and Admin, 'Update Proj. Payments'.
 */
export function PaymentsToolbar({
  count,
  rights,
  mode,
  onMode,
  basisText,
  factor,
  updating,
  loading,
  onUpdateProjected,
}: PaymentsToolbarProps) {
  return (
    <div className="eris-payments-toolbar">
      <span className={Classes.TEXT_MUTED}>{T.count(count)}</span>
      <span className="eris-spacer" />
      {rights.canChange && (
        <>
          <Button
            icon="add"
            text={T.addForm}
            active={mode === "add"}
            aria-pressed={mode === "add"}
            onClick={() => onMode("add")}
          />
          <Button
            icon="clipboard"
            text={T.pasteForm}
            active={mode === "paste"}
            aria-pressed={mode === "paste"}
            onClick={() => onMode("paste")}
          />
        </>
      )}
      <span className="eris-payments-basis" data-testid="projection-basis">
        {T.basisLabel[basisText]} <span className={Classes.TEXT_MUTED}>{T.basisValue(basisText, factor)}</span>
      </span>
      {rights.canUpdateProjected && (
        <Button
          icon="calculator"
          intent={Intent.PRIMARY}
          text={PAYMENT_TEXTS.updateProjected}
          loading={updating}
          disabled={loading}
          onClick={onUpdateProjected}
        />
      )}
    </div>
  );
}

/** Why 'Update Proj. Payments' updated nothing: someone else's change, or the server's refusal. */
export interface ProjectedNote {
  text: string;
  refused: boolean;
}

/** What 'Update Proj. Payments' said: a row is still open, or why nothing was updated. */
export function ProjectedNotes({ rowOpenRefused, note }: { rowOpenRefused: boolean; note: ProjectedNote | null }) {
  return (
    <>
      {rowOpenRefused && (
        <p className="eris-payment-refused" role="alert">
          {PAYMENT_TEXTS.rowOpen}
        </p>
      )}
      {note && (
        <Callout
          intent={note.refused ? Intent.DANGER : Intent.WARNING}
          role="alert"
          className={`eris-payments-note${note.refused ? " eris-payment-reason" : ""}`}
        >
          {note.text}
        </Callout>
      )}
    </>
  );
}
