import { useCallback, useEffect, useRef, useState, type DragEvent } from "react";

import {
  AnchorButton,
  Button,
  Callout,
  Classes,
  DialogBody,
  DialogFooter,
  FileInput,
  Icon,
  Intent,
  NonIdealState,
  Spinner,
} from "@blueprintjs/core";

import { useSession } from "../../app/auth/SessionContext";
import { ConfirmDialog } from "../../components/ConfirmDialog";
import { ModalDialog } from "../../components/FormDialogParts";
import type { Contract } from "../../gen/eris/contracts/v1/contracts_pb";
import { CONTRACT_TEXTS } from "../../lib/records/contractTexts";
import { toast } from "../../lib/toaster";
import {
  CONTRACT_FILE_ACCEPT,
  contractFileType,
  fetchContractFile,
  FileRefused,
  isPdf,
  MAX_CONTRACT_FILE_BYTES,
  sizeText,
  uploadContractFile,
  type FileSession,
} from "./contractFiles";
import { useDeleteContractFile, useRefreshContracts } from "./contractQueries";
import { CONTRACT_PDF_TEXTS } from "./texts";

const T = CONTRACT_PDF_TEXTS;
/** The viewer needs room: the spec's 75% wide dialog. */
const DIALOG_WIDTH = "75%";

export interface ContractPdfDialogProps {
  contract: Contract;
  onClose: () => void;
}

/**
 * The contract's file: a PDF shows in a viewer (an Excel file is offered as a download), with a
 * button that deletes it after the spec's confirmation; without a file, a picker and a drop area
 * take a PDF or Excel file of at most 25 MB and Upload Contract stores it.
 */
export function ContractPdfDialog({ contract, onClose }: ContractPdfDialogProps) {
  const session = useSession();
  const deleteFile = useDeleteContractFile();
  // The name of the file stored now: it changes with an upload or a delete made here.
  const [fileName, setFileName] = useState(contract.fileName);
  const [confirming, setConfirming] = useState(false);

  async function confirmDelete() {
    try {
      await deleteFile.mutateAsync(contract.contractId);
      setFileName("");
    } catch {
      void toast.error(CONTRACT_TEXTS.failed);
    } finally {
      setConfirming(false);
    }
  }

  return (
    <ModalDialog
      isOpen
      title={T.title}
      icon="document"
      className="eris-contract-pdf-dialog"
      style={{ width: DIALOG_WIDTH }}
      onClose={onClose}
    >
      <DialogBody>
        {fileName ? (
          <FileViewer key={fileName} session={session} contractId={contract.contractId} fileName={fileName} />
        ) : (
          <UploadArea session={session} contractId={contract.contractId} onUploaded={setFileName} />
        )}
      </DialogBody>
      <DialogFooter
        actions={
          <>
            {fileName && (
              <Button
                icon="trash"
                intent={Intent.DANGER}
                text={T.deleteFile}
                loading={deleteFile.isPending}
                onClick={() => setConfirming(true)}
              />
            )}
            <Button text={T.close} onClick={onClose} />
          </>
        }
      />
      <ConfirmDialog
        isOpen={confirming}
        icon="trash"
        confirmText={T.deleteFile}
        loading={deleteFile.isPending}
        onConfirm={() => void confirmDelete()}
        onCancel={() => setConfirming(false)}
      >
        <p>{CONTRACT_TEXTS.pdfDeleteConfirm}</p>
      </ConfirmDialog>
    </ModalDialog>
  );
}

type View = { kind: "loading" } | { kind: "ready"; url: string; pdf: boolean } | { kind: "failed" };

interface FileViewerProps {
  session: FileSession;
  contractId: bigint;
  fileName: string;
}

/** The stored file, read with the session's token into a blob address that lives as long as the viewer. */
function FileViewer({ session, contractId, fileName }: FileViewerProps) {
  const [view, setView] = useState<View>({ kind: "loading" });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    const abort = new AbortController();
    let url: string | null = null;
    fetchContractFile(session, contractId, abort.signal).then(
      (file) => {
        url = URL.createObjectURL(file.blob);
        setView({ kind: "ready", url, pdf: isPdf(file.contentType, fileName) });
      },
      () => {
        if (!abort.signal.aborted) {
          setView({ kind: "failed" });
          void toast.error(CONTRACT_TEXTS.failed);
        }
      },
    );
    return () => {
      abort.abort();
      if (url) {
        URL.revokeObjectURL(url);
      }
    };
  }, [session, contractId, fileName, attempt]);

  if (view.kind === "loading") {
    return <Spinner aria-label={T.loading} />;
  }
  if (view.kind === "failed") {
    return (
      <NonIdealState
        icon="error"
        title={CONTRACT_TEXTS.failed}
        action={
          <Button
            icon="refresh"
            text={T.retry}
            onClick={() => {
              setView({ kind: "loading" });
              setAttempt((n) => n + 1);
            }}
          />
        }
      />
    );
  }
  if (view.pdf) {
    return <PdfViewer url={view.url} />;
  }
  return (
    <div className="eris-contract-file">
      <p className={Classes.TEXT_MUTED}>{T.excelNote}</p>
      <AnchorButton
        icon="download"
        intent={Intent.PRIMARY}
        href={view.url}
        download={fileName}
        text={T.download(fileName)}
      />
    </div>
  );
}

/**
 * The browser's PDF viewer in a frame. Keys pressed inside the frame never reach this page, so
 * Escape would not close the dialog: Tab skips the frame, and a click into it (to scroll, zoom or
 * select) gives focus straight back to the frame's holder. The mouse keeps working in the viewer.
 */
function PdfViewer({ url }: { url: string }) {
  const holder = useRef<HTMLDivElement>(null);
  const reclaim = useCallback(() => {
    const frame = holder.current?.querySelector("iframe");
    if (frame && document.activeElement === frame) {
      holder.current?.focus({ preventScroll: true });
    }
  }, []);
  useEffect(() => {
    let timers: number[] = [];
    // The page loses focus to the frame: take it back once the click has reached the viewer, and
    // again a moment later, for a busy machine on which the frame takes it late.
    const onBlur = () => {
      timers.forEach((timer) => window.clearTimeout(timer));
      timers = [window.setTimeout(reclaim, 0), window.setTimeout(reclaim, 150)];
    };
    window.addEventListener("blur", onBlur);
    return () => {
      window.removeEventListener("blur", onBlur);
      timers.forEach((timer) => window.clearTimeout(timer));
    };
  }, [reclaim]);
  return (
    // The holder only keeps focus for the dialog: no focus ring around the viewer. A viewer that
    // takes focus as its document loads (after a click while it was loading) gives it back too.
    <div ref={holder} tabIndex={-1} style={{ outline: "none" }} data-testid="contract-pdf-holder">
      <iframe title={T.viewer} src={url} tabIndex={-1} className="eris-contract-pdf-viewer" onLoad={reclaim} />
    </div>
  );
}

interface UploadAreaProps {
  session: FileSession;
  contractId: bigint;
  /** Told the stored file's name once the upload is done. */
  onUploaded: (fileName: string) => void;
}

/** A file picker and a drop area for one PDF or Excel file of at most 25 MB, and Upload Contract. */
function UploadArea({ session, contractId, onUploaded }: UploadAreaProps) {
  const refresh = useRefreshContracts();
  const [file, setFile] = useState<File | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [uploading, setUploading] = useState(false);
  const [over, setOver] = useState(false);

  function choose(chosen: File | undefined) {
    if (!chosen) {
      return;
    }
    setFile(chosen);
    if (!contractFileType(chosen)) {
      setProblem(T.wrongType);
    } else if (chosen.size > MAX_CONTRACT_FILE_BYTES) {
      setProblem(T.tooLarge);
    } else {
      setProblem(null);
    }
  }

  function drop(event: DragEvent<HTMLDivElement>) {
    event.preventDefault();
    setOver(false);
    choose(event.dataTransfer.files[0]);
  }

  async function upload() {
    if (!file || problem) {
      return;
    }
    setUploading(true);
    try {
      await uploadContractFile(session, contractId, file);
      void toast.success(CONTRACT_TEXTS.uploaded);
      void refresh();
      onUploaded(file.name);
    } catch (err) {
      if (err instanceof FileRefused) {
        setProblem(err.message);
      } else {
        void toast.error(CONTRACT_TEXTS.failed);
      }
    } finally {
      setUploading(false);
    }
  }

  return (
    <div className="eris-contract-upload">
      <div
        className={["eris-contract-drop", over ? "eris-contract-drop-over" : ""].filter(Boolean).join(" ")}
        data-testid="contract-drop"
        onDragOver={(event) => {
          event.preventDefault();
          setOver(true);
        }}
        onDragLeave={() => setOver(false)}
        onDrop={drop}
      >
        <Icon icon="cloud-upload" size={32} className={Classes.TEXT_MUTED} />
        <p>{T.dropHere}</p>
        <FileInput
          text={file ? T.chosen(file.name, sizeText(file.size)) : T.chooseFile}
          hasSelection={file !== null}
          inputProps={{ accept: CONTRACT_FILE_ACCEPT, "aria-label": T.fileInput }}
          onInputChange={(event) => choose(event.currentTarget.files?.[0])}
        />
      </div>
      {problem && (
        <Callout intent={Intent.DANGER} role="alert" className="eris-form-error">
          {problem}
        </Callout>
      )}
      <Button
        intent={Intent.PRIMARY}
        icon="upload"
        text={CONTRACT_TEXTS.uploadContract}
        loading={uploading}
        disabled={!file || problem !== null}
        onClick={() => void upload()}
      />
    </div>
  );
}
