import { useState, type FormEvent } from "react";

import {
  Button,
  Classes,
  DialogBody,
  DialogFooter,
  FormGroup,
  H5,
  HTMLSelect,
  HTMLTable,
  InputGroup,
  Intent,
  NonIdealState,
  Radio,
  Spinner,
  Tag,
} from "@blueprintjs/core";
import { Code } from "@connectrpc/connect";

import { failureText, hasCode, serverMessage } from "../../api/errors";
import { supplierName, useSuppliers } from "../../api/suppliers";
import { useBusinessTimeZone } from "../../app/auth/SessionContext";
import { ConfirmDialog } from "../../components/ConfirmDialog";
import { formatDateTime } from "../../lib/dateText";
import { FormError, ModalDialog } from "../../components/FormDialogParts";
import { parseDecimalText } from "../../lib/numberText";
import { toast } from "../../lib/toaster";
import { useLoadErrorToast } from "../../lib/useLoadErrorToast";
import { RfpOutcome, type Rfp, type RfpQuote } from "../../gen/eris/sourcing/v1/rfps_pb";
import type { Supplier } from "../../gen/eris/sourcing/v1/suppliers_pb";
import { decimalText, isOpen, outcomeLabel } from "./rfpColumns";
import { priceGrid, type PriceGrid } from "./priceGrid";
import { useFetchRfp, useQuoteWriters, useRfpQuotes, useSetRfpOutcome } from "./rfpQueries";
import { PRICES_TEXTS as T } from "./texts";

const DIALOG_WIDTH = 920;

export interface RfpPricesDialogProps {
  rfp: Rfp;
  /** Record and delete prices and set the outcome (everyone but Sales). */
  canEdit: boolean;
  onClose: () => void;
}

/**
 * The prices suppliers returned for an RFP, side by side per term with the lowest rate of each term
 * marked Best; below them every price recorded, a form to record another, and the outcome (Won with
 * the price taken, Lost, or Open again).
 */
export function RfpPricesDialog({ rfp, canEdit, onClose }: RfpPricesDialogProps) {
  const [current, setCurrent] = useState<Rfp>(rfp);
  const quotes = useRfpQuotes(rfp.rfpId);
  const suppliers = useSuppliers();
  const timeZone = useBusinessTimeZone();
  const writers = useQuoteWriters(rfp.rfpId);
  const setOutcome = useSetRfpOutcome();
  const fetchRfp = useFetchRfp();
  const [chosen, setChosen] = useState<bigint | null>(rfp.wonQuoteId === 0n ? null : rfp.wonQuoteId);
  const [deleting, setDeleting] = useState<RfpQuote | null>(null);
  const [outcomeProblem, setOutcomeProblem] = useState<string | null>(null);

  useLoadErrorToast(quotes, T.failed);

  const all = quotes.data ?? [];
  const grid = priceGrid(current, all);
  const nameOf = (supplierId: bigint) => supplierName(suppliers.data, supplierId) ?? T.unknownSupplier(supplierId);
  const chosenQuote = all.find((quote) => quote.quoteId === chosen);

  async function decide(outcome: RfpOutcome) {
    setOutcomeProblem(null);
    const read = current;
    try {
      const saved = await setOutcome.mutateAsync({
        rfpId: read.rfpId,
        outcome,
        wonQuoteId: outcome === RfpOutcome.WON && chosen !== null ? chosen : 0n,
        version: read.version,
      });
      setCurrent(saved);
      void toast.success(T.outcomeSaved(outcomeLabel(saved.outcome)));
    } catch (err) {
      if (!hasCode(err, Code.Aborted, Code.InvalidArgument, Code.FailedPrecondition)) {
        void toast.error(T.failed);
        return;
      }
      // The service's reason stays in the dialog; after someone else's change the next try carries the new version.
      setOutcomeProblem(serverMessage(err));
      if (hasCode(err, Code.Aborted)) {
        const fresh = await fetchRfp(read.rfpId).catch(() => undefined);
        if (fresh) {
          setCurrent(fresh);
        }
      }
    }
  }

  async function confirmDelete() {
    if (!deleting) {
      return;
    }
    try {
      await writers.remove.mutateAsync(deleting.quoteId);
      if (chosen === deleting.quoteId) {
        setChosen(null);
      }
      void toast.success(T.quoteDeleted);
    } catch (err) {
      void toast.error(failureText(err, T.failed, Code.InvalidArgument, Code.FailedPrecondition));
    } finally {
      setDeleting(null);
    }
  }

  const busy = setOutcome.isPending;
  const outcome = current.outcome;
  return (
    <ModalDialog
      isOpen
      title={T.title(current.len)}
      icon="dollar"
      style={{ width: DIALOG_WIDTH, maxWidth: "calc(100vw - 40px)" }}
      canOutsideClickClose={!busy}
      onClose={onClose}
    >
      <DialogBody>
        <p className="eris-rfp-outcome">
          <span>{T.outcome}:</span>{" "}
          <Tag
            minimal
            round
            data-testid="rfp-outcome"
            intent={
              outcome === RfpOutcome.WON ? Intent.SUCCESS : outcome === RfpOutcome.LOST ? Intent.DANGER : Intent.NONE
            }
          >
            {outcomeLabel(outcome)}
          </Tag>
        </p>
        {quotes.isPending ? (
          <Spinner aria-label={T.loading} />
        ) : quotes.isError && !quotes.data ? (
          <NonIdealState icon="error" title={T.failed} />
        ) : (
          <>
            <ComparisonTable grid={grid} nameOf={nameOf} />
            <H5 className="eris-rfp-prices-heading">{T.quotes}</H5>
            {all.length === 0 ? (
              <p className={Classes.TEXT_MUTED}>{T.noQuotes}</p>
            ) : (
              <div className="eris-rfp-quotes-wrap">
                <HTMLTable compact striped className="eris-table eris-rfp-quotes" aria-label={T.quotes}>
                  <thead>
                    <tr>
                      {canEdit && <th className="eris-rfp-choose">{T.won}</th>}
                      <th>{T.supplier}</th>
                      <th className="eris-numeric">{T.term}</th>
                      <th>{T.product}</th>
                      <th className="eris-numeric">{T.rate}</th>
                      <th className="eris-numeric">{T.fee}</th>
                      <th>{T.notes}</th>
                      <th>{T.received}</th>
                      {canEdit && <th className="eris-rfp-choose" aria-label={T.deleteQuote} />}
                    </tr>
                  </thead>
                  <tbody>
                    {all.map((quote) => (
                      <tr key={String(quote.quoteId)} data-quote-id={String(quote.quoteId)}>
                        {canEdit && (
                          <td className="eris-rfp-choose">
                            <Radio
                              className="eris-rfp-radio"
                              name={`rfp-${rfp.rfpId}-won-quote`}
                              aria-label={T.chooseQuote(
                                nameOf(quote.supplierId),
                                quote.termMonths,
                                decimalText(quote.rate),
                              )}
                              checked={chosen === quote.quoteId}
                              onChange={() => setChosen(quote.quoteId)}
                            />
                          </td>
                        )}
                        <td>
                          {nameOf(quote.supplierId)}
                          {current.wonQuoteId === quote.quoteId && outcome === RfpOutcome.WON && (
                            <Tag minimal intent={Intent.SUCCESS} className="eris-rfp-tag">
                              {T.won}
                            </Tag>
                          )}
                        </td>
                        <td className="eris-numeric">{quote.termMonths}</td>
                        <td>{quote.product}</td>
                        <td className="eris-numeric">{decimalText(quote.rate)}</td>
                        <td className="eris-numeric">{decimalText(quote.fee)}</td>
                        <td>{quote.notes}</td>
                        <td>{formatDateTime(quote.receiveTime, timeZone)}</td>
                        {canEdit && (
                          <td className="eris-rfp-choose">
                            <Button
                              variant="minimal"
                              size="small"
                              icon="trash"
                              intent={Intent.DANGER}
                              aria-label={T.deleteQuote}
                              title={T.deleteQuote}
                              onClick={() => setDeleting(quote)}
                            />
                          </td>
                        )}
                      </tr>
                    ))}
                  </tbody>
                </HTMLTable>
              </div>
            )}
          </>
        )}
        {canEdit && <RecordPriceForm rfp={current} suppliers={suppliers.data} create={writers.create.mutateAsync} />}
        <FormError message={outcomeProblem} />
      </DialogBody>
      <DialogFooter
        actions={
          <>
            {canEdit && (
              <>
                <Button
                  icon="tick"
                  intent={Intent.SUCCESS}
                  text={T.markWon}
                  title={chosenQuote ? undefined : T.chooseWinner}
                  disabled={
                    busy || !chosenQuote || (outcome === RfpOutcome.WON && current.wonQuoteId === chosenQuote.quoteId)
                  }
                  onClick={() => void decide(RfpOutcome.WON)}
                />
                <Button
                  icon="cross"
                  intent={Intent.DANGER}
                  text={T.markLost}
                  disabled={busy || outcome === RfpOutcome.LOST}
                  onClick={() => void decide(RfpOutcome.LOST)}
                />
                <Button
                  icon="undo"
                  text={T.reopen}
                  disabled={busy || isOpen(outcome)}
                  onClick={() => void decide(RfpOutcome.OPEN)}
                />
              </>
            )}
            <Button text={T.close} disabled={busy} onClick={onClose} />
          </>
        }
      />
      <ConfirmDialog
        isOpen={deleting !== null}
        icon="trash"
        confirmText={T.deleteQuote}
        loading={writers.remove.isPending}
        onConfirm={() => void confirmDelete()}
        onCancel={() => setDeleting(null)}
      >
        <p>{T.deleteConfirm}</p>
      </ConfirmDialog>
    </ModalDialog>
  );
}

interface ComparisonTableProps {
  grid: PriceGrid;
  nameOf: (supplierId: bigint) => string;
}

/** Suppliers down, terms across, each cell the rates returned; the lowest of each term is Best. */
function ComparisonTable({ grid, nameOf }: ComparisonTableProps) {
  if (grid.supplierIds.length === 0 || grid.terms.length === 0) {
    return <p className={Classes.TEXT_MUTED}>{T.noSuppliersOrTerms}</p>;
  }
  return (
    <div className="eris-rfp-quotes-wrap">
      <HTMLTable compact bordered className="eris-table eris-rfp-grid" aria-label={T.comparison}>
        <thead>
          <tr>
            <th scope="col">{T.supplier}</th>
            {grid.terms.map((term) => (
              <th key={term} scope="col" className="eris-numeric">
                {T.termHeader(term)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {grid.supplierIds.map((supplierId) => (
            <tr key={String(supplierId)} data-supplier-id={String(supplierId)}>
              <th scope="row">{nameOf(supplierId)}</th>
              {grid.terms.map((term) => {
                const cell = grid.cell(supplierId, term);
                return (
                  <td key={term} className="eris-numeric" data-term={term}>
                    {cell.length === 0 ? (
                      <span className={Classes.TEXT_MUTED}>{T.noPrice}</span>
                    ) : (
                      cell.map((quote) => {
                        const best = grid.best.has(quote.quoteId);
                        return (
                          <div
                            key={String(quote.quoteId)}
                            className={best ? "eris-rfp-price eris-rfp-best" : "eris-rfp-price"}
                            data-best={best ? "true" : undefined}
                          >
                            {best ? <strong>{decimalText(quote.rate)}</strong> : decimalText(quote.rate)}
                            {quote.product && <span className={Classes.TEXT_MUTED}> {quote.product}</span>}
                            {best && (
                              <Tag minimal intent={Intent.SUCCESS} className="eris-rfp-tag">
                                {T.best}
                              </Tag>
                            )}
                          </div>
                        );
                      })
                    )}
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </HTMLTable>
    </div>
  );
}

interface RecordPriceFormProps {
  rfp: Rfp;
  suppliers: readonly Supplier[] | undefined;
  create: (quote: {
    supplierId: bigint;
    termMonths: number;
    product: string;
    rate: string;
    fee: string;
    notes: string;
  }) => Promise<RfpQuote>;
}

interface PriceFields {
  supplierId: string;
  term: string;
  product: string;
  rate: string;
  fee: string;
  notes: string;
}

const EMPTY_PRICE: PriceFields = { supplierId: "", term: "", product: "", rate: "", fee: "", notes: "" };

/** One price a supplier returned: the supplier, term and product among the RFP's, the rate, a fee and notes. */
function RecordPriceForm({ rfp, suppliers, create }: RecordPriceFormProps) {
  const [fields, setFields] = useState<PriceFields>(EMPTY_PRICE);
  const [refusal, setRefusal] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  const rate = parseDecimalText(fields.rate);
  const fee = parseDecimalText(fields.fee);
  const rateProblem = rate.kind === "invalid" ? T.decimalInvalid : undefined;
  const feeProblem = fee.kind === "invalid" ? T.decimalInvalid : undefined;
  const complete = fields.supplierId !== "" && fields.term !== "" && rate.kind === "number" && !feeProblem;

  function set<K extends keyof PriceFields>(key: K, value: PriceFields[K]) {
    setFields((prev) => ({ ...prev, [key]: value }));
    setRefusal(null);
  }

  async function handleSubmit(event: FormEvent) {
    event.preventDefault();
    if (!complete || saving || rate.kind !== "number") {
      return;
    }
    setSaving(true);
    try {
      await create({
        supplierId: BigInt(fields.supplierId),
        termMonths: Number(fields.term),
        product: fields.product,
        rate: rate.value,
        fee: fee.kind === "number" ? fee.value : "",
        notes: fields.notes.trim(),
      });
      void toast.success(T.recorded);
      // The next price is usually another supplier's for the same term and product.
      setFields((prev) => ({ ...EMPTY_PRICE, term: prev.term, product: prev.product }));
    } catch (err) {
      if (hasCode(err, Code.InvalidArgument, Code.FailedPrecondition, Code.NotFound, Code.PermissionDenied)) {
        setRefusal(serverMessage(err));
      } else {
        void toast.error(T.failed);
      }
    } finally {
      setSaving(false);
    }
  }

  return (
    <form className="eris-rfp-record" aria-label={T.record} onSubmit={(e) => void handleSubmit(e)} noValidate>
      <H5 className="eris-rfp-prices-heading">{T.record}</H5>
      <div className="eris-rfp-record-fields">
        <FormGroup label={T.supplier} labelFor="quote-supplier" labelInfo="(required)">
          <HTMLSelect
            id="quote-supplier"
            fill
            value={fields.supplierId}
            onChange={(e) => set("supplierId", e.currentTarget.value)}
          >
            <option value="">{T.choose}</option>
            {rfp.supplierIds.map((id) => (
              <option key={String(id)} value={String(id)}>
                {supplierName(suppliers, id) ?? T.unknownSupplier(id)}
              </option>
            ))}
          </HTMLSelect>
        </FormGroup>
        <FormGroup label={T.term} labelFor="quote-term" labelInfo="(required)">
          <HTMLSelect id="quote-term" fill value={fields.term} onChange={(e) => set("term", e.currentTarget.value)}>
            <option value="">{T.choose}</option>
            {rfp.terms.map((term) => (
              <option key={term} value={String(term)}>
                {T.termHeader(term)}
              </option>
            ))}
          </HTMLSelect>
        </FormGroup>
        <FormGroup label={T.product} labelFor="quote-product">
          <HTMLSelect
            id="quote-product"
            fill
            value={fields.product}
            disabled={rfp.products.length === 0}
            onChange={(e) => set("product", e.currentTarget.value)}
          >
            <option value="">{T.anyProduct}</option>
            {rfp.products.map((product) => (
              <option key={product} value={product}>
                {product}
              </option>
            ))}
          </HTMLSelect>
        </FormGroup>
        <FormGroup
          label={T.rate}
          labelFor="quote-rate"
          labelInfo="(required)"
          intent={rateProblem ? Intent.DANGER : Intent.NONE}
          helperText={rateProblem}
        >
          <InputGroup
            id="quote-rate"
            inputMode="decimal"
            autoComplete="off"
            value={fields.rate}
            intent={rateProblem ? Intent.DANGER : Intent.NONE}
            aria-invalid={rateProblem ? true : undefined}
            onValueChange={(v) => set("rate", v)}
          />
        </FormGroup>
        <FormGroup
          label={T.fee}
          labelFor="quote-fee"
          intent={feeProblem ? Intent.DANGER : Intent.NONE}
          helperText={feeProblem}
        >
          <InputGroup
            id="quote-fee"
            inputMode="decimal"
            autoComplete="off"
            value={fields.fee}
            intent={feeProblem ? Intent.DANGER : Intent.NONE}
            aria-invalid={feeProblem ? true : undefined}
            onValueChange={(v) => set("fee", v)}
          />
        </FormGroup>
        <FormGroup label={T.notes} labelFor="quote-notes">
          <InputGroup id="quote-notes" autoComplete="off" value={fields.notes} onValueChange={(v) => set("notes", v)} />
        </FormGroup>
      </div>
      <Button
        type="submit"
        icon="add"
        intent={Intent.PRIMARY}
        text={T.recordButton}
        disabled={!complete}
        loading={saving}
      />
      <FormError message={refusal} />
    </form>
  );
}
