import { useRef, useState } from "react";

import {
  Button,
  Callout,
  Classes,
  FileInput,
  FormGroup,
  H5,
  HTMLSelect,
  InputGroup,
  Intent,
  Spinner,
} from "@blueprintjs/core";
import { Code } from "@connectrpc/connect";
import { Link, useNavigate } from "react-router";

import { hasCode, serverMessage } from "../../api/errors";
import { FormError } from "../../components/FormDialogParts";
import type { ImportStatementResponse, ReadStatementFileResponse } from "../../gen/eris/contracts/v1/statements_pb";
import { toast } from "../../lib/toaster";
import { BucketView } from "./BucketView";
import { thisMonth, type BucketTab } from "./commissionFormat";
import { useImportStatement, useReadStatementFile, type ImportRequest } from "./commissionQueries";
import {
  EMPTY_MAPPING,
  fileProblem,
  hasSavedMapping,
  mappingFrom,
  mappingProblems,
  toleranceValue,
  type Mapping,
  type MappingField,
} from "./mapping";
import { MappingForm, SampleRows } from "./MappingForm";
import { MonthSelect } from "./MonthSelect";
import { statementPath } from "./paths";
import { SupplierSelect, useSupplierName } from "./SupplierSelect";
import { IMPORT_TEXTS } from "./texts";

const T = IMPORT_TEXTS;
const PREVIEW_TABS: readonly BucketTab[] = ["matched", "shortOver", "unmatched", "duplicate", "missing"];

/** What the server said when it refused: its words, and the earlier statement a repeat names. */
export interface Refusal {
  message: string;
  /** The earlier import of the same file (ALREADY_EXISTS), when its number could be read. */
  earlierId?: string;
}

/**
 * A refusal as shown: INVALID_ARGUMENT and ALREADY_EXISTS in the server's words (they speak of what
 * the person chose), anything else as `fallback` with the server's reason after it.
 */
export function refusalOf(err: unknown, fallback: string): Refusal {
  const message = serverMessage(err);
  if (hasCode(err, Code.AlreadyExists)) {
    const earlier = /#(\d+)/.exec(message) ?? /statement\D{0,3}(\d+)/i.exec(message);
    return { message, earlierId: earlier?.[1] };
  }
  if (hasCode(err, Code.InvalidArgument)) {
    return { message };
  }
  return { message: message ? `${fallback} ${message}` : fallback };
}

/** Reads a chosen file's bytes (FileReader: the test DOM's Blob has no arrayBuffer). */
function readBytes(file: Blob): Promise<Uint8Array> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(new Uint8Array(reader.result as ArrayBuffer));
    reader.onerror = () => reject(reader.error ?? new Error("The file could not be read"));
    reader.readAsArrayBuffer(file);
  });
}

interface ChosenFile {
  name: string;
  content: Uint8Array;
}

/**
 * Import: the supplier and a file, read by the server for its columns; the mapping form prefilled
 * with the server's suggestion; Preview matches the rows without storing anything; Apply imports and
 * applies them and opens the statement. Whatever was chosen stays when the server refuses.
 */
export function ImportTab() {
  const navigate = useNavigate();
  const readFile = useReadStatementFile();
  const importStatement = useImportStatement();
  const today = thisMonth();

  const [supplierId, setSupplierId] = useState(0n);
  const [file, setFile] = useState<ChosenFile | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [read, setRead] = useState<ReadStatementFileResponse | null>(null);
  const [mapping, setMapping] = useState<Mapping>(EMPTY_MAPPING);
  const [paymentMonth, setPaymentMonth] = useState(today.month);
  const [paymentYear, setPaymentYear] = useState(today.year);
  const [tolerance, setTolerance] = useState("2");
  const [attempted, setAttempted] = useState(false);
  const [preview, setPreview] = useState<{ answer: ImportStatementResponse; key: string } | null>(null);
  const [refusal, setRefusal] = useState<Refusal | null>(null);
  // Only the newest read may show: an earlier answer arriving late is dropped.
  const readSeq = useRef(0);
  const supplierName = useSupplierName(supplierId);

  const toleranceText = toleranceValue(tolerance);
  const problems = mappingProblems(mapping);
  const requestKey = JSON.stringify({
    supplierId: String(supplierId),
    file: file?.name,
    size: file?.content.length,
    mapping,
    paymentMonth,
    paymentYear,
    toleranceText,
  });
  const previewCurrent = preview !== null && preview.key === requestKey;
  const busy = importStatement.isPending;

  async function readChosen(chosen: ChosenFile, supplier: bigint) {
    const seq = ++readSeq.current;
    setRead(null);
    setPreview(null);
    setRefusal(null);
    try {
      const answer = await readFile.mutateAsync({
        supplierId: supplier,
        fileName: chosen.name,
        content: chosen.content,
      });
      if (seq === readSeq.current) {
        setRead(answer);
        setMapping(mappingFrom(answer.suggestedMapping, answer.headers));
        setAttempted(false);
      }
    } catch (err) {
      if (seq === readSeq.current) {
        setRefusal(refusalOf(err, T.readFailed));
      }
    }
  }

  async function choose(chosen: File | undefined) {
    setFileError(null);
    if (!chosen) {
      return;
    }
    const problem = fileProblem(chosen);
    if (problem) {
      setFileError(problem === "ending" ? T.wrongEnding(chosen.name) : T.tooLarge(chosen.name));
      return;
    }
    const next = { name: chosen.name, content: await readBytes(chosen) };
    setFile(next);
    await readChosen(next, supplierId);
  }

  function chooseSupplier(next: bigint) {
    setSupplierId(next);
    // The saved mapping is the supplier's: the file is read again for the new one.
    if (file && next !== 0n) {
      void readChosen(file, next);
    }
  }

  function request(validateOnly: boolean): ImportRequest | null {
    if (!file || !read || problems.length > 0 || toleranceText === null) {
      return null;
    }
    return {
      supplierId,
      fileName: file.name,
      source: { case: "file", value: { content: file.content, mapping } },
      validateOnly,
      paymentMonth,
      paymentYear,
      tolerancePercent: toleranceText,
    };
  }

  async function runPreview() {
    setAttempted(true);
    const asked = request(true);
    if (!asked) {
      return;
    }
    setRefusal(null);
    try {
      const answer = await importStatement.mutateAsync(asked);
      setPreview({ answer, key: requestKey });
    } catch (err) {
      setRefusal(refusalOf(err, T.previewFailed));
    }
  }

  async function runApply() {
    const asked = request(false);
    if (!asked || !previewCurrent) {
      return;
    }
    setRefusal(null);
    try {
      const answer = await importStatement.mutateAsync(asked);
      const statement = answer.statement;
      const applied = (statement?.matched ?? 0) + (statement?.shortOver ?? 0);
      void toast.success(T.applied(statement?.statementId ?? 0n, applied));
      navigate(statementPath(statement?.statementId ?? 0n));
    } catch (err) {
      setRefusal(refusalOf(err, T.applyFailed));
    }
  }

  const mapped = (field: MappingField, header: string) => setMapping((m) => ({ ...m, [field]: header }));

  return (
    <div className="eris-commission-import">
      <p className={Classes.TEXT_MUTED}>{T.intro}</p>
      <div className="eris-toolbar eris-commission-choices">
        <SupplierSelect
          id="import-supplier"
          label={T.supplier}
          value={supplierId}
          onChange={chooseSupplier}
          emptyText={T.chooseSupplier}
          disabled={busy}
        />
        <FormGroup
          label={T.file}
          labelFor="import-file"
          helperText={supplierId === 0n ? T.supplierFirst : undefined}
          intent={fileError ? Intent.DANGER : Intent.NONE}
        >
          <FileInput
            text={file?.name ?? T.chooseFile}
            hasSelection={file !== null}
            disabled={supplierId === 0n || busy}
            inputProps={{ id: "import-file", accept: ".csv,.xlsx" }}
            onInputChange={(e) => {
              const input = e.currentTarget as HTMLInputElement;
              void choose(input.files?.[0]);
              // The same file may be chosen again (after fixing it on disk).
              input.value = "";
            }}
          />
        </FormGroup>
        {readFile.isPending && <Spinner size={20} aria-label={T.reading} />}
      </div>
      <FormError message={fileError} />
      {refusal && <RefusalNotice refusal={refusal} />}
      {read && (
        <>
          <p>{T.rowCount(read.rowCount)}</p>
          {hasSavedMapping(read.savedMapping) && (
            <Callout intent={Intent.PRIMARY} compact className="eris-commission-saved">
              {T.savedMapping(supplierName)}
            </Callout>
          )}
          <MappingForm headers={read.headers} mapping={mapping} onChange={mapped} showProblems={attempted} />
          <H5>{T.sampleRows}</H5>
          <SampleRows headers={read.headers} rows={read.sampleRows} />
          <div className="eris-toolbar eris-commission-choices">
            <FormGroup label={T.paymentMonth} labelFor="import-payment-month">
              <MonthSelect id="import-payment-month" value={paymentMonth} onChange={setPaymentMonth} />
            </FormGroup>
            <FormGroup label={T.paymentYear} labelFor="import-payment-year">
              <HTMLSelect
                id="import-payment-year"
                value={paymentYear}
                onChange={(e) => setPaymentYear(Number(e.currentTarget.value))}
              >
                {[today.year + 1, today.year, today.year - 1, today.year - 2].map((y) => (
                  <option key={y} value={y}>
                    {y}
                  </option>
                ))}
              </HTMLSelect>
            </FormGroup>
            <FormGroup
              label={T.tolerance}
              labelFor="import-tolerance"
              intent={toleranceText === null ? Intent.DANGER : Intent.NONE}
              helperText={toleranceText === null ? T.toleranceInvalid : undefined}
            >
              <InputGroup
                id="import-tolerance"
                className="eris-commission-tolerance"
                value={tolerance}
                intent={toleranceText === null ? Intent.DANGER : Intent.NONE}
                onValueChange={setTolerance}
              />
            </FormGroup>
            <Button
              icon="search-template"
              text={T.preview}
              intent={Intent.PRIMARY}
              loading={busy && !previewCurrent}
              disabled={busy}
              onClick={() => void runPreview()}
            />
          </div>
          {attempted && problems.length > 0 && <FormError message={problems.join(" ")} />}
        </>
      )}
      {preview && (
        <section className="eris-commission-preview" aria-labelledby="commission-preview-heading">
          <div className="eris-toolbar">
            <H5 id="commission-preview-heading">
              {T.previewHeading(preview.answer.statement?.rowCount ?? preview.answer.rows.length)}
            </H5>
            <span className="eris-spacer" />
            <Button
              icon="tick"
              intent={Intent.SUCCESS}
              text={T.apply}
              disabled={!previewCurrent || busy}
              loading={busy && previewCurrent}
              onClick={() => void runApply()}
            />
          </div>
          {!previewCurrent && (
            <Callout intent={Intent.WARNING} compact>
              {T.previewStale}
            </Callout>
          )}
          <BucketView
            statement={preview.answer.statement}
            rows={preview.answer.rows}
            missing={preview.answer.missing}
            tabs={PREVIEW_TABS}
          />
        </section>
      )}
    </div>
  );
}

/** The server's refusal, with a link to the earlier statement when the file was imported before. */
function RefusalNotice({ refusal }: { refusal: Refusal }) {
  return (
    <Callout intent={Intent.DANGER} role="alert" className="eris-form-error">
      <span className="eris-message">{refusal.message}</span>
      {refusal.earlierId && (
        <>
          {" "}
          <Link to={statementPath(BigInt(refusal.earlierId))}>{T.openEarlier(refusal.earlierId)}</Link>
        </>
      )}
    </Callout>
  );
}
