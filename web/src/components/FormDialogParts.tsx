import { Button, Callout, DialogFooter, Intent } from "@blueprintjs/core";

export interface FormNoticeProps {
  /** The server's explanation to show above the fields; nothing when null. */
  notice: string | null;
}

/** The warning above a form dialog's fields (e.g. someone else changed the record meanwhile). */
export function FormNotice({ notice }: FormNoticeProps) {
  if (!notice) {
    return null;
  }
  return (
    <Callout intent={Intent.WARNING} className="eris-form-note" role="alert">
      {notice}
    </Callout>
  );
}

export interface FormErrorProps {
  /** Why the form was refused; nothing when null or empty. */
  message: string | null;
}

/** The error under a form's fields, announced to screen readers. */
export function FormError({ message }: FormErrorProps) {
  if (!message) {
    return null;
  }
  return (
    <Callout intent={Intent.DANGER} className="eris-form-error" role="alert">
      <span className="eris-message">{message}</span>
    </Callout>
  );
}

export interface SubmitFooterProps {
  cancelText: string;
  submitText: string;
  /** While saving: both buttons are disabled and the submit button spins. */
  busy: boolean;
  /** Whether the submit button is enabled. */
  canSubmit: boolean;
  onCancel: () => void;
}

/** A form dialog's footer: Cancel and a primary submit button. */
export function SubmitFooter({ cancelText, submitText, busy, canSubmit, onCancel }: SubmitFooterProps) {
  return (
    <DialogFooter
      actions={
        <>
          <Button text={cancelText} disabled={busy} onClick={onCancel} />
          <Button type="submit" intent={Intent.PRIMARY} text={submitText} disabled={!canSubmit} loading={busy} />
        </>
      }
    />
  );
}
