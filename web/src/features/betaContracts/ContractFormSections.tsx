import { useMemo } from "react";

import { Card, H5 } from "@blueprintjs/core";

import { useSuppliers } from "../../api/suppliers";
import { useAllUsers } from "../../api/users";
import { useUtilities } from "../../api/utilities";
import type { Account } from "../../gen/eris/crm/v1/accounts_pb";
import { UserStatus, type User } from "../../gen/eris/identity/v1/identity_pb";
import type { Supplier } from "../../gen/eris/sourcing/v1/suppliers_pb";
import { Commodity, type Utility } from "../../gen/eris/sourcing/v1/utilities_pb";
import { useAffiliates } from "../../api/companies";
import { US_STATES } from "../../lib/usStates";
import {
  BILLING_TYPES,
  CONTRACT_STATUSES,
  CONTRACT_TYPES,
  PRICING_TYPES,
  SIGNED_THROUGH,
} from "../../lib/records/contractTexts";
import { supplierChoices, utilityChoices } from "../../lib/records/contractChoices";
import { useRateTypes } from "../../api/rateTypes";
import { BETA_COMMODITIES, fieldShown, YES, type InfoFields } from "./betaForm";
import {
  DateField,
  plainChoices,
  SelectField,
  SwitchField,
  TextAreaField,
  TextInputField,
  WholeNumberField,
  type Choice,
} from "./BetaFields";
import { BETA_TEXTS, FIELD_LABELS as L, FORM_TEXTS } from "./betaTexts";

/** The fields the sections change (the commodity is chosen apart). */
export type SectionKey = Exclude<keyof InfoFields, "commodity">;

export interface ContractSectionsProps {
  /** Prefix of the fields' ids, so that two forms never share one. */
  idPrefix: string;
  fields: InfoFields;
  setField: (key: SectionKey, value: string) => void;
  /** Fields someone else changed meanwhile, as stored now. */
  theirs?: Partial<InfoFields>;
  readOnly: boolean;
  /** The accounts selected, to narrow the utilities and suppliers offered. */
  selectedAccounts: readonly Account[];
}

const STATUS_CHOICES: Choice[] = CONTRACT_STATUSES.map((label, index) => ({ value: String(index), label }));

/** The directories the pickers offer, and how a held id reads. */
function useDirectories() {
  const users = useAllUsers();
  const utilities = useUtilities();
  const suppliers = useSuppliers();
  const rateTypes = useRateTypes();
  const affiliates = useAffiliates();
  return {
    users: users.data,
    utilities: utilities.data,
    suppliers: suppliers.data,
    rateTypes: rateTypes.data?.map((rateType) => rateType.name) ?? [],
    affiliates: affiliates.data ?? [],
  };
}

export function userLabel(users: readonly User[] | undefined, id: string): string {
  const user = users?.find((u) => String(u.userId) === id);
  if (!user) {
    return BETA_TEXTS.unknownUser(BigInt(id || "0"));
  }
  return user.status === UserStatus.ACTIVE ? user.name : `${user.name} ${FORM_TEXTS.inactiveUser}`;
}

function supplierLabel(suppliers: readonly Supplier[] | undefined, id: string): string {
  const supplier = suppliers?.find((s) => String(s.supplierId) === id);
  if (!supplier) {
    return BETA_TEXTS.unknownSupplier(BigInt(id || "0"));
  }
  return supplier.archived ? `${supplier.name} ${FORM_TEXTS.archived}` : supplier.name;
}

const supplierChoice = (supplier: Supplier): Choice => ({ value: String(supplier.supplierId), label: supplier.name });

function utilityLabel(utilities: readonly Utility[] | undefined, id: string): string {
  const utility = utilities?.find((u) => String(u.utilityId) === id);
  if (!utility) {
    return BETA_TEXTS.unknownUtility(BigInt(id || "0"));
  }
  return utility.state ? `${utility.name} (${utility.state})` : utility.name;
}

/**
 * The contract-info card: the fields of a contract of the chosen commodity. For DR it shows Signed
 * Through, Provider and the Capacity, Energy and JMI percentages, and hides Supplier and Fee.
 * Utility and Supplier are offered once a commodity is chosen, narrowed to the selected accounts'.
 */
export function ContractInfoSection({
  idPrefix,
  fields,
  setField,
  theirs = {},
  readOnly,
  selectedAccounts,
}: ContractSectionsProps) {
  const directories = useDirectories();
  const { commodity } = fields;
  const chosen = BETA_COMMODITIES.includes(commodity);
  const shown = (key: SectionKey) => fieldShown(key, commodity);
  // The lead contracts screen's narrowing: the commodity's (DR: with the Electric utilities), then
  // those of the selected accounts when any match.
  const utilities = useMemo(
    () =>
      utilityChoices(directories.utilities, commodity, selectedAccounts).map((u) => ({
        value: String(u.utilityId),
        label: u.state ? `${u.name} (${u.state})` : u.name,
      })),
    [directories.utilities, commodity, selectedAccounts],
  );
  const suppliers = useMemo(
    () => supplierChoices(directories.suppliers, commodity, selectedAccounts).map(supplierChoice),
    [directories.suppliers, commodity, selectedAccounts],
  );
  const providers = useMemo(
    () => supplierChoices(directories.suppliers, Commodity.DR, []).map(supplierChoice),
    [directories.suppliers],
  );

  const id = (key: SectionKey) => `${idPrefix}-${key}`;
  const meanwhile = (key: SectionKey, label: (value: string) => string = (v) => v) =>
    theirs[key] === undefined ? undefined : theirs[key] === "" ? "" : label(String(theirs[key]));
  const text = (key: SectionKey, inputMode: "text" | "decimal" = "text") => (
    <TextInputField
      id={id(key)}
      label={L[key]}
      inputMode={inputMode}
      readOnly={readOnly}
      meanwhile={meanwhile(key)}
      value={fields[key]}
      onChange={(v) => setField(key, v)}
    />
  );
  const select = (
    key: SectionKey,
    choices: readonly Choice[],
    options: { heldLabel?: (value: string) => string; disabled?: boolean; blankLabel?: string } = {},
  ) => (
    <SelectField
      id={id(key)}
      label={L[key]}
      readOnly={readOnly}
      disabled={options.disabled}
      blankLabel={options.blankLabel ?? FORM_TEXTS.choose}
      heldLabel={options.heldLabel}
      meanwhile={meanwhile(key, options.heldLabel ?? ((v) => choices.find((c) => c.value === v)?.label ?? v))}
      choices={choices}
      value={fields[key]}
      onChange={(v) => setField(key, v)}
    />
  );
  const date = (key: "dateSigned" | "startDate") => (
    <DateField
      id={id(key)}
      label={L[key]}
      readOnly={readOnly}
      meanwhile={meanwhile(key)}
      value={fields[key]}
      onChange={(v) => setField(key, v)}
    />
  );
  const pickFirst = chosen ? undefined : FORM_TEXTS.chooseCommodityFirst;

  return (
    <Card className="eris-beta-card" compact>
      <H5>{FORM_TEXTS.contractInfo}</H5>
      <div className="eris-beta-grid">
        {select("utilityId", utilities, {
          disabled: !chosen,
          blankLabel: pickFirst,
          heldLabel: (v) => utilityLabel(directories.utilities, v),
        })}
        {select("state", plainChoices(US_STATES))}
        {date("dateSigned")}
        {shown("signedThrough") && select("signedThrough", plainChoices(SIGNED_THROUGH))}
        {shown("providerSupplierId") &&
          select("providerSupplierId", providers, { heldLabel: (v) => supplierLabel(directories.suppliers, v) })}
        {select("pricingType", plainChoices(PRICING_TYPES))}
        {select("contractType", plainChoices(CONTRACT_TYPES))}
        {shown("supplierId") &&
          select("supplierId", suppliers, {
            disabled: !chosen,
            blankLabel: pickFirst,
            heldLabel: (v) => supplierLabel(directories.suppliers, v),
          })}
        {date("startDate")}
        <WholeNumberField
          id={id("termMonths")}
          label={L.termMonths}
          min={1}
          max={240}
          readOnly={readOnly}
          meanwhile={meanwhile("termMonths")}
          value={fields.termMonths}
          onChange={(v) => setField("termMonths", v)}
        />
        {text("contractRate", "decimal")}
        {select("rateType", plainChoices(directories.rateTypes))}
        {shown("fee") && text("fee", "decimal")}
        {select("billingType", plainChoices(BILLING_TYPES))}
        {text("taxExempt", "decimal")}
        {text("revenueSplit", "decimal")}
        {text("paymentSchedule")}
        {shown("capacityPercentage") && text("capacityPercentage", "decimal")}
        {shown("energyPercentage") && text("energyPercentage", "decimal")}
        {shown("jmiPercentage") && text("jmiPercentage", "decimal")}
        {select("status", STATUS_CHOICES)}
        <SwitchField
          id={id("greenPower")}
          label={L.greenPower}
          readOnly={readOnly}
          meanwhile={meanwhile("greenPower", (v) => (v === YES ? BETA_TEXTS.details.yes : BETA_TEXTS.details.no))}
          checked={fields.greenPower === YES}
          onChange={(on) => setField("greenPower", on ? YES : "")}
        />
      </div>
      <TextAreaField
        id={id("notes")}
        label={L.notes}
        readOnly={readOnly}
        meanwhile={meanwhile("notes")}
        value={fields.notes}
        onChange={(v) => setField("notes", v)}
      />
    </Card>
  );
}

const USER_KEYS = [
  "insideSalesUserId",
  "closer1UserId",
  "closer2UserId",
  "analystUserId",
  "supportAnalyst1UserId",
  "supportAnalyst2UserId",
] as const;

/** The Assignments card: the team and (except for DR) the affiliate. */
export function AssignmentsSection({
  idPrefix,
  fields,
  setField,
  theirs = {},
  readOnly,
}: Omit<ContractSectionsProps, "selectedAccounts">) {
  const directories = useDirectories();
  const activeUsers = useMemo(
    () =>
      (directories.users ?? [])
        .filter((user) => user.status === UserStatus.ACTIVE)
        .map((user) => ({ value: String(user.userId), label: user.name })),
    [directories.users],
  );
  const named = (v: string) => userLabel(directories.users, v);
  const meanwhile = (key: SectionKey, label: (value: string) => string) =>
    theirs[key] === undefined ? undefined : theirs[key] === "" ? "" : label(String(theirs[key]));
  return (
    <Card className="eris-beta-card" compact>
      <H5>{FORM_TEXTS.assignments}</H5>
      <div className="eris-beta-grid">
        {USER_KEYS.map((key) => (
          <SelectField
            key={key}
            id={`${idPrefix}-${key}`}
            label={L[key]}
            readOnly={readOnly}
            blankLabel={FORM_TEXTS.none}
            heldLabel={named}
            meanwhile={meanwhile(key, named)}
            choices={activeUsers}
            value={fields[key]}
            onChange={(v) => setField(key, v)}
          />
        ))}
        {fieldShown("affiliate", fields.commodity) && (
          <SelectField
            id={`${idPrefix}-affiliate`}
            label={L.affiliate}
            readOnly={readOnly}
            blankLabel={FORM_TEXTS.none}
            meanwhile={meanwhile("affiliate", (v) => v)}
            choices={plainChoices(directories.affiliates)}
            value={fields.affiliate}
            onChange={(v) => setField("affiliate", v)}
          />
        )}
      </div>
    </Card>
  );
}
