import { Callout, Intent } from "@blueprintjs/core";

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
