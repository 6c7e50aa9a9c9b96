import type { ReactNode } from "react";

import { Alert, Intent } from "@blueprintjs/core";
import type { IconName } from "@blueprintjs/icons";

import { useDialogFocus } from "../lib/useDialogFocus";

/** Confirm dialogs are 500 px wide (spec section 9). */
export const CONFIRM_DIALOG_WIDTH = 500;

export interface ConfirmDialogProps {
  isOpen: boolean;
  children: ReactNode;
  confirmText?: string;
  cancelText?: string;
  intent?: Intent;
  icon?: IconName;
  loading?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

/**
 * The spec's confirmation before a destructive action. It opens on Cancel (Enter does not delete by
 * accident), Escape cancels, and focus goes back to the control that asked, or near it once that is gone.
 */
export function ConfirmDialog({
  isOpen,
  children,
  confirmText = "Yes",
  cancelText = "Cancel",
  intent = Intent.DANGER,
  icon,
  loading,
  onConfirm,
  onCancel,
}: ConfirmDialogProps) {
  const focus = useDialogFocus({ isOpen, canEscapeKeyClose: !loading, onClose: onCancel });
  return (
    <Alert
      isOpen={isOpen}
      style={{ width: CONFIRM_DIALOG_WIDTH, maxWidth: CONFIRM_DIALOG_WIDTH }}
      intent={intent}
      icon={icon}
      loading={loading}
      confirmButtonText={confirmText}
      cancelButtonText={cancelText}
      canEscapeKeyCancel={!loading}
      onConfirm={onConfirm}
      onCancel={onCancel}
      onOpening={focus.onOpening}
    >
      {children}
    </Alert>
  );
}
