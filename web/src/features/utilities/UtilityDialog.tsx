import { RecordDialog } from "../../components/RecordDialog";
import { ChoiceField, TextField } from "../../components/RecordFields";
import { Commodity, type Utility } from "../../gen/eris/sourcing/v1/utilities_pb";
import { commodityLabel } from "../../lib/commodity";
import { useRecordForm } from "../../lib/recordForm";
import { US_STATES } from "../../lib/usStates";
import { UTILITY_TEXTS } from "./texts";
import {
  emptyUtilityFields,
  isUtilityComplete,
  UTILITY_EDIT_COMMODITIES,
  UTILITY_MASK_PATHS,
  utilityFieldsOf,
} from "./utilityForm";
import { useCreateUtility, useFetchUtility, useUpdateUtility } from "./utilityQueries";

export interface UtilityDialogProps {
  /** The utility to edit; absent to add one. */
  utility?: Utility;
  onClose: () => void;
}

/**
 * Add Utility / Edit Utility: name, state (two letters), commodity, zone and RTO. An edit sends only
 * the fields changed, with the version read; a stale save keeps what was typed (see SupplierDialog).
 */
export function UtilityDialog({ utility, onClose }: UtilityDialogProps) {
  const createUtility = useCreateUtility();
  const updateUtility = useUpdateUtility();
  const fetchUtility = useFetchUtility();
  const form = useRecordForm(utility, utilityFieldsOf, emptyUtilityFields, UTILITY_MASK_PATHS);
  const { fields, set, theirs, changes } = form;
  const canSave = isUtilityComplete(fields) && !form.saving && (!changes || changes.paths.length > 0);

  async function save() {
    await form.save({
      create: (values) => createUtility.mutateAsync(values),
      update: (current, changed) => updateUtility.mutateAsync({ utility: current, changes: changed }),
      reload: (current) => fetchUtility(current.utilityId),
      texts: {
        added: UTILITY_TEXTS.utilityAdded,
        updated: UTILITY_TEXTS.utilityUpdated,
        addFailed: UTILITY_TEXTS.addFailed,
        updateFailed: UTILITY_TEXTS.updateFailed,
        loadFailed: UTILITY_TEXTS.loadFailed,
      },
      onSaved: onClose,
    });
  }

  const c = UTILITY_TEXTS.columns;
  return (
    <RecordDialog
      title={utility ? UTILITY_TEXTS.editUtility : UTILITY_TEXTS.addUtility}
      icon={utility ? "edit" : "add"}
      width={500}
      form={form}
      canSave={canSave}
      cancelText={UTILITY_TEXTS.cancel}
      saveText={UTILITY_TEXTS.save}
      onSave={save}
      onClose={onClose}
    >
      <TextField
        id="utility-name"
        label={c.name}
        required
        autoFocus
        value={fields.name}
        meanwhile={theirs.name}
        onChange={(v) => set("name", v)}
      />
      <ChoiceField
        id="utility-state"
        label={c.state}
        required
        value={fields.state}
        choices={US_STATES}
        labelOf={(v) => v}
        emptyValue=""
        placeholder={UTILITY_TEXTS.choose}
        meanwhile={theirs.state}
        onChange={(v) => set("state", v)}
      />
      <ChoiceField
        id="utility-commodity"
        label={c.commodity}
        required
        value={fields.commodity}
        choices={UTILITY_EDIT_COMMODITIES}
        labelOf={commodityLabel}
        emptyValue={Commodity.UNSPECIFIED}
        placeholder={UTILITY_TEXTS.choose}
        meanwhile={theirs.commodity === undefined ? undefined : commodityLabel(theirs.commodity)}
        onChange={(v) => set("commodity", v)}
      />
      <TextField
        id="utility-zone"
        label={c.zone}
        value={fields.zone}
        meanwhile={theirs.zone}
        onChange={(v) => set("zone", v)}
      />
      <TextField
        id="utility-rto"
        label={c.rto}
        value={fields.rto}
        meanwhile={theirs.rto}
        onChange={(v) => set("rto", v)}
      />
    </RecordDialog>
  );
}
