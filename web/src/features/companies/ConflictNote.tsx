import { Button, Icon, Intent } from "@blueprintjs/core";

import { AUTOSAVE_TEXTS } from "./texts";

export interface ConflictNoteProps {
  /** This person's value, as shown to people. */
  mine: string;
  onUseMine: () => void;
  onKeepTheirs: () => void;
}

/**
 * Beside a field someone else changed while this person was editing it: the field shows their
 * value; one click puts this person's value back and saves it.
 */
export function ConflictNote({ mine, onUseMine, onKeepTheirs }: ConflictNoteProps) {
  return (
    <span className="eris-conflict-note" role="group" aria-label={AUTOSAVE_TEXTS.changedBySomeoneElse}>
      <span>
        <Icon className="eris-conflict-icon" icon="people" intent={Intent.WARNING} size={12} />{" "}
        <strong>{AUTOSAVE_TEXTS.changedBySomeoneElse}</strong> {AUTOSAVE_TEXTS.theirsShown}
      </span>
      <span className="eris-conflict-actions">
        <Button
          className="eris-use-mine"
          size="small"
          intent={Intent.WARNING}
          icon="undo"
          text={AUTOSAVE_TEXTS.useMine(mine)}
          onClick={onUseMine}
        />
        <Button size="small" variant="minimal" text={AUTOSAVE_TEXTS.keepTheirs} onClick={onKeepTheirs} />
      </span>
    </span>
  );
}
