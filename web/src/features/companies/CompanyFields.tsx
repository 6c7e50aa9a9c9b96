import { useState, type ReactNode } from "react";

import { Checkbox, FormGroup, HTMLSelect, InputGroup, Intent } from "@blueprintjs/core";

import { useUtilities, utilityOptions } from "../../api/utilities";
import { DateTextInput } from "../../components/DateTextInput";
import { isDateTextValid } from "../../lib/dateText";
import { formatDecimal, parseDecimalText } from "../../lib/numberText";
import { OptionMultiSelect } from "../../components/OptionMultiSelect";
import { UserOptions } from "../../components/UserOptions";
import { PrimaryStatus } from "../../gen/eris/crm/v1/crm_pb";
import type { User } from "../../gen/eris/identity/v1/identity_pb";
import { Commodity as UtilityCommodity } from "../../gen/eris/sourcing/v1/utilities_pb";
import type { FieldNotes } from "./companyAutosave";
import {
  COMMODITY_KEYS,
  primaryStatusPatch,
  type CompanyForm,
  type CompanyFormKey,
  type CompanyFormValue,
} from "./companyForm";
import { ConflictNote } from "./ConflictNote";
import {
  isAreaEnabled,
  PRIMARY_STATUS_CHOICES,
  primaryStatusLabel,
  secondaryOptions,
  type Commodity,
} from "../../lib/records/companyStatuses";
import { AUTOSAVE_TEXTS, COMPANY_TEXTS } from "./texts";
import { US_STATES } from "../../lib/usStates";

/** "now": a choice, saved at once; "typing": saved on blur or when typing stops. */
export type EditTiming = "now" | "typing";

/** What every group of company fields takes. */
export interface CompanyFieldsProps {
  /** Prefix of the control ids, so two forms on one page never share an id. */
  idPrefix: string;
  form: CompanyForm;
  errors: Partial<Record<CompanyFormKey, string>>;
  readOnly: boolean;
  onEdit: (patch: Partial<CompanyForm>, when: EditTiming) => void;
  /** A typed field lost the focus: save it now. */
  onCommit: () => void;
  /** Company details: what autosave says about each field, and the answers to a conflict. */
  autosave?: FieldAutosave;
}

export interface FieldAutosave {
  notes: FieldNotes;
  /** Puts this person's value back in a field someone else changed, and saves it. */
  onUseMine: (key: CompanyFormKey) => void;
  /** Keeps the other person's value of a field. */
  onKeepTheirs: (key: CompanyFormKey) => void;
}

interface Feedback {
  intent: Intent;
  helperText?: ReactNode;
}

/** A value as people read it in a conflict note; empty reads "(empty)". */
const shown = (text: string) => (text === "" ? COMPANY_TEXTS.emptyValue : text);

/**
 * The intent and the message beside a field: a client-side error or a refused value (danger), a
 * save that did not get through (warning, "Not saved"), or someone else's change (warning, with
 * this person's value and the button to apply it). `describe` reads a value of the field.
 */
export function fieldFeedback(
  { errors, autosave, readOnly }: CompanyFieldsProps,
  key: CompanyFormKey,
  describe: (value: CompanyFormValue) => string,
): Feedback {
  if (readOnly) {
    return { intent: Intent.NONE };
  }
  const error = errors[key];
  if (error !== undefined) {
    return { intent: Intent.DANGER, helperText: error };
  }
  const note = autosave?.notes[key];
  switch (note?.kind) {
    case "refused":
      return { intent: Intent.DANGER, helperText: note.message };
    case "unsaved":
      return { intent: Intent.WARNING, helperText: AUTOSAVE_TEXTS.notSaved };
    case "conflict":
      return {
        intent: Intent.WARNING,
        helperText: (
          <ConflictNote
            mine={describe(note.mine)}
            onUseMine={() => autosave?.onUseMine(key)}
            onKeepTheirs={() => autosave?.onKeepTheirs(key)}
          />
        ),
      };
    default:
      return { intent: Intent.NONE };
  }
}

const describeText = (value: CompanyFormValue) => shown(String(value));

interface TextFieldProps extends CompanyFieldsProps {
  field: "name" | "address" | "city" | "zip";
  label: string;
  required?: boolean;
}

function TextField(props: TextFieldProps) {
  const { idPrefix, form, readOnly, onEdit, onCommit, field, label, required } = props;
  const id = `${idPrefix}-${field}`;
  const [touched, setTouched] = useState(false);
  const missing = required && touched && !readOnly && form[field].trim() === "";
  const fromSave = fieldFeedback(props, field, describeText);
  const { intent, helperText } =
    missing && fromSave.intent === Intent.NONE
      ? { intent: Intent.DANGER, helperText: COMPANY_TEXTS.nameRequired }
      : fromSave;
  return (
    <FormGroup
      label={label}
      labelFor={id}
      labelInfo={required && !readOnly ? COMPANY_TEXTS.required : undefined}
      intent={intent}
      helperText={helperText}
    >
      <InputGroup
        id={id}
        value={form[field]}
        readOnly={readOnly}
        disabled={readOnly}
        intent={intent}
        onValueChange={(value) => {
          setTouched(true);
          onEdit({ [field]: value }, "typing");
        }}
        onBlur={onCommit}
      />
    </FormGroup>
  );
}

/** Name, address, city, state and zip. */
export function AddressFields(props: CompanyFieldsProps) {
  const { idPrefix, form, readOnly, onEdit } = props;
  return (
    <div className="eris-field-grid">
      <TextField {...props} field="name" label={COMPANY_TEXTS.fields.name} required />
      <TextField {...props} field="address" label={COMPANY_TEXTS.fields.address} />
      <TextField {...props} field="city" label={COMPANY_TEXTS.fields.city} />
      <FormGroup
        label={COMPANY_TEXTS.fields.state}
        labelFor={`${idPrefix}-state`}
        {...fieldFeedback(props, "state", describeText)}
      >
        <HTMLSelect
          id={`${idPrefix}-state`}
          fill
          value={form.state}
          disabled={readOnly}
          onChange={(e) => onEdit({ state: e.currentTarget.value }, "now")}
        >
          <option value="">{readOnly ? COMPANY_TEXTS.none : COMPANY_TEXTS.chooseState}</option>
          {US_STATES.map((code) => (
            <option key={code} value={code}>
              {code}
            </option>
          ))}
          {form.state !== "" && !US_STATES.includes(form.state) && <option value={form.state}>{form.state}</option>}
        </HTMLSelect>
      </FormGroup>
      <TextField {...props} field="zip" label={COMPANY_TEXTS.fields.zip} />
    </div>
  );
}

const USAGE_LABELS: Record<Commodity, string> = {
  electric: COMPANY_TEXTS.fields.electricUsage,
  gas: COMPANY_TEXTS.fields.gasUsage,
  dr: COMPANY_TEXTS.fields.drReduction,
};

/** The labels of the read-only totals (TotalKwh, TotalTherms). */
const TOTAL_LABELS: Record<Commodity, string> = {
  electric: COMPANY_TEXTS.fields.totalKwh,
  gas: COMPANY_TEXTS.fields.totalTherms,
  dr: "",
};

export const COMMODITY_TITLES: Record<Commodity, string> = {
  electric: COMPANY_TEXTS.sections.electric,
  gas: COMPANY_TEXTS.sections.gas,
  dr: COMPANY_TEXTS.sections.dr,
};

/** The utilities each commodity's area is chosen from. */
export const UTILITY_COMMODITY: Record<Commodity, UtilityCommodity> = {
  electric: UtilityCommodity.ELECTRIC,
  gas: UtilityCommodity.GAS,
  dr: UtilityCommodity.DR,
};

/** The short commodity names that start the field labels ("DR Primary Status"). */
const LABEL_PREFIX: Record<Commodity, string> = { electric: "Electric", gas: "Gas", dr: "DR" };

export interface CommodityFieldsProps extends CompanyFieldsProps {
  commodity: Commodity;
  /** The Add form leaves out contract end dates and areas. */
  compact?: boolean;
  /** The commodity's read-only total over the company's accounts, formatted (none for DR or when adding). */
  total?: string;
}

/** One commodity: primary and secondary statuses, contract end date, usage and area. */
export function CommodityFields(props: CommodityFieldsProps) {
  const { idPrefix, form, readOnly, onEdit, commodity, compact, total } = props;
  const keys = COMMODITY_KEYS[commodity];
  const primary = form[keys.primary];
  const title = LABEL_PREFIX[commodity];
  const id = (part: string) => `${idPrefix}-${commodity}-${part}`;
  const options = secondaryOptions(commodity, primary).map((value) => ({ value, label: value }));
  const usageKey = keys.usage;
  const usage = fieldFeedback(props, usageKey, (value) => shown(formatDecimal(String(value))));
  const areaEnabled = isAreaEnabled(primary);
  const area = form[keys.area];
  const { data: utilities } = useUtilities();
  const areaOptions = utilityOptions(utilities, UTILITY_COMMODITY[commodity]);
  const areaName = (value: bigint) =>
    value === 0n
      ? COMPANY_TEXTS.none
      : (areaOptions.find((option) => option.value === value)?.label ?? COMPANY_TEXTS.utility(value));
  const primaryName = (value: PrimaryStatus) =>
    value === PrimaryStatus.UNSPECIFIED ? COMPANY_TEXTS.none : primaryStatusLabel(value);
  const endDate = fieldFeedback(props, keys.endDate, describeText);
  return (
    <div className="eris-commodity" data-commodity={commodity}>
      <FormGroup
        label={`${title} ${COMPANY_TEXTS.fields.primaryStatus}`}
        labelFor={id("primary")}
        {...fieldFeedback(props, keys.primary, (value) => primaryName(value as PrimaryStatus))}
      >
        <HTMLSelect
          id={id("primary")}
          fill
          value={primary}
          disabled={readOnly}
          onChange={(e) =>
            onEdit(primaryStatusPatch(form, commodity, Number(e.currentTarget.value) as PrimaryStatus), "now")
          }
        >
          <option value={PrimaryStatus.UNSPECIFIED}>{COMPANY_TEXTS.none}</option>
          {PRIMARY_STATUS_CHOICES.map((status) => (
            <option key={status} value={status}>
              {primaryStatusLabel(status)}
            </option>
          ))}
        </HTMLSelect>
      </FormGroup>
      <FormGroup
        label={`${title} ${COMPANY_TEXTS.fields.secondaryStatus}`}
        labelFor={id("secondary")}
        {...fieldFeedback(props, keys.secondary, (value) => shown((value as readonly string[]).join(", ")))}
      >
        <OptionMultiSelect
          id={id("secondary")}
          ariaLabel={`${title} ${COMPANY_TEXTS.fields.secondaryStatus}`}
          options={options}
          selected={form[keys.secondary]}
          disabled={readOnly || options.length === 0}
          placeholder={options.length === 0 ? COMPANY_TEXTS.noSecondaryOptions : undefined}
          onChange={(secondary) => onEdit({ [keys.secondary]: secondary }, "now")}
        />
      </FormGroup>
      {!compact &&
        (readOnly ? (
          // Read-only: the date as text, without the picker or the format hint of an editable date.
          <FormGroup label={`${title} ${COMPANY_TEXTS.fields.contractEndDate}`} labelFor={id("end-date")}>
            <InputGroup id={id("end-date")} value={form[keys.endDate]} leftIcon="calendar" readOnly disabled />
          </FormGroup>
        ) : (
          // The date input brings its own label and format message; autosave's note goes below it.
          <FormGroup
            className="eris-note-group"
            contentClassName="eris-note-group-content"
            intent={endDate.intent}
            helperText={endDate.helperText}
          >
            <DateTextInput
              id={id("end-date")}
              label={`${title} ${COMPANY_TEXTS.fields.contractEndDate}`}
              value={form[keys.endDate]}
              // A complete date (or an emptied field) saves at once; a half-typed one waits.
              onValueChange={(value) => onEdit({ [keys.endDate]: value }, isDateTextValid(value) ? "now" : "typing")}
            />
          </FormGroup>
        ))}
      <FormGroup label={USAGE_LABELS[commodity]} labelFor={id("usage")} {...usage}>
        <InputGroup
          id={id("usage")}
          value={form[usageKey]}
          readOnly={readOnly}
          disabled={readOnly}
          inputMode="decimal"
          intent={usage.intent}
          onValueChange={(value) => onEdit({ [usageKey]: value }, "typing")}
          onBlur={() => {
            // Shown with thousands separators once typed; the value sent has none.
            const typed = form[usageKey];
            const formatted = parseDecimalText(typed).kind === "number" ? formatDecimal(typed) : typed;
            onEdit({ [usageKey]: formatted }, "now");
          }}
        />
      </FormGroup>
      {total !== undefined && (
        // Computed by the server from the accounts: shown, never edited.
        <FormGroup label={TOTAL_LABELS[commodity]} labelFor={id("total")}>
          <InputGroup id={id("total")} value={total} readOnly disabled title={COMPANY_TEXTS.totalsHelp} />
        </FormGroup>
      )}
      {!compact && (
        <FormGroup
          label={`${title} ${COMPANY_TEXTS.fields.area}`}
          labelFor={id("area")}
          {...fieldFeedback(props, keys.area, (value) => areaName(value as bigint))}
        >
          <HTMLSelect
            id={id("area")}
            fill
            value={String(area)}
            disabled={readOnly || !areaEnabled}
            onChange={(e) => onEdit({ [keys.area]: BigInt(e.currentTarget.value) }, "now")}
          >
            <option value="0">{COMPANY_TEXTS.none}</option>
            {areaOptions.map((option) => (
              <option key={String(option.value)} value={String(option.value)}>
                {option.label}
              </option>
            ))}
            {/* An area whose utility is not (yet) listed still shows what is stored. */}
            {area !== 0n && !areaOptions.some((option) => option.value === area) && (
              <option value={String(area)}>{COMPANY_TEXTS.utility(area)}</option>
            )}
          </HTMLSelect>
        </FormGroup>
      )}
    </div>
  );
}

const FLAGS = [
  ["utilities", COMPANY_TEXTS.fields.utilities],
  ["billManagement", COMPANY_TEXTS.fields.billManagement],
  ["communitySolar", COMPANY_TEXTS.fields.communitySolar],
  ["energyEfficiency", COMPANY_TEXTS.fields.energyEfficiency],
  ["w9", COMPANY_TEXTS.fields.w9],
] as const;

const describeFlag = (value: CompanyFormValue) => (value ? AUTOSAVE_TEXTS.checked : AUTOSAVE_TEXTS.notChecked);

/** Utilities, Bill Management, Community Solar, Energy Efficiency, W9. */
export function ServiceFlags(props: CompanyFieldsProps) {
  const { form, readOnly, onEdit } = props;
  return (
    <div className="eris-check-row">
      {FLAGS.map(([key, label]) => (
        <FormGroup
          key={key}
          className="eris-note-group"
          contentClassName="eris-note-group-content"
          {...fieldFeedback(props, key, describeFlag)}
        >
          <Checkbox
            className="eris-check"
            label={label}
            checked={form[key]}
            disabled={readOnly}
            onChange={(e) => onEdit({ [key]: e.currentTarget.checked }, "now")}
          />
        </FormGroup>
      ))}
    </div>
  );
}

export const TEAM_ROLES = [
  ["insideUserId", COMPANY_TEXTS.fields.inside],
  ["closerUserId", COMPANY_TEXTS.fields.closer],
  ["analystUserId", COMPANY_TEXTS.fields.analyst],
  ["adminUserId", COMPANY_TEXTS.fields.admin],
  ["customerCareUserId", COMPANY_TEXTS.fields.customerCare],
  ["supportAnalyst1UserId", COMPANY_TEXTS.fields.supportAnalyst1],
  ["supportAnalyst2UserId", COMPANY_TEXTS.fields.supportAnalyst2],
] as const;

export interface TeamFieldsProps extends CompanyFieldsProps {
  /** Active users, by name. */
  activeUsers: readonly User[];
  nameOf: (userId: bigint) => string;
}

/** The seven team roles, each "None" or an active user. */
export function TeamFields(props: TeamFieldsProps) {
  const { idPrefix, form, readOnly, onEdit, activeUsers, nameOf } = props;
  const personName = (value: CompanyFormValue) => nameOf(value as bigint) || COMPANY_TEXTS.none;
  return (
    <div className="eris-field-grid">
      {TEAM_ROLES.map(([key, label]) => {
        const value = form[key];
        const id = `${idPrefix}-${key}`;
        return (
          <FormGroup key={key} label={label} labelFor={id} {...fieldFeedback(props, key, personName)}>
            <HTMLSelect
              id={id}
              fill
              value={String(value)}
              disabled={readOnly}
              onChange={(e) => onEdit({ [key]: BigInt(e.currentTarget.value) }, "now")}
            >
              <option value="0">{COMPANY_TEXTS.none}</option>
              <UserOptions users={activeUsers} />
              {/* Someone no longer active still shows where they hold the role. */}
              {value !== 0n && !activeUsers.some((user) => user.userId === value) && (
                <option value={String(value)}>{nameOf(value)}</option>
              )}
            </HTMLSelect>
          </FormGroup>
        );
      })}
    </div>
  );
}
