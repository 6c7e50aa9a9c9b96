import { useState } from "react";

import { Checkbox, FormGroup, HTMLSelect, InputGroup, Intent } from "@blueprintjs/core";

import { useUtilities, utilityOptions } from "../../api/utilities";
import { DateTextInput } from "../../components/DateTextInput";
import { isDateTextValid } from "../../components/dateText";
import { formatDecimal, parseDecimalText } from "../../components/numberText";
import { OptionMultiSelect } from "../../components/OptionMultiSelect";
import { UserOptions } from "../../components/UserOptions";
import { PrimaryStatus } from "../../gen/eris/crm/v1/crm_pb";
import type { User } from "../../gen/eris/identity/v1/identity_pb";
import { Commodity as UtilityCommodity } from "../../gen/eris/sourcing/v1/utilities_pb";
import { COMMODITY_KEYS, primaryStatusPatch, type CompanyForm, type CompanyFormKey } from "./companyForm";
import {
  isAreaEnabled,
  PRIMARY_STATUS_CHOICES,
  primaryStatusLabel,
  secondaryOptions,
  type Commodity,
} from "./statuses";
import { COMPANY_TEXTS } from "./texts";
import { US_STATES } from "./usStates";

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
}

interface TextFieldProps extends CompanyFieldsProps {
  field: "name" | "address" | "city" | "zip";
  label: string;
  required?: boolean;
}

function TextField({ idPrefix, form, readOnly, onEdit, onCommit, field, label, required }: TextFieldProps) {
  const id = `${idPrefix}-${field}`;
  const [touched, setTouched] = useState(false);
  const missing = required && touched && !readOnly && form[field].trim() === "";
  return (
    <FormGroup
      label={label}
      labelFor={id}
      labelInfo={required ? COMPANY_TEXTS.required : undefined}
      intent={missing ? Intent.DANGER : Intent.NONE}
      helperText={missing ? COMPANY_TEXTS.nameRequired : undefined}
    >
      <InputGroup
        id={id}
        value={form[field]}
        readOnly={readOnly}
        intent={missing ? Intent.DANGER : Intent.NONE}
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
      <FormGroup label={COMPANY_TEXTS.fields.state} labelFor={`${idPrefix}-state`}>
        <HTMLSelect
          id={`${idPrefix}-state`}
          fill
          value={form.state}
          disabled={readOnly}
          onChange={(e) => onEdit({ state: e.currentTarget.value }, "now")}
        >
          <option value="">{COMPANY_TEXTS.chooseState}</option>
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
}

/** One commodity: primary and secondary statuses, contract end date, usage and area. */
export function CommodityFields(props: CommodityFieldsProps) {
  const { idPrefix, form, errors, readOnly, onEdit, commodity, compact } = props;
  const keys = COMMODITY_KEYS[commodity];
  const primary = form[keys.primary];
  const title = LABEL_PREFIX[commodity];
  const id = (part: string) => `${idPrefix}-${commodity}-${part}`;
  const options = secondaryOptions(commodity, primary).map((value) => ({ value, label: value }));
  const usageKey = keys.usage;
  const usageError = errors[usageKey];
  const areaEnabled = isAreaEnabled(primary);
  const area = form[keys.area];
  const { data: utilities } = useUtilities();
  const areaOptions = utilityOptions(utilities, UTILITY_COMMODITY[commodity]);
  return (
    <div className="eris-commodity" data-commodity={commodity}>
      <FormGroup label={`${title} ${COMPANY_TEXTS.fields.primaryStatus}`} labelFor={id("primary")}>
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
      <FormGroup label={`${title} ${COMPANY_TEXTS.fields.secondaryStatus}`} labelFor={id("secondary")}>
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
      {!compact && (
        <DateTextInput
          id={id("end-date")}
          label={`${title} ${COMPANY_TEXTS.fields.contractEndDate}`}
          value={form[keys.endDate]}
          readOnly={readOnly}
          // A complete date (or an emptied field) saves at once; a half-typed one waits.
          onValueChange={(value) => onEdit({ [keys.endDate]: value }, isDateTextValid(value) ? "now" : "typing")}
        />
      )}
      <FormGroup
        label={USAGE_LABELS[commodity]}
        labelFor={id("usage")}
        intent={usageError ? Intent.DANGER : Intent.NONE}
        helperText={usageError}
      >
        <InputGroup
          id={id("usage")}
          value={form[usageKey]}
          readOnly={readOnly}
          inputMode="decimal"
          intent={usageError ? Intent.DANGER : Intent.NONE}
          onValueChange={(value) => onEdit({ [usageKey]: value }, "typing")}
          onBlur={() => {
            // Shown with thousands separators once typed; the value sent has none.
            const typed = form[usageKey];
            const shown = parseDecimalText(typed).kind === "number" ? formatDecimal(typed) : typed;
            onEdit({ [usageKey]: shown }, "now");
          }}
        />
      </FormGroup>
      {!compact && (
        <FormGroup label={`${title} ${COMPANY_TEXTS.fields.area}`} labelFor={id("area")}>
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

/** Utilities, Bill Management, Community Solar, Energy Efficiency, W9. */
export function ServiceFlags({ form, readOnly, onEdit }: CompanyFieldsProps) {
  return (
    <div className="eris-check-row">
      {FLAGS.map(([key, label]) => (
        <Checkbox
          key={key}
          label={label}
          checked={form[key]}
          disabled={readOnly}
          onChange={(e) => onEdit({ [key]: e.currentTarget.checked }, "now")}
        />
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
export function TeamFields({ idPrefix, form, readOnly, onEdit, activeUsers, nameOf }: TeamFieldsProps) {
  return (
    <div className="eris-field-grid">
      {TEAM_ROLES.map(([key, label]) => {
        const value = form[key];
        const id = `${idPrefix}-${key}`;
        return (
          <FormGroup key={key} label={label} labelFor={id}>
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
