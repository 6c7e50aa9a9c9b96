import { useMemo, type KeyboardEventHandler, type ReactNode } from "react";

import { Callout, Classes, FormGroup, HTMLSelect, InputGroup, Intent, Spinner, TextArea } from "@blueprintjs/core";

import { VirtualTable, type VirtualColumn } from "../../components/VirtualTable";
import { Role } from "../../gen/eris/identity/v1/identity_pb";
import { MONTHS, paymentYears } from "../../lib/records/contractTexts";
import { PAYMENT_TYPES, PAYMENT_UI_TEXTS as T } from "./texts";
import { useSessionUser } from "../../app/auth/useSessionUser";
import { pasteProblemText, yearChoices, type PastedRow, type PaymentDraft } from "./paymentMath";
import type { PastePreview } from "./paymentQueries";
import { formatDollars, formatPercent, formatVolume, monthName, yearText } from "../../lib/records/paymentFormat";

import "./payments.css";

/** What the signed-in user may do with payments (the server enforces it too). */
export interface PaymentRights {
  /** Add, paste, edit and delete payments and DR payment history (everyone but Sales). */
  canChange: boolean;
  /** 'Update Proj. Payments' (Management and Admin only). */
  canUpdateProjected: boolean;
}

export function usePaymentRights(): PaymentRights {
  const { role } = useSessionUser().me;
  return {
    // Not yet signed in (no role) reads like Sales: nothing to change.
    canChange: role === Role.MANAGEMENT || role === Role.ADMIN || role === Role.CUSTOMER_CARE,
    canUpdateProjected: role === Role.MANAGEMENT || role === Role.ADMIN,
  };
}

/** The PaymentYear choices of this year (15, counted down from the current year plus 10). */
export function useYearChoices(): number[] {
  return useMemo(() => paymentYears(new Date().getFullYear()), []);
}

interface ChoiceProps {
  id?: string;
  value: string;
  onChange: (value: string) => void;
  /** The accessible name when no label points at the control. */
  ariaLabel?: string;
  /** The label of the empty choice; none when a choice is required and one is made. */
  emptyLabel?: string;
  invalid?: boolean;
  onKeyDown?: KeyboardEventHandler<HTMLSelectElement>;
  minimal?: boolean;
  fill?: boolean;
  disabled?: boolean;
  autoFocus?: boolean;
}

function Choice({
  id,
  value,
  onChange,
  ariaLabel,
  emptyLabel,
  invalid,
  onKeyDown,
  minimal,
  fill,
  disabled,
  autoFocus,
  options,
}: ChoiceProps & { options: { value: string; label: string }[] }) {
  const withEmpty = emptyLabel !== undefined || value === "" ? [{ value: "", label: emptyLabel ?? T.choose }] : [];
  return (
    <HTMLSelect
      id={id}
      value={value}
      aria-label={ariaLabel}
      aria-invalid={invalid || undefined}
      className={invalid ? "eris-payment-invalid" : undefined}
      minimal={minimal}
      fill={fill}
      disabled={disabled}
      autoFocus={autoFocus}
      options={[...withEmpty, ...options]}
      onChange={(event) => onChange(event.currentTarget.value)}
      onKeyDown={onKeyDown}
    />
  );
}

const MONTH_OPTIONS = MONTHS.map((name, index) => ({ value: String(index + 1), label: name }));
const TYPE_OPTIONS = PAYMENT_TYPES.map((type) => ({ value: type, label: type }));

/** January … December (values 1 … 12). */
export function MonthSelect(props: ChoiceProps) {
  return <Choice {...props} options={MONTH_OPTIONS} />;
}

/** The PaymentYear choices, plus the stored year when it lies outside them. */
export function YearSelect(props: ChoiceProps & { years: readonly number[] }) {
  const { years, ...rest } = props;
  const options = yearChoices(years, props.value).map((year) => ({ value: year, label: year }));
  return <Choice {...rest} options={options} />;
}

/** Residual, Upfront, True-up, Affiliate, Drop, plus a stored type outside them. */
export function PaymentTypeSelect(props: ChoiceProps) {
  const stored = props.value !== "" && !(PAYMENT_TYPES as readonly string[]).includes(props.value);
  return (
    <Choice
      {...props}
      options={stored ? [{ value: props.value, label: props.value }, ...TYPE_OPTIONS] : TYPE_OPTIONS}
    />
  );
}

export interface PaymentDraftFieldsProps {
  idPrefix: string;
  draft: PaymentDraft;
  onChange: (key: keyof PaymentDraft, value: string) => void;
  /** Problems to show under the fields (after a first try to save). */
  problems: Partial<Record<keyof PaymentDraft, string>>;
  years: readonly number[];
}

/** The ten fields of one payment, labelled, in the spec's order (add forms and the Edit Payment dialog). */
export function PaymentDraftFields({ idPrefix, draft, onChange, problems, years }: PaymentDraftFieldsProps) {
  const id = (key: keyof PaymentDraft) => `${idPrefix}-${key}`;
  const group = (key: keyof PaymentDraft, label: string, control: ReactNode) => (
    <FormGroup
      key={key}
      label={label}
      labelFor={id(key)}
      intent={problems[key] ? Intent.DANGER : Intent.NONE}
      helperText={problems[key]}
      className="eris-payment-field"
    >
      {control}
    </FormGroup>
  );
  const amount = (key: keyof PaymentDraft, label: string) =>
    group(
      key,
      label,
      <InputGroup
        id={id(key)}
        inputMode="decimal"
        value={draft[key]}
        intent={problems[key] ? Intent.DANGER : Intent.NONE}
        aria-invalid={problems[key] ? true : undefined}
        onValueChange={(value) => onChange(key, value)}
      />,
    );
  const C = T.columns;
  return (
    <div className="eris-payment-fields">
      {group(
        "projectedMonth",
        C.projectedMonth,
        <MonthSelect
          id={id("projectedMonth")}
          value={draft.projectedMonth}
          invalid={!!problems.projectedMonth}
          onChange={(value) => onChange("projectedMonth", value)}
        />,
      )}
      {group(
        "projectedYear",
        C.projectedYear,
        <YearSelect
          id={id("projectedYear")}
          years={years}
          value={draft.projectedYear}
          invalid={!!problems.projectedYear}
          onChange={(value) => onChange("projectedYear", value)}
        />,
      )}
      {amount("revenueSplit", C.revenueSplit)}
      {amount("projectedUsage", C.projectedUsage)}
      {amount("projectedPayment", C.projectedPayment)}
      {group(
        "paymentMonth",
        C.paymentMonth,
        <MonthSelect
          id={id("paymentMonth")}
          value={draft.paymentMonth}
          emptyLabel={T.notPaidYet}
          invalid={!!problems.paymentMonth}
          onChange={(value) => onChange("paymentMonth", value)}
        />,
      )}
      {group(
        "paymentYear",
        C.paymentYear,
        <YearSelect
          id={id("paymentYear")}
          years={years}
          value={draft.paymentYear}
          emptyLabel={T.notPaidYet}
          invalid={!!problems.paymentYear}
          onChange={(value) => onChange("paymentYear", value)}
        />,
      )}
      {amount("usageActual", C.usageActual)}
      {amount("paymentActual", C.paymentActual)}
      {group(
        "paymentType",
        C.paymentType,
        <PaymentTypeSelect
          id={id("paymentType")}
          value={draft.paymentType}
          emptyLabel={T.noType}
          onChange={(value) => onChange("paymentType", value)}
        />,
      )}
    </div>
  );
}

/** The most unreadable rows listed by name; the rest are counted. */
const LISTED_PROBLEMS = 5;

const PREVIEW_COLUMNS: readonly VirtualColumn<PastedRow>[] = [
  { id: "row", header: T.columns.row, width: 56, numeric: true, render: (row) => row.line },
  { id: "pm", header: T.columns.projectedMonth, width: 110, render: (row) => monthName(row.fields.projectedMonth) },
  { id: "py", header: T.columns.projectedYear, width: 80, render: (row) => yearText(row.fields.projectedYear) },
  {
    id: "split",
    header: T.columns.revenueSplit,
    width: 80,
    numeric: true,
    render: (row) => formatPercent(row.fields.revenueSplit),
  },
  {
    id: "usage",
    header: T.columns.projectedUsage,
    width: 120,
    numeric: true,
    render: (row) => formatVolume(row.fields.projectedUsage),
  },
  {
    id: "payment",
    header: T.columns.projectedPayment,
    width: 120,
    numeric: true,
    render: (row) => <span data-testid="preview-projected">{formatDollars(row.fields.projectedPayment)}</span>,
  },
  { id: "paym", header: T.columns.paymentMonth, width: 110, render: (row) => monthName(row.fields.paymentMonth) },
  { id: "payy", header: T.columns.paymentYear, width: 80, render: (row) => yearText(row.fields.paymentYear) },
  {
    id: "ua",
    header: T.columns.usageActual,
    width: 110,
    numeric: true,
    render: (row) => formatVolume(row.fields.usageActual),
  },
  {
    id: "pa",
    header: T.columns.paymentActual,
    width: 110,
    numeric: true,
    render: (row) => formatDollars(row.fields.paymentActual),
  },
  { id: "type", header: T.columns.paymentType, width: 100, render: (row) => row.fields.paymentType },
];

export interface PasteAreaProps {
  id: string;
  text: string;
  onText: (text: string) => void;
  /** The service's answer about the text (`usePastePreview`). */
  result: PastePreview;
  /** The server's reason for adding nothing (it names the row). */
  refusal: string | null;
  disabled?: boolean;
}

/**
 * The text area rows are pasted into, the rows that cannot be read (each named by its row), and a
 * preview of the rows to add with their projected payments, all as the service read them; while it
 * is asked, its previous answer stays with a note.
 */
export function PasteArea({ id, text, onText, result, refusal, disabled }: PasteAreaProps) {
  const { rows, problems, checking, failed } = result;
  return (
    <div className="eris-payment-paste">
      <FormGroup label={T.pasteLabel} labelFor={id} helperText={T.pasteHelp}>
        <TextArea
          id={id}
          fill
          rows={6}
          value={text}
          disabled={disabled}
          spellCheck={false}
          className="eris-payment-paste-text"
          intent={problems.length > 0 ? Intent.DANGER : Intent.NONE}
          onChange={(event) => onText(event.currentTarget.value)}
        />
      </FormGroup>
      {checking && (
        <p className={`${Classes.TEXT_MUTED} eris-payment-paste-checking`} role="status">
          <Spinner size={12} /> {T.pasteChecking}
        </p>
      )}
      {failed && (
        <p className="eris-payment-refused" role="alert">
          {T.pasteCheckFailed}
        </p>
      )}
      {problems.length > 0 && (
        <Callout intent={Intent.DANGER} role="alert" className="eris-payment-paste-problems">
          <p>{T.pasteProblems(problems.length)}</p>
          <ul>
            {problems.slice(0, LISTED_PROBLEMS).map((problem) => (
              <li key={problem.line}>{pasteProblemText(problem)}</li>
            ))}
          </ul>
          {problems.length > LISTED_PROBLEMS && <p>{T.pasteMoreProblems(problems.length - LISTED_PROBLEMS)}</p>}
        </Callout>
      )}
      {refusal && (
        <Callout intent={Intent.DANGER} role="alert" className="eris-payment-paste-problems eris-payment-reason">
          {T.pasteRefused} {refusal}
        </Callout>
      )}
      {rows.length > 0 && (
        <>
          <p className={Classes.TEXT_MUTED} role="status">
            {T.pastePreview(rows.length)}
          </p>
          <VirtualTable
            rows={rows}
            columns={PREVIEW_COLUMNS}
            rowKey={(row) => String(row.line)}
            rowAttributes={(row) => ({ "data-line": String(row.line) })}
            ariaLabel={T.previewLabel}
            className="eris-payment-preview"
          />
        </>
      )}
    </div>
  );
}
