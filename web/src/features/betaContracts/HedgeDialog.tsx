import { Classes } from "@blueprintjs/core";

import { useAllUsers } from "../../api/users";
import { useBusinessTimeZone } from "../../app/auth/SessionContext";
import { RecordDialog } from "../../components/RecordDialog";
import type { Hedge } from "../../gen/eris/contracts/v1/contracts_pb";
import { DATE_FORMAT_ERROR, formatDateTime } from "../../lib/dateText";
import { useRecordForm } from "../../lib/recordForm";
import { DateField, SelectField, TextInputField, WholeNumberField, plainChoices } from "./BetaFields";
import { useHedgeWriters } from "./betaQueries";
import { HEDGE_BLOCK_TYPES, HEDGE_VIEW_TEXTS as T } from "./betaTexts";
import { emptyHedgeFields, HEDGE_FIELD_PATHS, hedgeFieldsOf, hedgeInit, hedgeProblems } from "./hedgeForm";

const DIALOG_WIDTH = 560;
/** The block types after the blank one (the blank is the picker's empty choice). */
const BLOCK_TYPES = plainChoices(HEDGE_BLOCK_TYPES.filter(Boolean));

export interface HedgeDialogProps {
  contractId: bigint;
  /** The hedge to edit; absent to add one. */
  hedge?: Hedge;
  onClose: () => void;
}

/**
 * Add Hedge / Edit Hedge. An edit sends every field with the version read (UpdateHedge replaces
 * them all) and shows who made the hedge and who changed it last, and when; a stale save keeps what
 * was typed and says what changed meanwhile.
 */
export function HedgeDialog({ contractId, hedge, onClose }: HedgeDialogProps) {
  const writers = useHedgeWriters(contractId);
  const users = useAllUsers();
  const timeZone = useBusinessTimeZone();
  const form = useRecordForm(hedge, hedgeFieldsOf, emptyHedgeFields, HEDGE_FIELD_PATHS);
  const { fields, set, theirs, changes } = form;
  const problems = hedgeProblems(fields, {
    dateInvalid: DATE_FORMAT_ERROR,
    monthInvalid: T.startMonthInvalid,
    amountInvalid: T.amountInvalid,
  });
  const canSave = Object.keys(problems).length === 0 && !form.saving && (!changes || changes.paths.length > 0);
  const current = form.current;
  const nameOf = (userId: bigint) =>
    userId === 0n ? "" : (users.data?.find((u) => u.userId === userId)?.name ?? `User ${userId}`);

  async function save() {
    await form.save({
      create: (typed) => writers.create.mutateAsync(hedgeInit(typed)),
      // Every field as typed, with the id and the version read.
      update: (read) =>
        writers.update.mutateAsync({ ...hedgeInit(fields), hedgeId: read.hedgeId, version: read.version }),
      reload: (read) => writers.fetch(read.hedgeId),
      texts: {
        added: T.added,
        updated: T.updated,
        addFailed: T.failed,
        updateFailed: T.failed,
        loadFailed: T.failed,
      },
      onSaved: onClose,
    });
  }

  return (
    <RecordDialog
      title={hedge ? T.editTitle : T.addTitle}
      icon={hedge ? "edit" : "add"}
      width={DIALOG_WIDTH}
      form={form}
      canSave={canSave}
      cancelText={T.cancel}
      saveText={T.save}
      onSave={save}
      onClose={onClose}
    >
      <div className="eris-beta-grid eris-beta-grid-2">
        <SelectField
          id="hedge-blockType"
          label={T.fields.blockType}
          blankLabel=""
          choices={BLOCK_TYPES}
          meanwhile={theirs.blockType}
          value={fields.blockType}
          onChange={(v) => set("blockType", v)}
        />
        <DateField
          id="hedge-signedDate"
          label={T.fields.signedDate}
          meanwhile={theirs.signedDate}
          value={fields.signedDate}
          onChange={(v) => set("signedDate", v)}
        />
        <TextInputField
          id="hedge-startMonth"
          label={T.fields.startMonth}
          placeholder={T.startMonthPlaceholder}
          problem={problems.startMonth}
          meanwhile={theirs.startMonth}
          value={fields.startMonth}
          onChange={(v) => set("startMonth", v)}
        />
        <WholeNumberField
          id="hedge-termMonths"
          label={T.fields.term}
          min={0}
          max={240}
          meanwhile={theirs.termMonths}
          value={fields.termMonths}
          onChange={(v) => set("termMonths", v)}
        />
        <TextInputField
          id="hedge-rate"
          label={T.fields.rate}
          inputMode="decimal"
          problem={problems.rate}
          meanwhile={theirs.rate}
          value={fields.rate}
          onChange={(v) => set("rate", v)}
        />
        <TextInputField
          id="hedge-fee"
          label={T.fields.fee}
          inputMode="decimal"
          problem={problems.fee}
          meanwhile={theirs.fee}
          value={fields.fee}
          onChange={(v) => set("fee", v)}
        />
      </div>
      {current && (
        <dl className={`eris-beta-audit ${Classes.TEXT_MUTED}`}>
          <div>
            <dt>{T.audit.createdBy}</dt>
            <dd data-testid="hedge-created-by">{nameOf(current.creatorUserId)}</dd>
          </div>
          <div>
            <dt>{T.audit.createdOn}</dt>
            <dd data-testid="hedge-created-on">{formatDateTime(current.createTime, timeZone)}</dd>
          </div>
          <div>
            <dt>{T.audit.modifiedBy}</dt>
            <dd data-testid="hedge-modified-by">{nameOf(current.modifierUserId)}</dd>
          </div>
          <div>
            <dt>{T.audit.modifiedOn}</dt>
            <dd data-testid="hedge-modified-on">{formatDateTime(current.updateTime, timeZone)}</dd>
          </div>
        </dl>
      )}
    </RecordDialog>
  );
}
