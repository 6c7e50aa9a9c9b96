import { SETTINGS_TEXTS } from "./texts";

export interface PasswordChange {
  current: string;
  next: string;
  confirm: string;
}

/** The button is enabled only when all three fields are filled. */
export function canSubmitPasswordChange({ current, next, confirm }: PasswordChange): boolean {
  return current.length > 0 && next.length > 0 && confirm.length > 0;
}

/**
 * The client's checks, in the spec's order; null when the change may be sent to the server, which
 * then checks the current password.
 */
export function checkPasswordChange({ current, next, confirm }: PasswordChange): string | null {
  if (next !== confirm) {
    return SETTINGS_TEXTS.mismatch;
  }
  if (next === current) {
    return SETTINGS_TEXTS.sameAsCurrent;
  }
  return null;
}
