import { Button, Classes, Icon, Intent, Spinner } from "@blueprintjs/core";

import { fieldsNoted, type AutosaveSnapshot } from "./companyAutosave";
import { AUTOSAVE_TEXTS, COMPANY_TEXTS } from "./texts";

export interface AutosaveStatusBarProps {
  snapshot: AutosaveSnapshot;
  /** How many fields hold text that cannot be sent (an empty name, a half-typed date). */
  invalidCount: number;
  onRetry: () => void;
}

/**
 * The state of the company's saves, at the top of the details: what did not get through (with
 * Retry), what was refused or needs fixing, what someone else changed; else "Saving…" / "Saved".
 */
export function AutosaveStatusBar({ snapshot, invalidCount, onRetry }: AutosaveStatusBarProps) {
  const { notes, status } = snapshot;
  const unsaved = fieldsNoted(notes, "unsaved").length;
  const refused = fieldsNoted(notes, "refused").length;
  const conflicts = fieldsNoted(notes, "conflict").length;
  const saving = status === "saving";
  const problems = unsaved + refused + conflicts + invalidCount > 0;
  return (
    <div className="eris-autosave-status" role="status" aria-live="polite" data-status={status}>
      {unsaved > 0 && (
        <span className="eris-autosave-item" data-kind="unsaved">
          <Icon icon="cloud-upload" intent={Intent.WARNING} size={14} />
          <span>{AUTOSAVE_TEXTS.unsaved(unsaved)}</span>
          <Button size="small" intent={Intent.WARNING} icon="refresh" text={AUTOSAVE_TEXTS.retry} onClick={onRetry} />
        </span>
      )}
      {refused > 0 && (
        <span className="eris-autosave-item" data-kind="refused">
          <Icon icon="error" intent={Intent.DANGER} size={14} />
          <span>{AUTOSAVE_TEXTS.refused(refused)}</span>
        </span>
      )}
      {invalidCount > 0 && (
        <span className="eris-autosave-item" data-kind="invalid">
          <Icon icon="edit" intent={Intent.DANGER} size={14} />
          <span>{AUTOSAVE_TEXTS.invalid(invalidCount)}</span>
        </span>
      )}
      {conflicts > 0 && (
        <span className="eris-autosave-item" data-kind="conflict">
          <Icon icon="people" intent={Intent.WARNING} size={14} />
          {snapshot.conflictMessage ? (
            <>
              <span>{snapshot.conflictMessage}</span>
              <span>{AUTOSAVE_TEXTS.yoursBeside(conflicts)}</span>
            </>
          ) : (
            <span>{AUTOSAVE_TEXTS.conflicts(conflicts)}</span>
          )}
        </span>
      )}
      {!problems && saving && (
        <span className={`eris-autosave-item ${Classes.TEXT_MUTED}`}>
          <Spinner size={12} />
          {COMPANY_TEXTS.saving}
        </span>
      )}
      {!problems && status === "saved" && (
        <span className={`eris-autosave-item ${Classes.TEXT_MUTED}`}>
          <Icon icon="tick" intent={Intent.SUCCESS} size={12} />
          {COMPANY_TEXTS.saved}
        </span>
      )}
    </div>
  );
}
