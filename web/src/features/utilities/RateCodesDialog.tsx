import { useRef, useState, type FormEvent } from "react";

import {
  Button,
  Classes,
  DialogBody,
  DialogFooter,
  HTMLTable,
  InputGroup,
  NonIdealState,
  Spinner,
} from "@blueprintjs/core";

import { hasCode, serverMessage } from "../../api/errors";
import { ClientPager } from "../../components/ClientPager";
import { FormError, ModalDialog, SubmitFooter } from "../../components/FormDialogParts";
import type { RateCode, Utility } from "../../gen/eris/sourcing/v1/utilities_pb";
import { slicePage } from "../../lib/clientPaging";
import { REFUSAL_CODES } from "../../lib/recordForm";
import { toast } from "../../lib/toaster";
import { useLoadErrorToast } from "../../lib/useLoadErrorToast";
import { UTILITY_TEXTS } from "./texts";
import { MAX_RATE_CODES, rateCodesToSave, type RateCodeRow } from "./utilityForm";
import { useRateCodes, useReplaceRateCodes } from "./utilityQueries";

import "../../components/directory.css";

export interface RateCodesDialogProps {
  utility: Utility;
  /** Edit and save (Management, Admin); others only read. */
  canChange: boolean;
  onClose: () => void;
}

const T = UTILITY_TEXTS.codes;

/** A utility's rate codes (Matrix, Tariff, Desc): an editable list saved whole, or a table to read. */
export function RateCodesDialog({ utility, canChange, onClose }: RateCodesDialogProps) {
  const codes = useRateCodes(utility.utilityId);
  useLoadErrorToast(codes, UTILITY_TEXTS.loadFailed);
  const title = `${T.title(utility.name)}${utility.state ? ` (${utility.state})` : ""}`;
  return (
    <ModalDialog
      isOpen
      title={title}
      icon="th-list"
      style={{ width: 800, maxWidth: "calc(100vw - 40px)" }}
      canOutsideClickClose={false}
      onClose={onClose}
    >
      {codes.isError ? (
        <DialogBody>
          <NonIdealState
            icon="error"
            title={UTILITY_TEXTS.loadFailed}
            action={<Button text={UTILITY_TEXTS.refresh} icon="refresh" onClick={() => void codes.refetch()} />}
          />
        </DialogBody>
      ) : !codes.data || !codes.isFetchedAfterMount ? (
        // The editor starts from the list stored now, never from an older copy in the cache.
        <DialogBody>
          <Spinner />
        </DialogBody>
      ) : canChange ? (
        <RateCodesEditor utilityId={utility.utilityId} initial={codes.data} onClose={onClose} />
      ) : (
        <>
          <DialogBody>
            <RateCodesTable codes={codes.data} />
          </DialogBody>
          <DialogFooter actions={<Button text={UTILITY_TEXTS.close} onClick={onClose} />} />
        </>
      )}
    </ModalDialog>
  );
}

function RateCodesTable({ codes }: { codes: readonly RateCode[] }) {
  const [page, setPage] = useState(1);
  if (codes.length === 0) {
    return <NonIdealState icon="th-list" title={T.noCodes} />;
  }
  const slice = slicePage(codes, page);
  return (
    <>
      <div className="eris-rate-codes">
        <HTMLTable striped compact className="eris-table" aria-label={T.table}>
          <thead>
            <tr>
              <th>{T.matrix}</th>
              <th>{T.tariff}</th>
              <th>{T.description}</th>
            </tr>
          </thead>
          <tbody>
            {slice.rows.map((code, i) => (
              <tr key={slice.first + i}>
                <td>{code.matrix}</td>
                <td>{code.tariff}</td>
                <td>{code.description}</td>
              </tr>
            ))}
          </tbody>
        </HTMLTable>
      </div>
      <ClientPager slice={slice} label={T.table} onPage={setPage} />
    </>
  );
}

interface RateCodesEditorProps {
  utilityId: bigint;
  /** The rate codes stored when the dialog opened. */
  initial: readonly RateCode[];
  onClose: () => void;
}

type RateCodeColumn = "matrix" | "tariff" | "description";
const COLUMNS: readonly { key: RateCodeColumn; label: string }[] = [
  { key: "matrix", label: T.matrix },
  { key: "tariff", label: T.tariff },
  { key: "description", label: T.description },
];

/** The rows as typed; Save sends the whole list with ReplaceRateCodes. */
function RateCodesEditor({ utilityId, initial, onClose }: RateCodesEditorProps) {
  const replace = useReplaceRateCodes(utilityId);
  const nextKey = useRef(initial.length);
  const [rows, setRows] = useState<RateCodeRow[]>(() => rowsOf(initial));
  // The row whose Matrix box takes the focus when it appears: the first one, then each row added.
  const [focusKey, setFocusKey] = useState<number | null>(rows.length > 0 ? rows[0].key : null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const [page, setPage] = useState(1);
  const slice = slicePage(rows, page);

  const toSave = rateCodesToSave(rows);
  const changed = JSON.stringify(toSave) !== JSON.stringify(rateCodesToSave(rowsOf(initial)));
  const full = rows.length >= MAX_RATE_CODES;
  const canSave = changed && !replace.isPending;

  function edit(key: number, column: RateCodeColumn, value: string) {
    setRows((prev) => prev.map((row) => (row.key === key ? { ...row, [column]: value } : row)));
  }

  function addRow() {
    const key = nextKey.current++;
    setRows((prev) => [...prev, { key, matrix: "", tariff: "", description: "" }]);
    setFocusKey(key);
    // The new row is the last one: its page is shown.
    setPage(Number.POSITIVE_INFINITY);
  }

  async function handleSubmit(event: FormEvent) {
    event.preventDefault();
    if (!canSave) {
      return;
    }
    setRefusal(null);
    try {
      await replace.mutateAsync(toSave);
      void toast.success(UTILITY_TEXTS.rateCodesUpdated);
      onClose();
    } catch (err) {
      if (hasCode(err, ...REFUSAL_CODES)) {
        setRefusal(serverMessage(err));
      } else {
        void toast.error(UTILITY_TEXTS.rateCodesFailed);
      }
    }
  }

  return (
    <form onSubmit={handleSubmit} noValidate>
      <DialogBody>
        {rows.length === 0 ? (
          <NonIdealState icon="th-list" title={T.noCodes} />
        ) : (
          <div className="eris-rate-codes">
            <HTMLTable compact className="eris-table" aria-label={T.table}>
              <thead>
                <tr>
                  {COLUMNS.map(({ key, label }) => (
                    <th key={key}>{label}</th>
                  ))}
                  <th aria-hidden />
                </tr>
              </thead>
              <tbody>
                {slice.rows.map((row, index) => {
                  // Rows are numbered across pages.
                  const i = slice.first - 1 + index;
                  return (
                    <tr key={row.key}>
                      {COLUMNS.map(({ key, label }) => (
                        <td key={key}>
                          <InputGroup
                            size="small"
                            aria-label={T.cell(label, i + 1)}
                            autoFocus={key === "matrix" && row.key === focusKey}
                            value={row[key]}
                            onValueChange={(v) => edit(row.key, key, v)}
                          />
                        </td>
                      ))}
                      <td className="eris-actions-cell">
                        <Button
                          variant="minimal"
                          size="small"
                          icon="trash"
                          aria-label={T.removeRow(i + 1)}
                          title={T.removeRow(i + 1)}
                          onClick={() => setRows((prev) => prev.filter((r) => r.key !== row.key))}
                        />
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            </HTMLTable>
          </div>
        )}
        <ClientPager slice={slice} label={T.table} onPage={setPage} />
        <div className="eris-toolbar">
          <Button
            icon="add-row-bottom"
            text={T.addRow}
            disabled={full}
            autoFocus={rows.length === 0}
            onClick={addRow}
          />
          <span className={Classes.TEXT_MUTED}>{full ? T.limit(MAX_RATE_CODES) : T.unsavedHint}</span>
        </div>
        <FormError message={refusal} />
      </DialogBody>
      <SubmitFooter
        cancelText={UTILITY_TEXTS.cancel}
        submitText={UTILITY_TEXTS.save}
        busy={replace.isPending}
        canSubmit={canSave}
        onCancel={onClose}
      />
    </form>
  );
}

function rowsOf(codes: readonly RateCode[]): RateCodeRow[] {
  return codes.map((code, key) => ({ key, matrix: code.matrix, tariff: code.tariff, description: code.description }));
}
