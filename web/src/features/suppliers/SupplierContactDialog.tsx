import { RecordDialog } from "../../components/RecordDialog";
import { ChoiceField, TextField } from "../../components/RecordFields";
import type { Supplier, SupplierContact } from "../../gen/eris/sourcing/v1/suppliers_pb";
import { Commodity } from "../../gen/eris/sourcing/v1/utilities_pb";
import { commodityLabel } from "../../lib/commodity";
import { useRecordForm } from "../../lib/recordForm";
import {
  CONTACT_MASK_PATHS,
  contactFieldsOf,
  emptyContactFields,
  isContactComplete,
  SUPPLIER_COMMODITIES,
} from "./supplierForm";
import { useCreateContact, useFetchContact, useUpdateContact } from "./supplierQueries";
import { CONTACT_TYPES, SUPPLIER_TEXTS } from "./texts";

import "../../components/directory.css";

export interface SupplierContactDialogProps {
  supplier: Supplier;
  /** The contact to edit; absent to add one. */
  contact?: SupplierContact;
  onClose: () => void;
}

const T = SUPPLIER_TEXTS.contact;

/** The commodity of a contact as the table shows it: "All" when the contact handles every one. */
export function contactCommodityLabel(commodity: Commodity): string {
  return commodity === Commodity.UNSPECIFIED ? T.allCommodities : commodityLabel(commodity);
}

/** Add Contact / Edit Contact of a supplier; an edit sends only the fields changed, with the version read. */
export function SupplierContactDialog({ supplier, contact, onClose }: SupplierContactDialogProps) {
  const createContact = useCreateContact(supplier.supplierId);
  const updateContact = useUpdateContact(supplier.supplierId);
  const fetchContact = useFetchContact(supplier.supplierId);
  const form = useRecordForm(contact, contactFieldsOf, emptyContactFields, CONTACT_MASK_PATHS);
  const { fields, set, theirs, changes } = form;
  const canSave = isContactComplete(fields) && !form.saving && (!changes || changes.paths.length > 0);

  async function save() {
    await form.save({
      create: (values) => createContact.mutateAsync(values),
      update: (current, changed) => updateContact.mutateAsync({ contact: current, changes: changed }),
      reload: (current) => fetchContact(current.supplierContactId),
      // The spec has no success message for contacts: the table shows the change.
      texts: { addFailed: T.addFailed, updateFailed: T.updateFailed, loadFailed: T.loadFailed },
      onSaved: onClose,
    });
  }

  const c = T.columns;
  const text = (
    key: Exclude<keyof typeof fields, "commodity" | "contactType">,
    label: string,
    type?: "email" | "tel",
  ) => (
    <TextField
      id={`contact-${key}`}
      label={label}
      type={type}
      required={key === "name"}
      autoFocus={key === "name"}
      value={fields[key]}
      meanwhile={theirs[key]}
      onChange={(v) => set(key, v)}
    />
  );
  return (
    <RecordDialog
      title={`${contact ? T.editContact : T.addContact}: ${supplier.name}`}
      icon={contact ? "edit" : "new-person"}
      width={640}
      form={form}
      canSave={canSave}
      cancelText={SUPPLIER_TEXTS.cancel}
      saveText={SUPPLIER_TEXTS.save}
      onSave={save}
      onClose={onClose}
    >
      <div className="eris-supplier-contact-form">
        {text("name", c.name)}
        <ChoiceField
          id="contact-type"
          label={c.contactType}
          required
          value={fields.contactType}
          choices={CONTACT_TYPES}
          labelOf={(v) => v}
          emptyValue=""
          placeholder={SUPPLIER_TEXTS.choose}
          meanwhile={theirs.contactType}
          onChange={(v) => set("contactType", v)}
        />
        <ChoiceField
          id="contact-commodity"
          label={c.commodity}
          value={fields.commodity}
          choices={SUPPLIER_COMMODITIES}
          labelOf={commodityLabel}
          emptyValue={Commodity.UNSPECIFIED}
          noneLabel={T.allCommodities}
          meanwhile={theirs.commodity === undefined ? undefined : contactCommodityLabel(theirs.commodity)}
          onChange={(v) => set("commodity", v)}
        />
        {text("email", c.email, "email")}
        {text("support", c.support)}
        {text("pricingDesk", c.pricingDesk)}
        {text("officePhone", c.officePhone, "tel")}
        {text("cellPhone", c.cellPhone, "tel")}
      </div>
    </RecordDialog>
  );
}
