import { useState, type FormEvent } from "react";

import { DialogBody, FormGroup, InputGroup } from "@blueprintjs/core";

import { serverMessage } from "../../api/errors";
import { ModalDialog, SubmitFooter } from "../../components/FormDialogParts";
import { toast } from "../../lib/toaster";
import { useCreateAffiliate } from "./companyQueries";
import { COMPANY_TEXTS } from "./texts";

export interface AddAffiliateDialogProps {
  isOpen: boolean;
  onClose: () => void;
  /** The affiliate as stored. */
  onAdded: (name: string) => void;
}

/** Add Affiliate (Management): the confirm button stays disabled until a name is entered. */
export function AddAffiliateDialog({ isOpen, onClose, onAdded }: AddAffiliateDialogProps) {
  const createAffiliate = useCreateAffiliate();
  const [name, setName] = useState("");
  const canAdd = name.trim() !== "" && !createAffiliate.isPending;

  function close() {
    setName("");
    onClose();
  }

  async function handleSubmit(event: FormEvent) {
    event.preventDefault();
    if (!canAdd) {
      return;
    }
    try {
      const stored = await createAffiliate.mutateAsync(name.trim());
      void toast.success(COMPANY_TEXTS.affiliateAdded(stored));
      setName("");
      onAdded(stored);
    } catch (err) {
      void toast.error(`${COMPANY_TEXTS.affiliateFailed} ${serverMessage(err)}`);
    }
  }

  return (
    <ModalDialog
      isOpen={isOpen}
      title={COMPANY_TEXTS.addAffiliate}
      icon="add"
      style={{ width: 500 }}
      canOutsideClickClose={!createAffiliate.isPending}
      onClose={close}
    >
      <form onSubmit={handleSubmit} noValidate>
        <DialogBody>
          <FormGroup label={COMPANY_TEXTS.affiliateName} labelFor="affiliate-name">
            <InputGroup id="affiliate-name" autoFocus value={name} onValueChange={setName} />
          </FormGroup>
        </DialogBody>
        <SubmitFooter
          cancelText={COMPANY_TEXTS.cancel}
          submitText={COMPANY_TEXTS.add}
          busy={createAffiliate.isPending}
          canSubmit={canAdd}
          onCancel={close}
        />
      </form>
    </ModalDialog>
  );
}
