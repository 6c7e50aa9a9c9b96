import { Code } from "@connectrpc/connect";

import { errorCode, serverMessage } from "../../api/errors";
import type { Company } from "../../gen/eris/crm/v1/crm_pb";
import {
  COMPANY_FORM_KEYS,
  companyChanges,
  editErrors,
  fieldMatches,
  formOf,
  saveGroup,
  sameFieldValue,
  sameStoredValue,
  type CompanyChanges,
  type CompanyForm,
  type CompanyFormKey,
  type CompanyFormValue,
  type CompanyInit,
} from "./companyForm";

/** Typing saves this long after the last key stroke (or on blur, whichever comes first). */
export const TYPING_SAVE_DELAY_MS = 800;
/** The first automatic retry of a save that did not get through; each next one waits twice as long. */
export const FIRST_RETRY_DELAY_MS = 1000;
/** Automatic retries never wait longer than this. */
export const MAX_RETRY_DELAY_MS = 30_000;
/** Refusals for a stale version in a row (with no field in conflict) before saves back off. */
const MAX_ABORTS_IN_A_ROW = 3;

/** The wait before automatic retry number `attempt` (0 first): 1 s, 2 s, 4 s … at most 30 s. */
export function retryDelayMs(attempt: number): number {
  return Math.min(FIRST_RETRY_DELAY_MS * 2 ** attempt, MAX_RETRY_DELAY_MS);
}

/** Failures that a later try can get past: no answer, a timeout, an overloaded or broken server. */
const TRANSIENT_CODES: readonly Code[] = [
  Code.Unavailable,
  Code.DeadlineExceeded,
  Code.Internal,
  Code.Unknown,
  Code.ResourceExhausted,
  Code.Canceled,
];

/**
 * What a failed save means: "conflict" (ABORTED: someone else changed a field of the save),
 * "transient" (network, 5xx, UNAVAILABLE …: try again later) or "refused" (the service will not
 * take the value: INVALID_ARGUMENT, FAILED_PRECONDITION, PERMISSION_DENIED and the rest).
 */
export type FailureKind = "conflict" | "transient" | "refused";

export function failureKind(err: unknown): FailureKind {
  const code = errorCode(err);
  if (code === Code.Aborted) {
    return "conflict";
  }
  return TRANSIENT_CODES.includes(code) ? "transient" : "refused";
}

/**
 * What the screen says beside one field:
 * - unsaved: its save did not get through; it is retried automatically (and on Retry);
 * - refused: the service refused the value (its message); it is not sent again until edited;
 * - conflict: someone else changed the field; the field shows their value, `mine` is this person's.
 */
export type FieldNote =
  | { kind: "unsaved" }
  | { kind: "refused"; message: string; value: CompanyFormValue }
  | { kind: "conflict"; mine: CompanyFormValue };

export type FieldNotes = Partial<Record<CompanyFormKey, FieldNote>>;

export type AutosaveStatus = "idle" | "saving" | "saved" | "failed";

export interface AutosaveSnapshot {
  /** The company as last read from the server; its version goes with the next save. */
  company: Company;
  /** What the screen shows, including edits not yet saved. */
  form: CompanyForm;
  /** Fields whose save did not (yet) go through, and why. */
  notes: FieldNotes;
  /** How the last save went ("saving" while one runs). */
  status: AutosaveStatus;
  /** When the next automatic retry runs (ms since the epoch); null when none waits. */
  retryAt: number | null;
  /** The server's word on the last save refused for someone else's change, while a conflict is open. */
  conflictMessage: string | null;
}

/** What the autosaver needs from the outside world. */
export interface AutosaveDeps {
  /** UpdateCompany with the changed fields and the version read; answers the whole company as stored. */
  update(company: Partial<CompanyInit> & { companyId: bigint; version: bigint }, paths: string[]): Promise<Company>;
  /** GetCompany: what is stored now (after a refused stale save). */
  reload(companyId: bigint): Promise<Company | undefined>;
  /** A save went through; the company as stored now. */
  onSaved?(company: Company): void;
  /** A save met someone else's change (the server's message); the screen now shows what is stored. */
  onStale?(message: string): void;
  /** A save did not go through (it is retried, or its field shows why). */
  onFailed?(err: unknown): void;
}

/** The fields whose shown value is not stored: edits waiting, failed or refused, and conflicts. */
export function unsavedFields(snapshot: AutosaveSnapshot): CompanyFormKey[] {
  const { form, company, notes } = snapshot;
  return COMPANY_FORM_KEYS.filter((key) => notes[key]?.kind === "conflict" || !fieldMatches(key, form, company));
}

/** The fields that carry a note of this kind. */
export function fieldsNoted(notes: FieldNotes, kind: FieldNote["kind"]): CompanyFormKey[] {
  return COMPANY_FORM_KEYS.filter((key) => notes[key]?.kind === kind);
}

/**
 * Saves a company field by field as it is edited: each save sends only the changed fields with the
 * version last read, and saves never overlap (an edit made during a save is sent right after it).
 *
 * Nothing typed is dropped: after each save the whole stored company is merged in (fields not
 * being edited show the stored values, so other people's changes appear); a save refused because
 * someone else changed one of its fields shows their value with this person's kept aside, and
 * the fields of that save not in conflict are sent again; a save that does not get through keeps
 * its values and is retried with exponential backoff; a value the service refuses stays with the
 * service's message.
 */
export class CompanyAutosaver {
  private snapshot: AutosaveSnapshot;
  private readonly listeners = new Set<() => void>();
  private typingTimer: ReturnType<typeof setTimeout> | undefined;
  private retryTimer: ReturnType<typeof setTimeout> | undefined;
  private inFlight: Promise<void> | null = null;
  /** A save asked for while one runs; `retry` when it should send the unsaved fields too. */
  private queued: { retry: boolean } | null = null;
  /** Saves in a row that did not get through: the next retry waits retryDelayMs(failures - 1). */
  private failures = 0;
  /** After a refused save of several fields: one field (or status pair) per save, to tell which. */
  private oneAtATime = false;
  private abortsInARow = 0;
  /** The conflicts the shown server message is about (joined keys). */
  private conflictMessageFor = "";
  /** While detached (the screen is gone) nothing is retried automatically. */
  private attached = true;

  constructor(
    company: Company,
    private readonly deps: AutosaveDeps,
    private readonly typingDelayMs = TYPING_SAVE_DELAY_MS,
  ) {
    this.snapshot = {
      company,
      form: formOf(company),
      notes: {},
      status: "idle",
      retryAt: null,
      conflictMessage: null,
    };
  }

  getSnapshot = (): AutosaveSnapshot => this.snapshot;

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  /** Applies an edit; "now" saves at once, "typing" after the typing delay. */
  edit(patch: Partial<CompanyForm>, when: "now" | "typing"): void {
    const notes = { ...this.snapshot.notes };
    for (const key of Object.keys(patch) as CompanyFormKey[]) {
      // A new value is worth sending even if the last one was refused.
      if (notes[key]?.kind === "refused") {
        delete notes[key];
      }
    }
    this.set({ form: { ...this.snapshot.form, ...patch }, notes });
    if (when === "now") {
      this.flush();
    } else {
      clearTimeout(this.typingTimer);
      this.typingTimer = setTimeout(() => this.flush(), this.typingDelayMs);
    }
  }

  /** Saves whatever differs from the stored company now (blur, leaving the screen). */
  flush(): void {
    clearTimeout(this.typingTimer);
    this.typingTimer = undefined;
    void this.save(false);
  }

  /** Sends the fields that did not get through now, without waiting for the automatic retry. */
  retry(): void {
    clearTimeout(this.retryTimer);
    this.retryTimer = undefined;
    void this.save(true);
  }

  /** Conflict: puts this person's value back in the field and saves it over the other person's. */
  useMine(key: CompanyFormKey): void {
    const note = this.snapshot.notes[key];
    if (note?.kind !== "conflict") {
      return;
    }
    const notes = { ...this.snapshot.notes };
    delete notes[key];
    this.set({ notes });
    this.edit({ [key]: note.mine }, "now");
  }

  /** Conflict: keeps the other person's value and forgets this person's. */
  keepTheirs(key: CompanyFormKey): void {
    if (this.snapshot.notes[key]?.kind !== "conflict") {
      return;
    }
    const notes = { ...this.snapshot.notes };
    delete notes[key];
    this.set({ notes });
  }

  /** Resolves when no save is running or waiting to run. */
  async idle(): Promise<void> {
    while (this.inFlight) {
      await this.inFlight;
    }
  }

  /**
   * A newer copy of the company was read elsewhere (a background refetch): merge it as a save's
   * answer is merged, unless a save is running (its answer settles the matter).
   */
  adopt(company: Company): void {
    if (company.version <= this.snapshot.company.version || this.inFlight) {
      return;
    }
    // A field being typed in is never overwritten by a colleague's change heard in the
    // background: the copy is left aside, so that this person's save meets that change on the
    // server and the conflict note says so with both values.
    const { company: before, form } = this.snapshot;
    const clash = COMPANY_FORM_KEYS.some(
      (key) =>
        !fieldMatches(key, form, before) && !sameStoredValue(key, before, company) && !fieldMatches(key, form, company),
    );
    if (clash) {
      return;
    }
    this.rebase(company, [], form);
  }

  /** The screen shows the autosaver (again): a waiting retry is scheduled. */
  attach(): void {
    this.attached = true;
    if (fieldsNoted(this.snapshot.notes, "unsaved").length > 0 && this.retryTimer === undefined) {
      this.scheduleRetry();
    }
  }

  /** The screen is gone: no more timers (call flush first to send what was typed). */
  detach(): void {
    this.attached = false;
    clearTimeout(this.typingTimer);
    this.typingTimer = undefined;
    clearTimeout(this.retryTimer);
    this.retryTimer = undefined;
  }

  /** Same as detach. */
  dispose(): void {
    this.detach();
  }

  private save(retry: boolean): Promise<void> {
    if (this.inFlight) {
      this.queued = { retry: retry || (this.queued?.retry ?? false) };
      return this.inFlight;
    }
    const run = this.send(retry).finally(() => {
      this.inFlight = null;
      const next = this.queued;
      this.queued = null;
      if (next) {
        void this.save(next.retry);
      }
    });
    this.inFlight = run;
    return run;
  }

  /** Asks for another save once the running one is done. */
  private queue(retry: boolean): void {
    this.queued = { retry: retry || (this.queued?.retry ?? false) };
  }

  /**
   * What the next save sends: the changed fields, except those with a client-side error, a value
   * the service refused, or (unless retrying) a failed save waiting for its retry.
   */
  private outgoing(retry: boolean): CompanyChanges {
    const { company, form, notes } = this.snapshot;
    const errors = editErrors(form);
    const all = companyChanges(company, form, (key) => {
      const note = notes[key];
      if (errors[key] !== undefined) {
        return false;
      }
      if (note?.kind === "refused" && sameFieldValue(note.value, form[key])) {
        return false;
      }
      return retry || note?.kind !== "unsaved";
    });
    const groups = [...new Set(all.keys.map(saveGroup))];
    if (groups.length <= 1) {
      this.oneAtATime = false;
    }
    if (!this.oneAtATime) {
      return all;
    }
    return companyChanges(company, form, (key) => all.keys.includes(key) && saveGroup(key) === groups[0]);
  }

  private async send(retry: boolean): Promise<void> {
    if (retry) {
      clearTimeout(this.retryTimer);
      this.retryTimer = undefined;
    }
    const changes = this.outgoing(retry);
    if (changes.keys.length === 0) {
      return;
    }
    const { company: base, form: sent } = this.snapshot;
    this.set({ status: "saving", retryAt: retry ? null : this.snapshot.retryAt });
    let saved: Company;
    try {
      saved = await this.deps.update(
        { ...changes.fields, companyId: base.companyId, version: base.version },
        changes.paths,
      );
    } catch (err) {
      await this.failed(err, changes.keys, sent, retry);
      return;
    }
    this.abortsInARow = 0;
    this.rebase(saved, changes.keys, sent);
    this.set({ status: "saved" });
    if (this.oneAtATime) {
      this.queue(retry);
    }
    this.deps.onSaved?.(saved);
  }

  private async failed(err: unknown, keys: CompanyFormKey[], sent: CompanyForm, retry: boolean): Promise<void> {
    const kind = failureKind(err);
    if (kind === "conflict") {
      await this.resolveConflict(err, keys, sent, retry);
      return;
    }
    if (kind === "transient") {
      this.postpone(keys);
    } else {
      this.refuse(keys, sent, serverMessage(err), retry);
    }
    this.deps.onFailed?.(err);
  }

  /** The save did not get through: its fields keep their values, marked unsaved, and are retried. */
  private postpone(keys: CompanyFormKey[]): void {
    const notes = { ...this.snapshot.notes };
    for (const key of keys) {
      if (notes[key]?.kind !== "conflict") {
        notes[key] = { kind: "unsaved" };
      }
    }
    this.failures += 1;
    this.set({ notes, status: "failed" });
    this.scheduleRetry();
  }

  private scheduleRetry(): void {
    clearTimeout(this.retryTimer);
    this.retryTimer = undefined;
    if (!this.attached) {
      this.set({ retryAt: null });
      return;
    }
    const delay = retryDelayMs(Math.max(this.failures - 1, 0));
    this.retryTimer = setTimeout(() => this.retry(), delay);
    this.set({ retryAt: Date.now() + delay });
  }

  /**
   * The service refused the save. With one field (or status pair) the field keeps the value with
   * the service's message; with several, they are sent one at a time to find the one refused.
   */
  private refuse(keys: CompanyFormKey[], sent: CompanyForm, message: string, retry: boolean): void {
    if (new Set(keys.map(saveGroup)).size > 1) {
      this.oneAtATime = true;
      this.queue(retry);
      return;
    }
    const { form } = this.snapshot;
    const notes = { ...this.snapshot.notes };
    for (const key of keys) {
      if (sameFieldValue(form[key], sent[key])) {
        notes[key] = { kind: "refused", message, value: sent[key] };
      } else if (notes[key]?.kind === "unsaved") {
        // Typed again meanwhile: the new value goes out as a fresh edit.
        delete notes[key];
      }
    }
    this.set({ notes, status: "failed" });
    // Whatever else waits (edits made meanwhile, the next field of a split save) goes next.
    this.queue(retry);
  }

  /**
   * ABORTED: someone else changed a field of this save. What is stored now is read; each field of
   * the save that they changed shows their value with this person's kept aside (a conflict note);
   * the fields of the save they did not change are sent again with the fresh version.
   */
  private async resolveConflict(err: unknown, keys: CompanyFormKey[], sent: CompanyForm, retry: boolean) {
    let latest: Company | undefined;
    try {
      latest = await this.deps.reload(this.snapshot.company.companyId);
    } catch (reloadErr) {
      if (failureKind(reloadErr) === "refused") {
        this.refuse(keys, sent, serverMessage(reloadErr), retry);
      } else {
        this.postpone(keys);
      }
      this.deps.onFailed?.(reloadErr);
      return;
    }
    if (!latest) {
      this.refuse(keys, sent, serverMessage(err), retry);
      return;
    }
    this.abortsInARow += 1;
    const before = fieldsNoted(this.snapshot.notes, "conflict");
    this.rebase(latest, [], sent);
    // The server's message names the fields of this save; it is shown while they are all that is in conflict.
    const conflicts = fieldsNoted(this.snapshot.notes, "conflict");
    const message = before.length === 0 && conflicts.length > 0 ? serverMessage(err) : null;
    this.conflictMessageFor = message === null ? "" : conflicts.join();
    this.set({ status: "idle", conflictMessage: message });
    this.deps.onStale?.(serverMessage(err));
    if (this.abortsInARow >= MAX_ABORTS_IN_A_ROW) {
      // Someone keeps saving first: wait as after a failure instead of racing them.
      this.abortsInARow = 0;
      this.postpone(keys.filter((key) => !fieldMatches(key, this.snapshot.form, this.snapshot.company)));
    } else {
      this.queue(retry);
    }
  }

  /**
   * Takes `next` as the stored company and merges it into the form, field by field:
   * - a field just saved (`saved`) shows the stored value, unless it was edited again meanwhile or
   *   already means the same ("1250000" and "1,250,000");
   * - a field with no edit waiting shows the stored value, so other people's changes appear;
   * - a field with an edit waiting keeps it, unless someone else changed the stored value: then
   *   it shows theirs, and this person's value is kept aside in a conflict note.
   */
  private rebase(next: Company, saved: CompanyFormKey[], sent: CompanyForm): void {
    const { company: before, form: current } = this.snapshot;
    const stored = formOf(next);
    const form: CompanyForm = { ...current };
    const notes = { ...this.snapshot.notes };
    const show = (key: CompanyFormKey) => {
      if (!fieldMatches(key, current, next)) {
        Object.assign(form, { [key]: stored[key] });
      }
    };
    for (const key of COMPANY_FORM_KEYS) {
      if (saved.includes(key)) {
        delete notes[key];
        if (sameFieldValue(current[key], sent[key])) {
          show(key);
        }
      } else if (fieldMatches(key, current, before)) {
        show(key);
      } else if (!sameStoredValue(key, before, next) && !fieldMatches(key, current, next)) {
        Object.assign(form, { [key]: stored[key] });
        notes[key] = { kind: "conflict", mine: current[key] };
      }
    }
    this.set({ company: next, form, notes });
  }

  /**
   * Updates the snapshot; notes of fields that now show what is stored are dropped, and once no
   * field waits for a retry the backoff starts over.
   */
  private set(patch: Partial<AutosaveSnapshot>): void {
    let next = { ...this.snapshot, ...patch };
    if (patch.form || patch.company || patch.notes) {
      const notes = { ...next.notes };
      for (const key of COMPANY_FORM_KEYS) {
        const kind = notes[key]?.kind;
        if ((kind === "unsaved" || kind === "refused") && fieldMatches(key, next.form, next.company)) {
          delete notes[key];
        }
      }
      next = { ...next, notes };
      if (fieldsNoted(notes, "conflict").join() !== this.conflictMessageFor) {
        next.conflictMessage = null;
      }
      if (fieldsNoted(notes, "unsaved").length === 0) {
        clearTimeout(this.retryTimer);
        this.retryTimer = undefined;
        this.failures = 0;
        next.retryAt = null;
      }
    }
    this.snapshot = next;
    this.listeners.forEach((listener) => listener());
  }
}
