import { useState } from "react";

import { Button, Callout, Classes, DialogBody, DialogFooter, FormGroup, InputGroup, Intent } from "@blueprintjs/core";

import type { OneTimePassword } from "../../api/users";
import { useBusinessTimeZone } from "../../app/auth/SessionContext";
import { ModalDialog } from "../../components/FormDialogParts";
import { formatDateTime } from "../../lib/dateText";
import { toast } from "../../lib/toaster";
import { ADMIN_TEXTS } from "./texts";

const TEXTS = ADMIN_TEXTS.oneTimePassword;

export interface OneTimePasswordDialogProps {
  /** The user the password was made for. */
  userName: string;
  /** CreateUser's or ResetUserPassword's answer. */
  issued: OneTimePassword;
  onClose: () => void;
}

/**
 * Shows a one-time password the one time it can be seen, to copy and hand over. The field is
 * focused with its text selected; Escape or Done closes.
 */
export function OneTimePasswordDialog({ userName, issued, onClose }: OneTimePasswordDialogProps) {
  const timeZone = useBusinessTimeZone();
  const [copied, setCopied] = useState(false);

  async function copy() {
    try {
      await navigator.clipboard.writeText(issued.oneTimePassword);
      setCopied(true);
    } catch {
      // No clipboard (an insecure origin) or no permission: the field can still be copied by hand.
      void toast.error(TEXTS.copyFailed);
    }
  }

  return (
    <ModalDialog
      isOpen
      title={TEXTS.title(userName)}
      icon="key"
      style={{ width: 500 }}
      canOutsideClickClose={false}
      onClose={onClose}
    >
      <DialogBody>
        <FormGroup
          label={TEXTS.label}
          labelFor="one-time-password"
          helperText={TEXTS.worksUntil(formatDateTime(issued.oneTimePasswordExpireTime, timeZone))}
        >
          <InputGroup
            id="one-time-password"
            readOnly
            autoFocus
            autoComplete="off"
            spellCheck={false}
            inputClassName={Classes.MONOSPACE_TEXT}
            value={issued.oneTimePassword}
            onFocus={(event) => event.currentTarget.select()}
            rightElement={
              <Button
                variant="minimal"
                icon={copied ? "tick" : "duplicate"}
                intent={copied ? Intent.SUCCESS : Intent.NONE}
                text={copied ? TEXTS.copied : TEXTS.copy}
                onClick={() => void copy()}
              />
            }
          />
        </FormGroup>
        <Callout intent={Intent.WARNING} icon="eye-off">
          {TEXTS.handOver}
        </Callout>
      </DialogBody>
      <DialogFooter actions={<Button intent={Intent.PRIMARY} text={TEXTS.done} onClick={onClose} />} />
    </ModalDialog>
  );
}
