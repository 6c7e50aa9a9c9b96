import { useState, type FormEvent, type ReactNode } from "react";

import { Classes, DialogBody, FormGroup, HTMLSelect, InputGroup, Intent, Switch } from "@blueprintjs/core";
import { Code } from "@connectrpc/connect";

import { serverMessage } from "../../api/errors";
import { supplierName, supplierOptions, useSuppliers } from "../../api/suppliers";
import { useUtilities, utilityName, utilityOptions } from "../../api/utilities";
import { DateTextInput } from "../../components/DateTextInput";
import { FormNotice, ModalDialog, SubmitFooter } from "../../components/FormDialogParts";
import { AccountCommodity, DrStatus, OpenState, type Account } from "../../gen/eris/crm/v1/accounts_pb";
import type { Supplier } from "../../gen/eris/sourcing/v1/suppliers_pb";
import { Commodity } from "../../gen/eris/sourcing/v1/utilities_pb";
import { keepTyped } from "../../lib/recordForm";
import { saveWithToasts } from "../../lib/saveWithToasts";
import { toast } from "../../lib/toaster";
import { US_STATES } from "../../lib/usStates";
import { drStatusText, openStateText } from "./accountColumns";
import {
  accountChanges,
  accountFormOf,
  directoryCommodity,
  editAccountForm,
  emptyAccountForm,
  newAccountInit,
  validateAccountForm,
  type AccountForm,
  type AccountFormErrors,
  type AccountFormKey,
} from "./accountForm";
import { useCreateAccount, useFetchAccount, useUpdateAccount } from "./accountQueries";
import { ACCOUNT_FORM_TEXTS, ACCOUNT_TEXTS } from "./texts";

const F = ACCOUNT_FORM_TEXTS.fields;
/** The spec's wide dialog (section 9). */
const DIALOG_WIDTH = 800;
/** Messages shown only once Save was pressed: an untouched new form is not an error yet. */
const ON_SUBMIT_ONLY: readonly AccountFormKey[] = ["name", "commodity"];

export interface AccountDialogProps {
  companyId: bigint;
  /** The account to edit; absent to add one. */
  account?: Account;
  onClose: () => void;
}

type Option = { value: string; label: string };

/**
 * Add Account / Edit Account: every field of an account. The utility and supplier pickers offer
 * the directories of the account's commodity; PLC, NSPL and IsDR are Electric only, the DR fields
 * shown when IsDR is on. An edit sends only the changed fields with the version read; when someone
 * else changed one of them meanwhile, the server's message is shown, the account is read again and
 * what the person typed is kept.
 */
export function AccountDialog({ companyId, account, onClose }: AccountDialogProps) {
  const editing = account !== undefined;
  const createAccount = useCreateAccount();
  const updateAccount = useUpdateAccount();
  const fetchAccount = useFetchAccount();
  const utilities = useUtilities();
  const suppliers = useSuppliers();
  const [current, setCurrent] = useState<Account | undefined>(account);
  const [form, setForm] = useState<AccountForm>(() => (account ? accountFormOf(account) : emptyAccountForm()));
  const [notice, setNotice] = useState<string | null>(null);
  const [submitted, setSubmitted] = useState(false);
  const busy = createAccount.isPending || updateAccount.isPending;

  const errors = validateAccountForm(form);
  const shownErrors: AccountFormErrors = submitted
    ? errors
    : Object.fromEntries(Object.entries(errors).filter(([key]) => !ON_SUBMIT_ONLY.includes(key as AccountFormKey)));
  const changes = current ? accountChanges(current, form) : null;
  const canSave = !busy && (!changes || changes.paths.length > 0);
  const electric = form.commodity === AccountCommodity.ELECTRIC;
  const commodityChosen = form.commodity !== AccountCommodity.UNSPECIFIED;
  const dirCommodity = directoryCommodity(form.commodity);

  function set<K extends AccountFormKey>(key: K, value: AccountForm[K]) {
    setForm((prev) => editAccountForm(prev, key, value));
  }

  async function handleSubmit(event: FormEvent) {
    event.preventDefault();
    setSubmitted(true);
    if (!canSave || Object.keys(errors).length > 0) {
      return;
    }
    const texts = { failed: ACCOUNT_TEXTS.saveFailed, detailCodes: [Code.InvalidArgument, Code.FailedPrecondition] };
    if (!current) {
      await saveWithToasts(
        () => createAccount.mutateAsync(newAccountInit(form, companyId)),
        { ...texts, done: ACCOUNT_TEXTS.added },
        onClose,
      );
      return;
    }
    if (!changes) {
      return;
    }
    const readBefore = current;
    await saveWithToasts(
      () => updateAccount.mutateAsync(changes),
      { ...texts, done: ACCOUNT_TEXTS.updated },
      onClose,
      async (err) => {
        // Someone else changed a field this edit changes: say so, show what is stored now, keep what was typed.
        setNotice(serverMessage(err));
        try {
          const fresh = await fetchAccount(readBefore.accountId);
          if (fresh) {
            setForm((typed) => keepTyped(accountFormOf(fresh), typed, accountChanges(readBefore, typed).keys));
            setCurrent(fresh);
          }
        } catch {
          void toast.error(ACCOUNT_TEXTS.saveFailed);
        }
      },
    );
  }

  const field = (key: AccountFormKey, label: string, control: ReactNode, extra: { required?: boolean } = {}) => (
    <FormGroup
      label={label}
      labelFor={`account-${key}`}
      labelInfo={extra.required ? ACCOUNT_FORM_TEXTS.required : undefined}
      intent={shownErrors[key] ? Intent.DANGER : Intent.NONE}
      helperText={shownErrors[key]}
    >
      {control}
    </FormGroup>
  );

  const text = (key: TextKey, label: string, extra: { required?: boolean; unit?: string; numeric?: boolean } = {}) =>
    field(
      key,
      label,
      <InputGroup
        id={`account-${key}`}
        value={form[key]}
        inputMode={extra.numeric ? "decimal" : undefined}
        intent={shownErrors[key] ? Intent.DANGER : Intent.NONE}
        aria-invalid={shownErrors[key] ? true : undefined}
        rightElement={extra.unit ? <span className="eris-input-unit">{extra.unit}</span> : undefined}
        onValueChange={(value) => set(key, value)}
      />,
      extra,
    );

  const select = (key: SelectKey, label: string, options: Option[], extra: { disabled?: boolean } = {}) =>
    field(
      key,
      label,
      <HTMLSelect
        id={`account-${key}`}
        fill
        value={form[key]}
        disabled={extra.disabled}
        onChange={(e) => set(key, e.currentTarget.value)}
      >
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </HTMLSelect>,
    );

  const utilityChoices: Option[] = [
    { value: "", label: commodityChosen ? ACCOUNT_FORM_TEXTS.none : ACCOUNT_FORM_TEXTS.chooseCommodityFirst },
    ...withCurrent(
      utilityOptions(utilities.data, dirCommodity).map(({ value, label }) => ({ value: String(value), label })),
      form.utilityId,
      () => utilityName(utilities.data, BigInt(form.utilityId)) ?? `#${form.utilityId}`,
    ),
  ];
  const supplierChoices: Option[] = [
    { value: "", label: commodityChosen ? ACCOUNT_FORM_TEXTS.utilitySupply : ACCOUNT_FORM_TEXTS.chooseCommodityFirst },
    ...supplierChoicesOf(suppliers.data, dirCommodity, form.supplierId),
  ];
  const providerChoices: Option[] = [
    { value: "", label: ACCOUNT_FORM_TEXTS.none },
    ...supplierChoicesOf(suppliers.data, Commodity.DR, form.drProviderSupplierId),
  ];

  return (
    <ModalDialog
      isOpen
      title={editing ? ACCOUNT_FORM_TEXTS.editTitle : ACCOUNT_FORM_TEXTS.addTitle}
      icon={editing ? "edit" : "add"}
      className="eris-account-dialog"
      style={{ width: DIALOG_WIDTH }}
      canOutsideClickClose={!busy}
      onClose={onClose}
    >
      <form onSubmit={handleSubmit} noValidate>
        <DialogBody>
          <FormNotice notice={notice} />
          <div className="eris-account-form">
            {text("name", F.name, { required: true })}
            {text("len", F.len)}
            {text("accountNumber", F.accountNumber)}
            {text("secondaryAccountNumber", F.secondaryAccountNumber)}
            {field(
              "commodity",
              F.commodity,
              <HTMLSelect
                id="account-commodity"
                fill
                value={form.commodity}
                onChange={(e) => set("commodity", Number(e.currentTarget.value) as AccountCommodity)}
              >
                {!commodityChosen && <option value={AccountCommodity.UNSPECIFIED}>{ACCOUNT_FORM_TEXTS.choose}</option>}
                <option value={AccountCommodity.ELECTRIC}>{ACCOUNT_TEXTS.commodityNames.electric}</option>
                <option value={AccountCommodity.GAS}>{ACCOUNT_TEXTS.commodityNames.gas}</option>
              </HTMLSelect>,
              { required: true },
            )}
            {select("utilityId", F.utility, utilityChoices, { disabled: !commodityChosen })}
            {select("supplierId", F.supplier, supplierChoices, { disabled: !commodityChosen })}
            {text("zone", F.zone)}
            {text("rateClass", F.rateClass)}
            {text("address", F.address)}
            {text("city", F.city)}
            {select("state", F.state, [
              { value: "", label: "" },
              ...withCurrent(
                US_STATES.map((code) => ({ value: code, label: code })),
                form.state,
                () => form.state,
              ),
            ])}
            {text("zip", F.zip)}
            {text("taxExemptPercent", F.taxExemptPercent, { unit: "%", numeric: true })}
            <DateTextInput
              id="account-contractEndDate"
              label={F.contractEndDate}
              value={form.contractEndDate}
              onValueChange={(value) => set("contractEndDate", value)}
            />
            {editing ? (
              field(
                "openState",
                F.openState,
                <HTMLSelect
                  id="account-openState"
                  fill
                  value={form.openState}
                  onChange={(e) => set("openState", Number(e.currentTarget.value) as OpenState)}
                >
                  {form.openState === OpenState.UNSPECIFIED && <option value={OpenState.UNSPECIFIED} />}
                  {[OpenState.OPEN, OpenState.CLOSED].map((state) => (
                    <option key={state} value={state}>
                      {openStateText(state)}
                    </option>
                  ))}
                </HTMLSelect>,
              )
            ) : (
              <p className={`${Classes.TEXT_MUTED} eris-account-note`}>{ACCOUNT_FORM_TEXTS.newAccountNote}</p>
            )}
          </div>
          {electric && (
            <fieldset className="eris-account-section">
              <legend>{ACCOUNT_FORM_TEXTS.electricOnly}</legend>
              <div className="eris-account-form">
                {text("plc", F.plc, { numeric: true })}
                {text("nspl", F.nspl, { numeric: true })}
                <Switch
                  id="account-isDr"
                  className="eris-account-switch"
                  label={F.isDr}
                  checked={form.isDr}
                  onChange={(e) => set("isDr", e.currentTarget.checked)}
                />
              </div>
              {form.isDr && (
                <div className="eris-account-form">
                  {field(
                    "drStatus",
                    F.drStatus,
                    <HTMLSelect
                      id="account-drStatus"
                      fill
                      value={form.drStatus}
                      onChange={(e) => set("drStatus", Number(e.currentTarget.value) as DrStatus)}
                    >
                      {form.drStatus === DrStatus.UNSPECIFIED && <option value={DrStatus.UNSPECIFIED} />}
                      {[DrStatus.REGISTERED, DrStatus.UNREGISTERED].map((status) => (
                        <option key={status} value={status}>
                          {drStatusText(status)}
                        </option>
                      ))}
                    </HTMLSelect>,
                  )}
                  {select("drProviderSupplierId", F.provider, providerChoices)}
                  {text("summerRegisteredKw", F.summerRegisteredKw, { numeric: true })}
                  {text("winterRegisteredKw", F.winterRegisteredKw, { numeric: true })}
                </div>
              )}
            </fieldset>
          )}
        </DialogBody>
        <SubmitFooter
          cancelText={ACCOUNT_TEXTS.cancel}
          submitText={ACCOUNT_TEXTS.save}
          busy={busy}
          canSubmit={canSave}
          onCancel={onClose}
        />
      </form>
    </ModalDialog>
  );
}

type TextKey = {
  [K in AccountFormKey]: AccountForm[K] extends string ? K : never;
}[AccountFormKey];
type SelectKey = "utilityId" | "supplierId" | "drProviderSupplierId" | "state";

/** The options, plus the value held when it is not among them (so an edit never loses it silently). */
function withCurrent(options: Option[], value: string, label: () => string): Option[] {
  return value === "" || options.some((option) => option.value === value)
    ? options
    : [...options, { value, label: label() }];
}

/** The suppliers of a commodity that may be chosen, plus the one held if it is archived (named so). */
function supplierChoicesOf(suppliers: readonly Supplier[] | undefined, commodity: Commodity, held: string): Option[] {
  const options = supplierOptions(suppliers, commodity).map(({ value, label }) => ({ value: String(value), label }));
  return withCurrent(options, held, () => {
    const name = /^\d+$/.test(held) ? supplierName(suppliers, BigInt(held)) : undefined;
    return name ? `${name} ${ACCOUNT_FORM_TEXTS.archived}` : `#${held}`;
  });
}
