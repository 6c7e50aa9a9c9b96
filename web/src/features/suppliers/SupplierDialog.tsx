import { RecordDialog } from "../../components/RecordDialog";
import { ChoiceField, TextField } from "../../components/RecordFields";
import type { Supplier } from "../../gen/eris/sourcing/v1/suppliers_pb";
import { Commodity } from "../../gen/eris/sourcing/v1/utilities_pb";
import { commodityLabel } from "../../lib/commodity";
import { useRecordForm } from "../../lib/recordForm";
import {
  emptySupplierFields,
  isSupplierComplete,
  SUPPLIER_COMMODITIES,
  SUPPLIER_MASK_PATHS,
  supplierFieldsOf,
} from "./supplierForm";
import { useCreateSupplier, useFetchSupplier, useUpdateSupplier } from "./supplierQueries";
import { SUPPLIER_TEXTS } from "./texts";

export interface SupplierDialogProps {
  /** The supplier to edit; absent to add one. */
  supplier?: Supplier;
  onClose: () => void;
}

/**
 * Add Supplier / Edit Supplier: name, commodity and broker agreement status. An edit sends only the
 * fields changed, with the version read; when someone else changed one of them meanwhile, the dialog
 * stays open with what was typed (the fields not edited show the stored values), notes each field
 * changed meanwhile, and the next Save carries the new version.
 */
export function SupplierDialog({ supplier, onClose }: SupplierDialogProps) {
  const createSupplier = useCreateSupplier();
  const updateSupplier = useUpdateSupplier();
  const fetchSupplier = useFetchSupplier();
  const form = useRecordForm(supplier, supplierFieldsOf, emptySupplierFields, SUPPLIER_MASK_PATHS);
  const { fields, set, theirs, changes } = form;
  const canSave = isSupplierComplete(fields) && !form.saving && (!changes || changes.paths.length > 0);

  async function save() {
    await form.save({
      create: (values) => createSupplier.mutateAsync(values),
      update: (current, changed) => updateSupplier.mutateAsync({ supplier: current, changes: changed }),
      reload: (current) => fetchSupplier(current.supplierId),
      texts: {
        added: SUPPLIER_TEXTS.supplierAdded,
        updated: SUPPLIER_TEXTS.supplierUpdated,
        addFailed: SUPPLIER_TEXTS.addFailed,
        updateFailed: SUPPLIER_TEXTS.updateFailed,
        loadFailed: SUPPLIER_TEXTS.loadFailed,
      },
      onSaved: onClose,
    });
  }

  const c = SUPPLIER_TEXTS.columns;
  return (
    <RecordDialog
      title={supplier ? SUPPLIER_TEXTS.editSupplier : SUPPLIER_TEXTS.addSupplier}
      icon={supplier ? "edit" : "add"}
      width={500}
      form={form}
      canSave={canSave}
      cancelText={SUPPLIER_TEXTS.cancel}
      saveText={SUPPLIER_TEXTS.save}
      onSave={save}
      onClose={onClose}
    >
      <TextField
        id="supplier-name"
        label={c.name}
        required
        autoFocus
        value={fields.name}
        meanwhile={theirs.name}
        onChange={(v) => set("name", v)}
      />
      <ChoiceField
        id="supplier-commodity"
        label={c.commodity}
        required
        value={fields.commodity}
        choices={SUPPLIER_COMMODITIES}
        labelOf={commodityLabel}
        emptyValue={Commodity.UNSPECIFIED}
        placeholder={SUPPLIER_TEXTS.choose}
        meanwhile={theirs.commodity === undefined ? undefined : commodityLabel(theirs.commodity)}
        onChange={(v) => set("commodity", v)}
      />
      <TextField
        id="supplier-broker-agreement-status"
        label={c.brokerAgreementStatus}
        value={fields.brokerAgreementStatus}
        meanwhile={theirs.brokerAgreementStatus}
        onChange={(v) => set("brokerAgreementStatus", v)}
      />
    </RecordDialog>
  );
}
