import { Button, Callout, Dialog, DialogFooter, Intent, type DialogProps } from "@blueprintjs/core";

import { useDialogFocus } from "../lib/useDialogFocus";

// The sign-in page shows FormError without any dialog: it lives in its own module, so that the
// dialogs' code stays out of the app's first script.
export { FormError, type FormErrorProps } from "./FormError";

export interface ModalDialogProps extends Omit<DialogProps, "isOpen" | "shouldReturnFocusOnClose"> {
  /** Open unless told otherwise: most dialogs are shown by being rendered. */
  isOpen?: boolean;
}

/**
 * Blueprint's Dialog made for the keyboard: it opens on its first field, Escape closes it, and on
 * close (or when it is no longer rendered) focus goes back to the control that opened it.
 */
export function ModalDialog({ isOpen = true, onOpening, ...props }: ModalDialogProps) {
  const { canEscapeKeyClose, onClose } = props;
  const focus = useDialogFocus({ isOpen, canEscapeKeyClose, onClose });
  return (
    <Dialog
      {...props}
      isOpen={isOpen}
      // useDialogFocus gives focus back, also when the dialog closes by being removed.
      shouldReturnFocusOnClose={false}
      onOpening={(node) => {
        focus.onOpening(node);
        onOpening?.(node);
      }}
    />
  );
}

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
