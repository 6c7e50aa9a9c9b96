import { useState, type FormEvent } from "react";

import {
  Button,
  Callout,
  Classes,
  DialogBody,
  DialogFooter,
  FormGroup,
  HTMLTable,
  InputGroup,
  Intent,
  NonIdealState,
  Spinner,
  TextArea,
} from "@blueprintjs/core";
import { timestampDate, type Timestamp } from "@bufbuild/protobuf/wkt";

import { useBusinessTimeZone } from "../../app/auth/SessionContext";
import { ModalDialog } from "../../components/FormDialogParts";
import { AccountCommodity, type Account, type GetUsageResponse } from "../../gen/eris/crm/v1/accounts_pb";
import { wallClockOf } from "../../lib/businessTime";
import { formatWallClockText } from "../../lib/dateText";
import { toast } from "../../lib/toaster";
import { useLoadErrorToast } from "../../lib/useLoadErrorToast";
import { useUpdateUsage, useUsage } from "./accountQueries";
import { ACCOUNT_TEXTS, USAGE_TEXTS } from "./texts";
import { UsageChart } from "./UsageChart";
import {
  annualLoadFactor,
  applyPaste,
  emptyEntries,
  groupDecimal,
  isUsageTextValid,
  MONTH_NAMES,
  MONTH_SHORT_NAMES,
  MONTHS,
  monthlyLoadFactor,
  parseUsagePaste,
  peakKw,
  sumDecimals,
  usageApiValue,
  type UsageEntry,
} from "./usageMath";

/** The spec's widest dialogs are 1200 px (section 9); narrower windows get 95% of their width. */
const DIALOG_WIDTH = 1200;

export interface UsageDialogProps {
  account: Account;
  onClose: () => void;
}

/** "<Electric|Gas> Usage": the 12 months of an account, typed or pasted, with their load factors and a chart. */
export function UsageDialog({ account, onClose }: UsageDialogProps) {
  const usage = useUsage(account.accountId);
  const electric = account.commodity === AccountCommodity.ELECTRIC;
  const commodity = electric ? ACCOUNT_TEXTS.commodityNames.electric : ACCOUNT_TEXTS.commodityNames.gas;
  useLoadErrorToast(usage, USAGE_TEXTS.loadFailed);

  return (
    <ModalDialog
      isOpen
      title={USAGE_TEXTS.title(commodity)}
      icon="timeline-line-chart"
      className="eris-usage-dialog"
      style={{ width: DIALOG_WIDTH }}
      onClose={onClose}
    >
      {usage.isPending ? (
        <DialogBody>
          <Spinner aria-label={USAGE_TEXTS.loading} />
        </DialogBody>
      ) : !usage.data ? (
        <DialogBody>
          <NonIdealState icon="error" title={USAGE_TEXTS.loadFailed} />
        </DialogBody>
      ) : (
        <UsageForm account={account} electric={electric} loaded={usage.data} onClose={onClose} />
      )}
    </ModalDialog>
  );
}

function entriesOf(loaded: GetUsageResponse): UsageEntry[] {
  const entries = emptyEntries();
  for (const month of loaded.months) {
    if (month.month >= 1 && month.month <= MONTHS) {
      entries[month.month - 1] = { value: groupDecimal(month.value), kw: groupDecimal(month.kw) };
    }
  }
  return entries;
}

const sameEntries = (a: readonly UsageEntry[], b: readonly UsageEntry[]) =>
  a.every(
    (entry, i) =>
      usageApiValue(entry.value) === usageApiValue(b[i].value) && usageApiValue(entry.kw) === usageApiValue(b[i].kw),
  );

interface UsageFormProps {
  account: Account;
  electric: boolean;
  loaded: GetUsageResponse;
  onClose: () => void;
}

function UsageForm({ account, electric, loaded, onClose }: UsageFormProps) {
  const timeZone = useBusinessTimeZone();
  const updateUsage = useUpdateUsage(account);
  const [saved, setSaved] = useState<GetUsageResponse>(loaded);
  const [entries, setEntries] = useState<UsageEntry[]>(() => entriesOf(loaded));
  const [pasteOpen, setPasteOpen] = useState(false);
  const [pasteText, setPasteText] = useState("");
  const [pasteNote, setPasteNote] = useState<{ intent: Intent; text: string } | null>(null);

  const units = USAGE_TEXTS.units;
  const unit = electric ? units.kwh : units.therms;
  const invalid = entries.some((entry) => !isUsageTextValid(entry.value) || !isUsageTextValid(entry.kw));
  const dirty = !sameEntries(entries, entriesOf(saved));
  const busy = updateUsage.isPending;

  function edit(index: number, key: keyof UsageEntry, value: string) {
    setEntries((prev) => prev.map((entry, i) => (i === index ? { ...entry, [key]: value } : entry)));
  }

  function paste(text: string) {
    setPasteText(text);
    const result = parseUsagePaste(text, electric);
    if (result.kind === "empty") {
      setPasteNote(null);
    } else if (result.kind === "error") {
      setPasteNote({ intent: Intent.DANGER, text: USAGE_TEXTS.pasteBadLine(result.line, result.text) });
    } else {
      setEntries((prev) => applyPaste(prev, result.entries));
      setPasteNote({ intent: Intent.SUCCESS, text: USAGE_TEXTS.pasteApplied(result.entries.length) });
    }
  }

  async function handleSubmit(event: FormEvent) {
    event.preventDefault();
    if (invalid || busy) {
      return;
    }
    const months = entries.map((entry, index) => ({
      month: index + 1,
      value: usageApiValue(entry.value),
      kw: electric ? usageApiValue(entry.kw) : "",
    }));
    try {
      const answer = await updateUsage.mutateAsync(months);
      void toast.success(USAGE_TEXTS.updated);
      const next = { ...saved, months: answer.months, account: answer.account ?? saved.account } as GetUsageResponse;
      setSaved(next);
      setEntries(entriesOf(next));
    } catch {
      void toast.error(USAGE_TEXTS.updateFailed);
    }
  }

  const lastUpdated = formatBusinessDate(saved.account?.usageUpdateTime, timeZone);
  const input = (index: number, key: keyof UsageEntry, label: string) => {
    const value = entries[index][key];
    const bad = !isUsageTextValid(value);
    return (
      <InputGroup
        size="small"
        className="eris-usage-input"
        aria-label={`${MONTH_NAMES[index]} ${label}`}
        inputMode="decimal"
        value={value}
        intent={bad ? Intent.DANGER : Intent.NONE}
        aria-invalid={bad || undefined}
        onValueChange={(next) => edit(index, key, next)}
      />
    );
  };

  return (
    <form onSubmit={handleSubmit} noValidate>
      <DialogBody className="eris-usage-body">
        <div className="eris-usage-layout">
          <div className="eris-usage-grid-wrap">
            <HTMLTable compact className="eris-usage-grid" aria-label={USAGE_TEXTS.title(unit)}>
              <thead>
                <tr>
                  <th scope="col">{USAGE_TEXTS.month}</th>
                  <th scope="col">{unit}</th>
                  {electric && <th scope="col">{units.kw}</th>}
                  {electric && <th scope="col">{units.loadFactor}</th>}
                </tr>
              </thead>
              <tbody>
                {entries.map((entry, index) => (
                  <tr key={MONTH_NAMES[index]}>
                    <th scope="row">{MONTH_SHORT_NAMES[index]}</th>
                    <td>{input(index, "value", unit)}</td>
                    {electric && <td>{input(index, "kw", units.kw)}</td>}
                    {electric && (
                      <td className="eris-numeric">
                        <output aria-label={`${MONTH_NAMES[index]} ${units.loadFactor}`}>
                          {monthlyLoadFactor(entry.value, entry.kw)}
                        </output>
                      </td>
                    )}
                  </tr>
                ))}
              </tbody>
              <tfoot>
                <tr>
                  <th scope="row">{USAGE_TEXTS.annual}</th>
                  <td
                    className="eris-numeric"
                    title={electric ? USAGE_TEXTS.annualHints.kwh : USAGE_TEXTS.annualHints.therms}
                  >
                    <output data-testid="usage-annual-total">
                      {groupDecimal(sumDecimals(entries.map((entry) => entry.value)))}
                    </output>
                  </td>
                  {electric && (
                    <td className="eris-numeric" title={USAGE_TEXTS.annualHints.kw}>
                      <output data-testid="usage-peak-kw">{groupDecimal(peakKw(entries))}</output>
                    </td>
                  )}
                  {electric && (
                    <td className="eris-numeric" title={USAGE_TEXTS.annualHints.loadFactor}>
                      <output data-testid="usage-annual-load-factor">{annualLoadFactor(entries)}</output>
                    </td>
                  )}
                </tr>
              </tfoot>
            </HTMLTable>
          </div>
          <div className="eris-usage-side">
            <p className="eris-usage-updated">
              <strong>{USAGE_TEXTS.lastUpdated}:</strong>{" "}
              <span data-testid="usage-last-updated">{lastUpdated || USAGE_TEXTS.never}</span>
            </p>
            <UsageChart entries={entries} unit={unit} title={USAGE_TEXTS.chartTitle(unit)} />
            <Button
              variant="minimal"
              icon={pasteOpen ? "chevron-up" : "clipboard"}
              text={pasteOpen ? USAGE_TEXTS.hidePaste : USAGE_TEXTS.showPaste}
              aria-expanded={pasteOpen}
              aria-controls="usage-paste-area"
              onClick={() => setPasteOpen((open) => !open)}
            />
            {pasteOpen && (
              <div id="usage-paste-area" className="eris-usage-paste">
                <FormGroup
                  label={USAGE_TEXTS.pasteLabel}
                  labelFor="usage-paste"
                  helperText={electric ? USAGE_TEXTS.pasteHelpElectric : USAGE_TEXTS.pasteHelpGas}
                >
                  <TextArea
                    id="usage-paste"
                    fill
                    rows={6}
                    value={pasteText}
                    intent={pasteNote?.intent === Intent.DANGER ? Intent.DANGER : Intent.NONE}
                    onChange={(e) => paste(e.currentTarget.value)}
                  />
                </FormGroup>
                {pasteNote && (
                  <Callout
                    intent={pasteNote.intent}
                    role={pasteNote.intent === Intent.DANGER ? "alert" : "status"}
                    className={Classes.TEXT_SMALL}
                  >
                    {pasteNote.text}
                  </Callout>
                )}
              </div>
            )}
          </div>
        </div>
      </DialogBody>
      <DialogFooter
        actions={
          <>
            <Button text={USAGE_TEXTS.close} disabled={busy} onClick={onClose} />
            <Button
              type="submit"
              intent={Intent.PRIMARY}
              text={USAGE_TEXTS.save}
              loading={busy}
              disabled={invalid || !dirty}
            />
          </>
        }
      />
    </form>
  );
}

/** MM/DD/YYYY of an instant in the business time zone; "" when unset. */
function formatBusinessDate(when: Timestamp | undefined, timeZone: string): string {
  return when ? formatWallClockText(wallClockOf(timestampDate(when), timeZone), false) : "";
}
