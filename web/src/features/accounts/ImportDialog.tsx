import { useMemo, useRef, useState } from "react";

import {
  Button,
  Callout,
  Classes,
  DialogBody,
  DialogFooter,
  FileInput,
  FormGroup,
  Intent,
  Spinner,
  Switch,
} from "@blueprintjs/core";
import { Code } from "@connectrpc/connect";

import { failureText } from "../../api/errors";
import { ModalDialog } from "../../components/FormDialogParts";
import { VirtualTable, type VirtualColumn } from "../../components/VirtualTable";
import type { ImportAccountsResponse } from "../../gen/eris/crm/v1/accounts_pb";
import { downloadCsv, readFileText } from "../../lib/csv";
import { toast } from "../../lib/toaster";
import { useImportAccounts } from "./accountQueries";
import {
  countProblems,
  importPreview,
  importSummary,
  importText,
  problemsCsv,
  problemText,
  type PreviewRow,
} from "./importPreview";
import { IMPORT_TEXTS } from "./texts";

const DIALOG_WIDTH = 1000;

type Check =
  | { status: "idle" }
  | { status: "checking" }
  | { status: "checked"; answer: ImportAccountsResponse }
  | { status: "failed"; message: string };

export interface ImportDialogProps {
  companyId: bigint;
  onClose: () => void;
}

const C = IMPORT_TEXTS.previewColumns;
const PREVIEW_COLUMNS: VirtualColumn<PreviewRow>[] = [
  { id: "row", header: C.row, width: 60, numeric: true, render: (row) => row.row },
  { id: "name", header: C.name, width: 170, render: (row) => row.name, title: (row) => row.name },
  { id: "accountNumber", header: C.accountNumber, width: 130, render: (row) => row.accountNumber },
  { id: "utility", header: C.utility, width: 130, render: (row) => row.utility, title: (row) => row.utility },
  { id: "commodity", header: C.commodity, width: 96, render: (row) => row.commodity },
  {
    id: "problems",
    header: C.problems,
    width: 360,
    render: (row) =>
      row.problems.length === 0 ? (
        <span className={Classes.TEXT_MUTED}>{IMPORT_TEXTS.ok}</span>
      ) : (
        <span className="eris-import-problem">{row.problems.map(problemText).join("; ")}</span>
      ),
    title: (row) => row.problems.map(problemText).join("\n"),
  },
];

/**
 * Import CSV: the chosen file is checked by the server (nothing imported) and every row is listed
 * with its problems; Import stays off while any problem remains, and then adds all rows at once.
 */
export function ImportDialog({ companyId, onClose }: ImportDialogProps) {
  const importAccounts = useImportAccounts(companyId);
  const [file, setFile] = useState<File | null>(null);
  const [text, setText] = useState<string | null>(null);
  const [check, setCheck] = useState<Check>({ status: "idle" });
  const [importing, setImporting] = useState(false);
  const [onlyProblems, setOnlyProblems] = useState(false);
  // Only the newest file's check may show: an earlier answer arriving late is dropped.
  const checkSeq = useRef(0);

  const answer = check.status === "checked" ? check.answer : null;
  const preview = useMemo(
    () => (answer && text !== null ? importPreview(text, answer.problems) : null),
    [answer, text],
  );
  const problemCount = answer?.problems.length ?? 0;
  const counts = countProblems(answer?.problems ?? []);
  // With the file's own problems (its headers) the server checked no row: none is listed as OK.
  const shownRows =
    preview && counts.file === 0 ? preview.rows.filter((row) => !onlyProblems || row.problems.length > 0) : [];
  const canImport = !importing && (file === null || (answer !== null && problemCount === 0));

  async function runCheck(csv: string) {
    const seq = ++checkSeq.current;
    setCheck({ status: "checking" });
    try {
      const checked = await importAccounts.mutateAsync({ csv, validateOnly: true });
      if (seq === checkSeq.current) {
        setCheck({ status: "checked", answer: checked });
        setOnlyProblems(checked.problems.length > 0);
      }
    } catch (err) {
      if (seq === checkSeq.current) {
        setCheck({ status: "failed", message: failureText(err, IMPORT_TEXTS.checkFailed, Code.InvalidArgument) });
      }
    }
  }

  async function choose(chosen: File | null) {
    setFile(chosen);
    setText(null);
    setCheck({ status: "idle" });
    if (!chosen) {
      return;
    }
    const read = importText(await readFileText(chosen));
    setText(read);
    await runCheck(read);
  }

  async function runImport() {
    if (!file || text === null) {
      void toast.error(IMPORT_TEXTS.noFile);
      return;
    }
    setImporting(true);
    try {
      const imported = await importAccounts.mutateAsync({ csv: text, validateOnly: false });
      if (imported.problems.length > 0) {
        // Something changed since the check (e.g. an account added meanwhile): show why.
        setCheck({ status: "checked", answer: imported });
        void toast.error(IMPORT_TEXTS.importFailed);
      } else {
        void toast.success(IMPORT_TEXTS.imported);
        onClose();
      }
    } catch (err) {
      void toast.error(failureText(err, IMPORT_TEXTS.importFailed, Code.InvalidArgument));
    } finally {
      setImporting(false);
    }
  }

  return (
    <ModalDialog
      isOpen
      title={IMPORT_TEXTS.title}
      icon="import"
      className="eris-import-dialog"
      style={{ width: DIALOG_WIDTH }}
      canOutsideClickClose={!importing}
      onClose={onClose}
    >
      <DialogBody>
        <p className={Classes.TEXT_MUTED}>{IMPORT_TEXTS.headersHelp}</p>
        <FormGroup label={IMPORT_TEXTS.fileLabel} labelFor="import-file">
          <FileInput
            fill
            text={file?.name ?? IMPORT_TEXTS.chooseFile}
            buttonText={IMPORT_TEXTS.browse}
            hasSelection={file !== null}
            disabled={importing}
            inputProps={{
              id: "import-file",
              accept: ".csv,text/csv",
              // Choosing the same (fixed) file again must read it again.
              onClick: (event) => {
                event.currentTarget.value = "";
              },
            }}
            onInputChange={(event) => void choose(event.currentTarget.files?.[0] ?? null)}
          />
        </FormGroup>
        {check.status === "checking" && (
          <div className="eris-import-status" role="status">
            <Spinner size={16} /> {IMPORT_TEXTS.checking}
          </div>
        )}
        {check.status === "failed" && (
          <Callout intent={Intent.DANGER} role="alert">
            <p>{check.message}</p>
            {text !== null && (
              <Button text={IMPORT_TEXTS.checkAgain} icon="refresh" onClick={() => void runCheck(text)} />
            )}
          </Callout>
        )}
        {answer && preview && (
          <div className="eris-import-preview">
            <Callout
              intent={problemCount === 0 ? Intent.SUCCESS : Intent.WARNING}
              role="status"
              data-testid="import-summary"
            >
              {importSummary(answer.rowCount, counts, preview.headers)}
            </Callout>
            {preview.otherProblems.length > 0 && (
              <Callout intent={Intent.DANGER} title={IMPORT_TEXTS.fileProblems} className="eris-import-file-problems">
                <ul>
                  {preview.otherProblems.map((problem, index) => (
                    <li key={index}>
                      {problem.row === 0 ? IMPORT_TEXTS.header : `${IMPORT_TEXTS.problemColumns.row} ${problem.row}`}
                      {" — "}
                      {problemText(problem)}
                    </li>
                  ))}
                </ul>
              </Callout>
            )}
            {problemCount > 0 && (
              <div className="eris-toolbar">
                {counts.rows > 0 && counts.file === 0 && (
                  <Switch
                    label={IMPORT_TEXTS.onlyProblems}
                    checked={onlyProblems}
                    onChange={(e) => setOnlyProblems(e.currentTarget.checked)}
                  />
                )}
                <span className="eris-spacer" />
                <Button
                  icon="download"
                  text={IMPORT_TEXTS.downloadProblems}
                  onClick={() => downloadCsv(IMPORT_TEXTS.problemsFileName, problemsCsv(answer.problems))}
                />
              </div>
            )}
            {shownRows.length > 0 && (
              <VirtualTable
                rows={shownRows}
                columns={PREVIEW_COLUMNS}
                rowKey={(row) => String(row.row)}
                rowAttributes={(row) => ({
                  "data-row": String(row.row),
                  ...(row.problems.length > 0 ? { "data-problem": "true" } : {}),
                })}
                ariaLabel={IMPORT_TEXTS.title}
                className="eris-import-table"
              />
            )}
          </div>
        )}
      </DialogBody>
      <DialogFooter
        actions={
          <>
            <Button text={IMPORT_TEXTS.cancel} disabled={importing} onClick={onClose} />
            <Button
              intent={Intent.PRIMARY}
              icon="import"
              text={IMPORT_TEXTS.import}
              loading={importing}
              disabled={!canImport}
              onClick={() => void runImport()}
            />
          </>
        }
      />
    </ModalDialog>
  );
}
