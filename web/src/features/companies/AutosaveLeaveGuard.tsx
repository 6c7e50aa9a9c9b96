import { useCallback, useContext, useEffect } from "react";

import { UNSAFE_DataRouterContext, useBlocker, type BlockerFunction } from "react-router";

import { ConfirmDialog } from "../../components/ConfirmDialog";
import { AUTOSAVE_TEXTS } from "./texts";

export interface AutosaveLeaveGuardProps {
  /** Some edit is not stored (waiting, failed, refused or in conflict). */
  unsaved: boolean;
  /** Someone is about to leave: send what can be sent. */
  onLeaving: () => void;
}

/**
 * Asks before leaving a screen with unsaved edits: reloading or closing the tab (the browser's
 * own question) and moving elsewhere in the app (a confirmation: Leave or Stay, opening on Stay).
 */
export function AutosaveLeaveGuard({ unsaved, onLeaving }: AutosaveLeaveGuardProps) {
  useEffect(() => {
    if (!unsaved) {
      return;
    }
    const ask = (event: BeforeUnloadEvent) => {
      onLeaving();
      event.preventDefault();
      // Browsers that predate preventDefault here ask when returnValue is set (they show their own text).
      event.returnValue = AUTOSAVE_TEXTS.leaveBody;
    };
    window.addEventListener("beforeunload", ask);
    return () => window.removeEventListener("beforeunload", ask);
  }, [unsaved, onLeaving]);

  // Blocking in-app navigation needs a data router (the app has one; a test's plain router has not).
  const dataRouter = useContext(UNSAFE_DataRouterContext);
  return dataRouter ? <NavigationGuard unsaved={unsaved} onLeaving={onLeaving} /> : null;
}

function NavigationGuard({ unsaved, onLeaving }: AutosaveLeaveGuardProps) {
  const shouldBlock = useCallback<BlockerFunction>(
    ({ currentLocation, nextLocation }) => unsaved && currentLocation.pathname !== nextLocation.pathname,
    [unsaved],
  );
  const blocker = useBlocker(shouldBlock);
  const blocked = blocker.state === "blocked";

  useEffect(() => {
    if (blocked) {
      onLeaving();
    }
  }, [blocked, onLeaving]);

  useEffect(() => {
    // Everything got saved while the question was open: nothing is lost by leaving.
    if (blocked && !unsaved) {
      blocker.proceed();
    }
  }, [blocked, unsaved, blocker]);

  return (
    <ConfirmDialog
      isOpen={blocked}
      icon="warning-sign"
      confirmText={AUTOSAVE_TEXTS.leave}
      cancelText={AUTOSAVE_TEXTS.stay}
      onConfirm={() => blocker.proceed?.()}
      onCancel={() => blocker.reset?.()}
    >
      <p>{AUTOSAVE_TEXTS.leaveBody}</p>
    </ConfirmDialog>
  );
}
