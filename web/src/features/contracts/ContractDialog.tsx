import { useMemo, useState } from "react";

import { Classes, FormGroup, InputGroup, Intent, Switch, TextArea } from "@blueprintjs/core";
import { Code, ConnectError } from "@connectrpc/connect";

import { hasCode, serverMessage } from "../../api/errors";
import { supplierName, useSuppliers } from "../../api/suppliers";
import { useUtilities, utilityName } from "../../api/utilities";
import { commodityLabel } from "../../lib/commodity";
import { ConfirmDialog } from "../../components/ConfirmDialog";
import { DATE_FORMAT_ERROR, formatDate } from "../../lib/dateText";
import { DateTextInput } from "../../components/DateTextInput";
import { OptionMultiSelect } from "../../components/OptionMultiSelect";
import { RecordDialog } from "../../components/RecordDialog";
import { ChoiceField, TextField } from "../../components/RecordFields";
import { changedMeanwhileText, idsOf, idsText, useRecordForm } from "../../lib/recordForm";
import { ProjectionBasis, type Contract } from "../../gen/eris/contracts/v1/contracts_pb";
import { Role } from "../../gen/eris/identity/v1/identity_pb";
import { Commodity } from "../../gen/eris/sourcing/v1/utilities_pb";
import { useAffiliates, usePeople } from "../../api/companies";
import { US_STATES } from "../../lib/usStates";
import { useSessionUser } from "../../app/auth/useSessionUser";
import { basisName } from "../../lib/records/projectionBasis";
import { useRateTypes } from "../../api/rateTypes";
import {
  CONTRACT_COMMODITIES,
  CONTRACT_MASK_PATHS,
  contractFieldsOf,
  contractInit,
  contractProblems,
  contractUpdate,
  emptyContractFields,
  withCommodity,
  type ContractFieldKey,
  type ContractFields,
} from "./contractForm";
import { chosenAccounts, supplierChoices, suppliersFor, utilityChoices } from "../../lib/records/contractChoices";
import { formatMoney, formatVolume } from "../../lib/records/contractFormat";
import { useContractAccounts, useCreateContract, useFetchContract, useUpdateContract } from "./contractQueries";
import {
  BILLING_TYPES,
  CONTRACT_STATUSES,
  CONTRACT_TEXTS,
  CONTRACT_TYPES,
  PRICING_TYPES,
  SIGNED_THROUGH,
  statusLabel,
} from "../../lib/records/contractTexts";
import { CONTRACT_FORM_TEXTS, CONTRACT_TAB_TEXTS } from "./texts";

const F = CONTRACT_FORM_TEXTS.fields;
/** The spec's wide dialog (section 9). */
const DIALOG_WIDTH = 1200;
const STATUS_VALUES = CONTRACT_STATUSES.map((_, index) => index);
/** No status chosen never happens (a new contract is Active): the select's "none" is out of range. */
const NO_STATUS = -1;
const BASES = [ProjectionBasis.FEE, ProjectionBasis.RATE] as const;
const basisLabel = (basis: ProjectionBasis) => CONTRACT_FORM_TEXTS.basisChoices[basisName(basis)];

export interface ContractDialogProps {
  companyId: bigint;
  /** The contract to edit; absent to add one. */
  contract?: Contract;
  onClose: () => void;
}

/**
 * Add Contract / Edit Contract: every field of a contract. The accounts offered are the company's
 * of the commodity (Electric ones for DR), and changing the commodity drops those chosen; the
 * utilities and suppliers offered narrow to those of the chosen accounts when any match. The team
 * (but support analysts), the affiliate, the supplier and the fee are not used for DR; Signed Through, Provider and
 * the percentages only for DR. An edit sends only the changed fields with the version read; a
 * refusal is shown in the dialog and everything typed stays. The volumes, fee totals and end date
 * are the server's, computed on every save. Management and Admin may change, on an edit, what the
 * contract's projected payments are computed from (its fee or its rate), after a confirmation.
 */
export function ContractDialog({ companyId, contract, onClose }: ContractDialogProps) {
  const createContract = useCreateContract();
  const updateContract = useUpdateContract();
  const fetchContract = useFetchContract();
  const utilities = useUtilities();
  const suppliers = useSuppliers();
  const people = usePeople();
  const affiliates = useAffiliates();
  const rateTypes = useRateTypes();
  const form = useRecordForm(contract, contractFieldsOf, emptyContractFields, CONTRACT_MASK_PATHS);
  const { fields, set, theirs, changes } = form;
  const { role } = useSessionUser().me;
  // The server refuses the basis from anyone else; a new contract takes the screen's (Fee).
  const canChangeBasis = contract !== undefined && (role === Role.MANAGEMENT || role === Role.ADMIN);
  const [confirmingBasis, setConfirmingBasis] = useState(false);
  const accounts = useContractAccounts(companyId, fields.commodity);

  const problems = contractProblems(fields, {
    commodityRequired: CONTRACT_FORM_TEXTS.commodityRequired,
    dateInvalid: DATE_FORMAT_ERROR,
    termInvalid: CONTRACT_FORM_TEXTS.termInvalid,
    amountInvalid: CONTRACT_FORM_TEXTS.amountInvalid,
    percentInvalid: CONTRACT_FORM_TEXTS.percentInvalid,
  });
  const canSave = Object.keys(problems).length === 0 && !form.saving && (!changes || changes.paths.length > 0);
  const commodityChosen = CONTRACT_COMMODITIES.includes(fields.commodity);
  const dr = fields.commodity === Commodity.DR;

  const chosen = useMemo(() => chosenAccounts(accounts.data, fields.accountIds), [accounts.data, fields.accountIds]);
  const utilityIds = useMemo(
    () => utilityChoices(utilities.data, fields.commodity, chosen).map((u) => String(u.utilityId)),
    [utilities.data, fields.commodity, chosen],
  );
  const supplierIds = useMemo(
    () => supplierChoices(suppliers.data, fields.commodity, chosen).map((s) => String(s.supplierId)),
    [suppliers.data, fields.commodity, chosen],
  );
  const providerIds = useMemo(
    () => suppliersFor(suppliers.data, Commodity.DR).map((s) => String(s.supplierId)),
    [suppliers.data],
  );
  const accountOptions = useMemo(
    () =>
      (accounts.data ?? []).map((account) => ({
        value: account.accountId,
        label: CONTRACT_FORM_TEXTS.accountLabel(account.name, account.accountNumber),
      })),
    [accounts.data],
  );
  const activeUserIds = people.active.map((user) => String(user.userId));

  function chooseCommodity(commodity: Commodity) {
    const next = withCommodity(fields, commodity, utilities.data, suppliers.data);
    for (const key of Object.keys(next) as ContractFieldKey[]) {
      if (next[key] !== fields[key]) {
        set(key, next[key]);
      }
    }
  }

  /** A changed projection basis is confirmed first (the save's other changes wait with it). */
  async function save() {
    if (changes?.keys.includes("projectionBasis")) {
      setConfirmingBasis(true);
      return;
    }
    await send();
  }

  async function send() {
    await form.save({
      create: (values) => asRefusal(() => createContract.mutateAsync(contractInit(companyId, values))),
      update: (current, changed) => asRefusal(() => updateContract.mutateAsync(contractUpdate(current, changed))),
      reload: (current) => fetchContract(current.contractId),
      texts: {
        addFailed: CONTRACT_TEXTS.failed,
        updateFailed: CONTRACT_TEXTS.failed,
        loadFailed: CONTRACT_TEXTS.failed,
      },
      onSaved: onClose,
    });
  }

  const userName = (id: string) => (id === "" ? "" : people.nameOf(BigInt(id)));
  const utilityText = (id: string) => (id === "" ? "" : (utilityName(utilities.data, BigInt(id)) ?? `#${id}`));
  const supplierText = (id: string) => (id === "" ? "" : (supplierName(suppliers.data, BigInt(id)) ?? `#${id}`));
  /** The value someone else stored meanwhile, as the field shows it. */
  const meanwhile = <K extends ContractFieldKey>(key: K, label: (value: ContractFields[K]) => string = String) =>
    theirs[key] === undefined ? undefined : label(theirs[key] as ContractFields[K]);

  const userField = (key: ContractFieldKey & `${string}UserId`, label: string) => (
    <ChoiceField
      id={`contract-${key}`}
      label={label}
      value={fields[key]}
      choices={activeUserIds}
      labelOf={userName}
      emptyValue=""
      noneLabel=""
      meanwhile={meanwhile(key, userName)}
      onChange={(v) => set(key, v)}
    />
  );
  const listField = (key: ContractFieldKey, label: string, choices: readonly string[]) => (
    <ChoiceField
      id={`contract-${key}`}
      label={label}
      value={fields[key] as string}
      choices={choices}
      labelOf={(v) => v}
      emptyValue=""
      noneLabel=""
      meanwhile={meanwhile(key)}
      onChange={(v) => set(key, v)}
    />
  );
  const checkedField = (key: ContractFieldKey, label: string, unit?: string) => (
    <CheckedField
      id={`contract-${key}`}
      label={label}
      value={fields[key] as string}
      unit={unit}
      problem={problems[key]}
      meanwhile={meanwhile(key)}
      onChange={(v) => set(key, v)}
    />
  );

  const current = form.current;
  const dialog = (
    <RecordDialog
      title={contract ? CONTRACT_FORM_TEXTS.editTitle : CONTRACT_FORM_TEXTS.addTitle}
      icon={contract ? "edit" : "add"}
      width={DIALOG_WIDTH}
      form={form}
      canSave={canSave}
      cancelText={CONTRACT_TAB_TEXTS.cancel}
      saveText={CONTRACT_TAB_TEXTS.save}
      onSave={save}
      onClose={onClose}
    >
      <div className="eris-contract-form">
        <ChoiceField
          id="contract-commodity"
          label={F.commodity}
          required
          value={fields.commodity}
          choices={CONTRACT_COMMODITIES}
          labelOf={commodityLabel}
          emptyValue={Commodity.UNSPECIFIED}
          placeholder={CONTRACT_FORM_TEXTS.choose}
          meanwhile={meanwhile("commodity", commodityLabel)}
          onChange={chooseCommodity}
        />
        <ChoiceField
          id="contract-status"
          label={F.status}
          value={fields.status}
          choices={STATUS_VALUES}
          labelOf={statusLabel}
          emptyValue={NO_STATUS}
          meanwhile={meanwhile("status", statusLabel)}
          onChange={(v) => set("status", v)}
        />
        <DateTextInput
          id="contract-dateSigned"
          label={F.dateSigned}
          value={fields.dateSigned}
          onValueChange={(v) => set("dateSigned", v)}
        />
        {listField("state", F.state, US_STATES)}
      </div>
      <FormGroup label={F.accountIds} labelFor="contract-accounts">
        {/* Enter picks the account in view (on key up); it must not also save the dialog. */}
        <div onKeyDown={(event) => event.key === "Enter" && event.preventDefault()}>
          <OptionMultiSelect
            id="contract-accounts"
            ariaLabel={F.accountIds}
            options={accountOptions}
            selected={idsOf(fields.accountIds)}
            disabled={!commodityChosen}
            placeholder={
              !commodityChosen
                ? CONTRACT_FORM_TEXTS.chooseCommodityFirst
                : accounts.isPending
                  ? CONTRACT_FORM_TEXTS.accountsLoading
                  : undefined
            }
            noOptionsText={CONTRACT_FORM_TEXTS.noAccounts}
            onChange={(ids) => set("accountIds", idsText(ids))}
          />
        </div>
      </FormGroup>
      <div className="eris-contract-form">
        <ChoiceField
          id="contract-utilityId"
          label={F.utilityId}
          value={fields.utilityId}
          choices={utilityIds}
          labelOf={utilityText}
          emptyValue=""
          noneLabel=""
          meanwhile={meanwhile("utilityId", utilityText)}
          onChange={(v) => set("utilityId", v)}
        />
        {dr ? (
          <>
            {listField("signedThrough", F.signedThrough, SIGNED_THROUGH)}
            <ChoiceField
              id="contract-providerSupplierId"
              label={F.providerSupplierId}
              value={fields.providerSupplierId}
              choices={providerIds}
              labelOf={supplierText}
              emptyValue=""
              noneLabel=""
              meanwhile={meanwhile("providerSupplierId", supplierText)}
              onChange={(v) => set("providerSupplierId", v)}
            />
          </>
        ) : (
          <ChoiceField
            id="contract-supplierId"
            label={F.supplierId}
            value={fields.supplierId}
            choices={supplierIds}
            labelOf={supplierText}
            emptyValue=""
            noneLabel=""
            meanwhile={meanwhile("supplierId", supplierText)}
            onChange={(v) => set("supplierId", v)}
          />
        )}
        {listField("pricingType", F.pricingType, PRICING_TYPES)}
        {listField("contractType", F.contractType, CONTRACT_TYPES)}
        <DateTextInput
          id="contract-startDate"
          label={F.startDate}
          value={fields.startDate}
          onValueChange={(v) => set("startDate", v)}
        />
        {checkedField("termMonths", F.termMonths, CONTRACT_FORM_TEXTS.months)}
        {checkedField("contractRate", F.contractRate)}
        {listField(
          "rateType",
          F.rateType,
          (rateTypes.data ?? []).map((rateType) => rateType.name),
        )}
        {!dr && checkedField("fee", F.fee)}
        {canChangeBasis && (
          <ChoiceField
            id="contract-projectionBasis"
            label={F.projectionBasis}
            value={fields.projectionBasis}
            choices={BASES}
            labelOf={basisLabel}
            emptyValue={ProjectionBasis.UNSPECIFIED}
            placeholder={CONTRACT_FORM_TEXTS.choose}
            meanwhile={meanwhile("projectionBasis", basisLabel)}
            onChange={(v) => set("projectionBasis", v)}
          />
        )}
        {listField("billingType", F.billingType, BILLING_TYPES)}
        {checkedField("taxExempt", F.taxExempt, "%")}
        {checkedField("revenueSplit", F.revenueSplit, "%")}
        <TextField
          id="contract-paymentSchedule"
          label={F.paymentSchedule}
          value={fields.paymentSchedule}
          meanwhile={meanwhile("paymentSchedule")}
          onChange={(v) => set("paymentSchedule", v)}
        />
        <Switch
          id="contract-greenPower"
          className="eris-contract-switch"
          label={F.greenPower}
          checked={fields.greenPower === 1}
          onChange={(e) => set("greenPower", e.currentTarget.checked ? 1 : 0)}
        />
        {dr && (
          <>
            {checkedField("capacityPercentage", F.capacityPercentage, "%")}
            {checkedField("energyPercentage", F.energyPercentage, "%")}
            {checkedField("jmiPercentage", F.jmiPercentage, "%")}
          </>
        )}
      </div>
      <fieldset className="eris-contract-section" aria-label={CONTRACT_FORM_TEXTS.team}>
        <legend>{CONTRACT_FORM_TEXTS.team}</legend>
        <div className="eris-contract-form">
          {!dr && (
            <>
              {userField("insideSalesUserId", F.insideSalesUserId)}
              {userField("closer1UserId", F.closer1UserId)}
              {userField("closer2UserId", F.closer2UserId)}
              {userField("analystUserId", F.analystUserId)}
            </>
          )}
          {userField("supportAnalyst1UserId", F.supportAnalyst1UserId)}
          {userField("supportAnalyst2UserId", F.supportAnalyst2UserId)}
          {!dr && listField("affiliate", F.affiliate, affiliates.data ?? [])}
        </div>
      </fieldset>
      <FormGroup
        label={F.notes}
        labelFor="contract-notes"
        intent={theirs.notes !== undefined ? Intent.WARNING : Intent.NONE}
        helperText={theirs.notes !== undefined ? changedMeanwhileText(theirs.notes) : undefined}
        className="eris-contract-notes"
      >
        <TextArea
          id="contract-notes"
          fill
          autoResize
          value={fields.notes}
          onChange={(e) => set("notes", e.currentTarget.value)}
        />
      </FormGroup>
      <section className="eris-contract-computed" aria-label={CONTRACT_FORM_TEXTS.computed}>
        <h5 className={Classes.HEADING}>{CONTRACT_FORM_TEXTS.computed}</h5>
        {current ? (
          <dl data-testid="contract-computed">
            <Computed label={F.annualVolume} value={formatVolume(current.annualVolume)} />
            <Computed label={F.termVolume} value={formatVolume(current.termVolume)} />
            <Computed label={F.annualFeeTotal} value={formatMoney(current.annualFeeTotal)} />
            <Computed label={F.termFeeTotal} value={formatMoney(current.termFeeTotal)} />
            <Computed label={F.endDate} value={formatDate(current.endDate)} />
          </dl>
        ) : (
          <p className={Classes.TEXT_MUTED}>{CONTRACT_FORM_TEXTS.computedLater}</p>
        )}
      </section>
    </RecordDialog>
  );

  return (
    <>
      {dialog}
      <ConfirmDialog
        isOpen={confirmingBasis}
        icon="calculator"
        intent={Intent.PRIMARY}
        confirmText={CONTRACT_TAB_TEXTS.save}
        cancelText={CONTRACT_TAB_TEXTS.cancel}
        onConfirm={() => {
          setConfirmingBasis(false);
          void send();
        }}
        onCancel={() => setConfirmingBasis(false)}
      >
        <p>{CONTRACT_FORM_TEXTS.basisConfirm(basisName(fields.projectionBasis))}</p>
      </ConfirmDialog>
    </>
  );
}

/**
 * A failure the service explains (an account of another company or commodity, a contract gone) is
 * shown in the dialog like a refused value, rather than as a toast that says less.
 */
async function asRefusal<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (err) {
    if (hasCode(err, Code.FailedPrecondition, Code.NotFound, Code.OutOfRange)) {
      throw new ConnectError(serverMessage(err), Code.InvalidArgument);
    }
    throw err;
  }
}

function Computed({ label, value }: { label: string; value: string }) {
  return (
    <div>
      <dt>{label}</dt>
      <dd>{value || "—"}</dd>
    </div>
  );
}

interface CheckedFieldProps {
  id: string;
  label: string;
  value: string;
  /** Shown beside the field: "%" or "months". */
  unit?: string;
  /** Why the value cannot be sent. */
  problem?: string;
  /** The value someone else stored meanwhile (after a stale save). */
  meanwhile?: string;
  onChange: (value: string) => void;
}

/** A number typed as text, with why it cannot be sent or that someone else changed it meanwhile. */
function CheckedField({ id, label, value, unit, problem, meanwhile, onChange }: CheckedFieldProps) {
  const intent = problem ? Intent.DANGER : meanwhile !== undefined ? Intent.WARNING : Intent.NONE;
  return (
    <FormGroup
      label={label}
      labelFor={id}
      intent={intent}
      helperText={problem ?? (meanwhile !== undefined ? changedMeanwhileText(meanwhile) : undefined)}
    >
      <InputGroup
        id={id}
        inputMode="decimal"
        autoComplete="off"
        value={value}
        intent={intent}
        aria-invalid={problem ? true : undefined}
        rightElement={unit ? <span className="eris-input-unit">{unit}</span> : undefined}
        onValueChange={onChange}
      />
    </FormGroup>
  );
}
