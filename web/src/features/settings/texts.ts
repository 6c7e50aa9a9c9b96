/** Texts of the Settings screen, word for word from the spec (including the double spaces). */
export const SETTINGS_TEXTS = {
  title: "Settings",
  changePasswordTab: "Change Password",
  preferencesTab: "Preferences",
  currentPassword: "Current Password",
  newPassword: "New Password",
  confirmPassword: "Confirm New Password",
  submit: "Change Password",
  forcedReset: "You must choose a new password before you can continue.",
  mismatch: "Your new password does not match the confirmation password.  Please try again.",
  sameAsCurrent: "Your new password matches your current password.  Please select a new password and try again.",
  wrongCurrent: "The current password entered does not match your password.  Please try again.",
  changed: "Password successfully changed.",
  failedTitle: "Change Password",
  failed: "There was an error trying to change your password.  Please try again later.",
  ok: "OK",
  /** Not the spec's: the server's rule for new passwords, said before it refuses one. */
  newPasswordHint: "At least 12 characters.",
  /** Ends every session of the user, on every device. */
  signOutEverywhere: "Sign out everywhere",
  signOutEverywhereConfirm: "Sign out of Eris on every device, this one included?",
  confirm: "Confirm",
  cancel: "Cancel",
  /** Not the spec's: signed out here, but the server could not be told to end the other sessions. */
  signOutEverywhereFailed:
    "You are signed out here, but Eris could not be reached to sign out your other devices. Please sign in and try again.",
} as const;
