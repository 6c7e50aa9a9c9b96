import { useMemo } from "react";

import { Checkbox, Classes, FormGroup, HTMLSelect, InputGroup, Intent, Spinner } from "@blueprintjs/core";
import { Code, ConnectError } from "@connectrpc/connect";

import { hasCode, serverMessage } from "../../api/errors";
import { supplierOptions, useSuppliers } from "../../api/suppliers";
import { useBusinessTimeZone } from "../../app/auth/SessionContext";
import { DateTextInput } from "../../components/DateTextInput";
import { OptionMultiSelect, type Option } from "../../components/OptionMultiSelect";
import { RecordDialog } from "../../components/RecordDialog";
import { ChoiceField, TextField } from "../../components/RecordFields";
import type { Account } from "../../gen/eris/crm/v1/accounts_pb";
import type { Rfp } from "../../gen/eris/sourcing/v1/rfps_pb";
import type { Supplier } from "../../gen/eris/sourcing/v1/suppliers_pb";
import { Commodity } from "../../gen/eris/sourcing/v1/utilities_pb";
import { commodityLabel } from "../../lib/commodity";
import { DATE_FORMAT_ERROR } from "../../lib/dateText";
import { idsOf, idsText, useRecordForm } from "../../lib/recordForm";
import { US_STATES } from "../../lib/usStates";
import { ChipsField } from "./ChipsField";
import {
  accountsOf,
  addProducts,
  addTerms,
  businessToday,
  emptyRfpFields,
  keptForCommodity,
  productsOf,
  productsText,
  RFP_COMMODITIES,
  RFP_MASK_PATHS,
  rfpFieldsOf,
  rfpInit,
  rfpProblems,
  rfpUpdate,
  termsOf,
  termsText,
} from "./rfpForm";
import { useCompanyAccounts, useCreateRfp, useFetchRfp, useUpdateRfp } from "./rfpQueries";
import { HOURS_12, MINUTES, PERIODS, to12Hour, to24Hour, type Clock12 } from "./rfpTime";
import { RFP_FORM_TEXTS, RFP_TEXTS } from "./texts";

const F = RFP_FORM_TEXTS.fields;
const DIALOG_WIDTH = 820;

export interface RfpDialogProps {
  companyId: bigint;
  /** The RFP to edit; absent to add one. */
  rfp?: Rfp;
  onClose: () => void;
}

/**
 * Add RFP / Edit RFP. The suppliers and accounts offered are those of the chosen commodity (the live
 * suppliers, the company's accounts), and changing the commodity drops those of the other one. An
 * edit sends only the changed fields with the version read; a refusal is shown in the dialog and
 * everything typed stays.
 */
export function RfpDialog({ companyId, rfp, onClose }: RfpDialogProps) {
  const createRfp = useCreateRfp();
  const updateRfp = useUpdateRfp();
  const fetchRfp = useFetchRfp();
  const suppliers = useSuppliers();
  const accounts = useCompanyAccounts(companyId);
  const timeZone = useBusinessTimeZone();
  const form = useRecordForm(rfp, rfpFieldsOf, () => emptyRfpFields(businessToday(timeZone)), RFP_MASK_PATHS);
  const { fields, set, theirs, changes } = form;

  const problems = rfpProblems(fields, {
    commodityRequired: RFP_FORM_TEXTS.chooseCommodityFirst,
    feeInvalid: RFP_FORM_TEXTS.feeInvalid,
    dateInvalid: DATE_FORMAT_ERROR,
  });
  const canSave = Object.keys(problems).length === 0 && !form.saving && (!changes || changes.paths.length > 0);
  const commodityChosen = RFP_COMMODITIES.includes(fields.commodity);

  function chooseCommodity(commodity: Commodity) {
    const kept = keptForCommodity(fields, commodity, suppliers.data, accounts.data);
    set("commodity", commodity);
    set("supplierIds", kept.supplierIds);
    set("accountIds", kept.accountIds);
  }

  async function save() {
    await form.save({
      create: (values) => asRefusal(() => createRfp.mutateAsync(rfpInit(companyId, values))),
      update: (current, changed) => asRefusal(() => updateRfp.mutateAsync(rfpUpdate(current, changed))),
      reload: (current) => fetchRfp(current.rfpId),
      texts: {
        added: RFP_FORM_TEXTS.saved,
        updated: RFP_FORM_TEXTS.saved,
        addFailed: RFP_FORM_TEXTS.saveFailed,
        updateFailed: RFP_FORM_TEXTS.saveFailed,
        loadFailed: RFP_FORM_TEXTS.saveFailed,
      },
      onSaved: onClose,
    });
  }

  const terms = termsOf(fields.terms);
  const products = productsOf(fields.products);
  const supplierChoices = useMemo(
    () => supplierChoicesOf(suppliers.data, fields.commodity, idsOf(fields.supplierIds)),
    [suppliers.data, fields.commodity, fields.supplierIds],
  );

  return (
    <RecordDialog
      title={rfp ? RFP_FORM_TEXTS.editTitle : RFP_FORM_TEXTS.addTitle}
      icon={rfp ? "edit" : "add"}
      width={DIALOG_WIDTH}
      form={form}
      canSave={canSave}
      cancelText={RFP_TEXTS.cancel}
      saveText={RFP_TEXTS.save}
      onSave={save}
      onClose={onClose}
    >
      <div className="eris-rfp-form">
        <TextField
          id="rfp-len"
          label={F.len}
          autoFocus
          value={fields.len}
          meanwhile={theirs.len}
          onChange={(v) => set("len", v)}
        />
        <ChoiceField
          id="rfp-commodity"
          label={F.commodity}
          required
          value={fields.commodity}
          choices={RFP_COMMODITIES}
          labelOf={commodityLabel}
          emptyValue={Commodity.UNSPECIFIED}
          placeholder={RFP_FORM_TEXTS.choose}
          meanwhile={theirs.commodity === undefined ? undefined : commodityLabel(theirs.commodity)}
          onChange={chooseCommodity}
        />
        <TextField
          id="rfp-address"
          label={F.address}
          value={fields.address}
          meanwhile={theirs.address}
          onChange={(v) => set("address", v)}
        />
        <TextField
          id="rfp-city"
          label={F.city}
          value={fields.city}
          meanwhile={theirs.city}
          onChange={(v) => set("city", v)}
        />
        <ChoiceField
          id="rfp-state"
          label={F.state}
          value={fields.state}
          choices={US_STATES}
          labelOf={(code) => code}
          emptyValue=""
          noneLabel=""
          meanwhile={theirs.state}
          onChange={(v) => set("state", v)}
        />
        <TextField
          id="rfp-zip"
          label={F.zip}
          value={fields.zip}
          meanwhile={theirs.zip}
          onChange={(v) => set("zip", v)}
        />
        <DateTextInput
          id="rfp-startDate"
          label={F.startDate}
          value={fields.startDate}
          onValueChange={(v) => set("startDate", v)}
        />
        <DateTextInput
          id="rfp-returnDate"
          label={F.returnDate}
          value={fields.returnDate}
          onValueChange={(v) => set("returnDate", v)}
        />
        <ReturnTimeField value={fields.returnTime} onChange={(v) => set("returnTime", v)} />
        <FormGroup
          label={F.fee}
          labelFor="rfp-fee"
          intent={problems.fee ? Intent.DANGER : Intent.NONE}
          helperText={problems.fee}
        >
          <InputGroup
            id="rfp-fee"
            inputMode="decimal"
            autoComplete="off"
            value={fields.fee}
            intent={problems.fee ? Intent.DANGER : Intent.NONE}
            aria-invalid={problems.fee ? true : undefined}
            onValueChange={(v) => set("fee", v)}
          />
        </FormGroup>
      </div>
      <FormGroup label={F.suppliers} labelFor="rfp-suppliers">
        {/* Enter picks the supplier in view (on key up); it must not also save the dialog. */}
        <div onKeyDown={(event) => event.key === "Enter" && event.preventDefault()}>
          <OptionMultiSelect
            id="rfp-suppliers"
            ariaLabel={F.suppliers}
            options={supplierChoices}
            selected={idsOf(fields.supplierIds)}
            disabled={!commodityChosen}
            placeholder={commodityChosen ? undefined : RFP_FORM_TEXTS.chooseCommodityFirst}
            noOptionsText={RFP_FORM_TEXTS.noSuppliers}
            onChange={(ids) => set("supplierIds", idsText(ids))}
          />
        </div>
      </FormGroup>
      <div className="eris-rfp-form">
        <ChipsField
          id="rfp-terms"
          label={F.terms}
          values={terms.map(String)}
          hint={RFP_FORM_TEXTS.termsHint}
          onAdd={(typed) => {
            const added = addTerms(terms, typed);
            if (added.refused !== null) {
              return RFP_FORM_TEXTS.termNotNumber(added.refused);
            }
            set("terms", termsText(added.terms));
            return null;
          }}
          onRemove={(index) => set("terms", termsText(terms.filter((_, i) => i !== index)))}
        />
        <ChipsField
          id="rfp-products"
          label={F.products}
          values={products}
          hint={RFP_FORM_TEXTS.productsHint}
          onAdd={(typed) => {
            set("products", productsText(addProducts(products, typed)));
            return null;
          }}
          onRemove={(index) => set("products", productsText(products.filter((_, i) => i !== index)))}
        />
      </div>
      <AccountsField
        accounts={accounts.data}
        loading={accounts.isPending}
        commodity={fields.commodity}
        selected={idsOf(fields.accountIds)}
        onChange={(ids) => set("accountIds", idsText(ids))}
      />
    </RecordDialog>
  );
}

/**
 * A failure the service explains (a supplier or account of another commodity, an RFP gone) is shown
 * in the dialog like a refused value, rather than as a toast that says less.
 */
async function asRefusal<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (err) {
    if (hasCode(err, Code.FailedPrecondition, Code.NotFound, Code.PermissionDenied, Code.OutOfRange)) {
      throw new ConnectError(serverMessage(err), Code.InvalidArgument);
    }
    throw err;
  }
}

/** The live suppliers of the commodity, plus any the RFP holds that are archived now (named so). */
function supplierChoicesOf(
  suppliers: readonly Supplier[] | undefined,
  commodity: Commodity,
  held: readonly bigint[],
): Option<bigint>[] {
  const live = supplierOptions(suppliers, commodity);
  const extra = held
    .filter((id) => !live.some((option) => option.value === id))
    .map((id) => {
      const supplier = suppliers?.find((s) => s.supplierId === id);
      return { value: id, label: supplier ? `${supplier.name} ${RFP_FORM_TEXTS.archived}` : `#${id}` };
    });
  return [...live, ...extra];
}

interface ReturnTimeFieldProps {
  /** "HH:MM", 24-hour. */
  value: string;
  onChange: (value: string) => void;
}

/** The return time as three choices: hour (12, 1 … 11), minutes (00 or 30) and AM or PM. */
function ReturnTimeField({ value, onChange }: ReturnTimeFieldProps) {
  const clock: Clock12 = to12Hour(value) ?? { hour: 11, minute: "00", period: "AM" };
  const change = (next: Partial<Clock12>) => onChange(to24Hour({ ...clock, ...next }));
  // A stored time off the half hour keeps its minutes on offer.
  const minutes = MINUTES.includes(clock.minute) ? MINUTES : [...MINUTES, clock.minute];
  return (
    <FormGroup label={F.returnTime} labelFor="rfp-returnTime-hour">
      <div className="eris-rfp-time" role="group" aria-label={F.returnTime}>
        <HTMLSelect
          id="rfp-returnTime-hour"
          aria-label={F.returnHour}
          value={String(clock.hour)}
          onChange={(e) => change({ hour: Number(e.currentTarget.value) })}
        >
          {HOURS_12.map((hour) => (
            <option key={hour} value={String(hour)}>
              {hour}
            </option>
          ))}
        </HTMLSelect>
        <HTMLSelect
          aria-label={F.returnMinute}
          value={clock.minute}
          onChange={(e) => change({ minute: e.currentTarget.value })}
        >
          {minutes.map((minute) => (
            <option key={minute} value={minute}>
              {minute}
            </option>
          ))}
        </HTMLSelect>
        <HTMLSelect
          aria-label={F.returnPeriod}
          value={clock.period}
          onChange={(e) => change({ period: e.currentTarget.value as Clock12["period"] })}
        >
          {PERIODS.map((period) => (
            <option key={period} value={period}>
              {period}
            </option>
          ))}
        </HTMLSelect>
      </div>
    </FormGroup>
  );
}

interface AccountsFieldProps {
  accounts: readonly Account[] | undefined;
  loading: boolean;
  commodity: Commodity;
  selected: readonly bigint[];
  onChange: (ids: bigint[]) => void;
}

/** The company's accounts of the commodity, each with a checkbox, and one to select them all. */
function AccountsField({ accounts, loading, commodity, selected, onChange }: AccountsFieldProps) {
  const offered = accountsOf(accounts, commodity);
  const offeredIds = offered.map((account) => account.accountId);
  // An account the RFP holds that the company no longer lists stays shown, so nothing is dropped unseen.
  const missing = selected.filter((id) => !offeredIds.includes(id));
  const chosen = offeredIds.filter((id) => selected.includes(id)).length;
  const all = offered.length > 0 && chosen === offered.length;

  let body;
  if (!RFP_COMMODITIES.includes(commodity)) {
    body = <p className={Classes.TEXT_MUTED}>{RFP_FORM_TEXTS.chooseCommodityFirst}</p>;
  } else if (loading) {
    body = <Spinner size={20} aria-label={RFP_FORM_TEXTS.accountsLoading} />;
  } else if (offered.length === 0 && missing.length === 0) {
    body = <p className={Classes.TEXT_MUTED}>{RFP_FORM_TEXTS.noAccounts}</p>;
  } else {
    const toggle = (id: bigint, on: boolean) =>
      onChange(on ? [...selected, id] : selected.filter((selectedId) => selectedId !== id));
    body = (
      <>
        <div className="eris-rfp-accounts-head">
          <Checkbox
            className="eris-rfp-check"
            label={RFP_FORM_TEXTS.selectAll}
            checked={all}
            indeterminate={chosen > 0 && !all}
            disabled={offered.length === 0}
            onChange={() => onChange(all ? missing : [...missing, ...offeredIds])}
          />
          <span className={Classes.TEXT_MUTED}>{RFP_FORM_TEXTS.accountsChosen(chosen, offered.length)}</span>
        </div>
        <ul className="eris-rfp-accounts">
          {offered.map((account) => (
            <li key={String(account.accountId)} data-account-id={String(account.accountId)}>
              <Checkbox
                className="eris-rfp-check"
                label={RFP_FORM_TEXTS.accountLabel(account.name, account.accountNumber)}
                checked={selected.includes(account.accountId)}
                onChange={(e) => toggle(account.accountId, e.currentTarget.checked)}
              />
            </li>
          ))}
          {missing.map((id) => (
            <li key={String(id)} data-account-id={String(id)}>
              <Checkbox
                className="eris-rfp-check"
                label={RFP_FORM_TEXTS.unknownAccount(id)}
                checked
                onChange={() => toggle(id, false)}
              />
            </li>
          ))}
        </ul>
      </>
    );
  }
  return (
    <fieldset className="eris-rfp-section" aria-label={F.accounts}>
      <legend>{F.accounts}</legend>
      {body}
    </fieldset>
  );
}
