import { useState } from "react";

import { Button } from "@blueprintjs/core";

import { useSession } from "../../app/auth/SessionContext";
import { ConfirmDialog } from "../../components/ConfirmDialog";
import { toast } from "../../lib/toaster";
import { SETTINGS_TEXTS } from "./texts";

/**
 * Settings > Sign out everywhere: after a confirmation, ends every session of the user on every
 * device (this one included); the app then shows the login page, as after Logout.
 */
export function SignOutEverywhere() {
  const session = useSession();
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);

  async function signOutEverywhere() {
    setBusy(true);
    // Signed out here whatever the server answers; the shell then shows the login page.
    const confirmed = await session.signOut({ everywhere: true });
    if (!confirmed) {
      void toast.error(SETTINGS_TEXTS.signOutEverywhereFailed);
    }
  }

  return (
    <div className="eris-narrow-form">
      <Button icon="log-out" text={SETTINGS_TEXTS.signOutEverywhere} onClick={() => setConfirming(true)} />
      <ConfirmDialog
        isOpen={confirming}
        icon="log-out"
        confirmText={SETTINGS_TEXTS.confirm}
        cancelText={SETTINGS_TEXTS.cancel}
        loading={busy}
        onConfirm={() => void signOutEverywhere()}
        onCancel={() => setConfirming(false)}
      >
        <p>{SETTINGS_TEXTS.signOutEverywhereConfirm}</p>
      </ConfirmDialog>
    </div>
  );
}
