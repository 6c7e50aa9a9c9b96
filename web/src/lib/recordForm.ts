import { useState } from "react";

import { Code } from "@connectrpc/connect";

import { hasCode, serverMessage } from "../api/errors";
import { toast } from "./toaster";

/** A form's values: texts and enum choices. */
export type FieldValues = Record<string, string | number>;

/** The fields an update sends, the mask paths naming them and the form keys they come from. */
export interface FieldChanges<F> {
  fields: Partial<F>;
  paths: string[];
  keys: (keyof F)[];
}

/** What people type, trimmed; choices are kept as they are. */
export function trimFields<F extends FieldValues>(fields: F): F {
  return Object.fromEntries(
    Object.entries(fields).map(([key, value]) => [key, typeof value === "string" ? value.trim() : value]),
  ) as F;
}

/**
 * The keys whose values differ between two copies of a form, in `keys` order. `comparable` reads a
 * field as it would be sent, so that spellings of one value ("7.50" and "7.5", " Plant" and "Plant")
 * are no change.
 */
export function editedKeys<F, K extends keyof F>(
  keys: readonly K[],
  before: F,
  after: F,
  comparable: (form: F, key: K) => unknown,
): K[] {
  return keys.filter((key) => comparable(before, key) !== comparable(after, key));
}

/**
 * After a stale save: the record as stored now, with the fields the person edited keeping what they
 * typed. The fields they never touched show the newer stored values, so saving again does not undo
 * someone else's change to a field this person never touched.
 */
export function keepTyped<F>(fresh: F, typed: F, edited: readonly (keyof F)[]): F {
  const merged = { ...fresh };
  for (const key of edited) {
    merged[key] = typed[key];
  }
  return merged;
}

/** The fields whose (trimmed) values differ, with their mask paths in `maskPaths` order. */
export function fieldChanges<F extends FieldValues>(
  before: F,
  after: F,
  maskPaths: { readonly [K in keyof F]: string },
): FieldChanges<F> {
  const a = trimFields(before);
  const b = trimFields(after);
  const keys = editedKeys(Object.keys(maskPaths) as (keyof F)[], a, b, (form, key) => form[key]);
  const fields: Partial<F> = {};
  for (const key of keys) {
    fields[key] = b[key];
  }
  return { fields, paths: keys.map((key) => maskPaths[key]), keys };
}

/** The fields stored now that differ from those read before: what someone else changed meanwhile. */
export function changedMeanwhile<F extends FieldValues>(read: F, stored: F): Partial<F> {
  const keys = editedKeys(Object.keys(stored) as (keyof F)[], read, stored, (form, key) => form[key]);
  return Object.fromEntries(keys.map((key) => [key, stored[key]])) as Partial<F>;
}

/** The note under a field someone else changed while the dialog was open (its stored value now). */
export function changedMeanwhileText(stored: string): string {
  return stored === ""
    ? "Someone else has cleared this meanwhile."
    : `Someone else has saved "${stored}" here meanwhile.`;
}

/** Answers that refuse what was typed: their message is shown beside the form, not in a toast. */
export const REFUSAL_CODES: readonly Code[] = [Code.InvalidArgument, Code.AlreadyExists];

/** How a save ended. */
export type SaveOutcome<T> =
  | { kind: "saved"; answer: T }
  /** ABORTED: someone else changed a field this save changes. */
  | { kind: "stale"; message: string }
  /** The server refused the values (e.g. a name already taken). */
  | { kind: "refused"; message: string }
  | { kind: "failed"; error: unknown };

export async function trySave<T>(save: () => Promise<T>): Promise<SaveOutcome<T>> {
  try {
    return { kind: "saved", answer: await save() };
  } catch (error) {
    if (hasCode(error, Code.Aborted)) {
      return { kind: "stale", message: serverMessage(error) };
    }
    if (hasCode(error, ...REFUSAL_CODES)) {
      return { kind: "refused", message: serverMessage(error) };
    }
    return { kind: "failed", error };
  }
}

/** The toasts of a record dialog; the spec's texts where it has them. */
export interface RecordFormTexts {
  /** The toasts after a save; none when the change shows by itself. */
  added?: string;
  updated?: string;
  addFailed: string;
  updateFailed: string;
  /** After a stale save, when the record could not be read again. */
  loadFailed: string;
}

export interface RecordSave<R, F> {
  create: (fields: F) => Promise<unknown>;
  /** Sends `changes` with the id and version of `current`. */
  update: (current: R, changes: FieldChanges<F>) => Promise<unknown>;
  /** Reads the record as stored now (after a stale save); undefined when it is gone. */
  reload: (current: R) => Promise<R | undefined>;
  texts: RecordFormTexts;
  onSaved: () => void;
}

export interface RecordForm<R, F extends FieldValues> {
  /** The record as last read (its version goes with the next update); undefined when adding. */
  current: R | undefined;
  /** The values as typed. */
  fields: F;
  set: <K extends keyof F>(key: K, value: F[K]) => void;
  /** What an update would send; null when adding. */
  changes: FieldChanges<F> | null;
  /** The server's explanation of a stale save (it names the field). */
  notice: string | null;
  /** The server's reason for refusing the values. */
  refusal: string | null;
  /** Fields someone else changed since the dialog opened, as stored now. */
  theirs: Partial<F>;
  saving: boolean;
  /**
   * Adds or updates. A stale update keeps the dialog open with what was typed, reads the record
   * again (so the next save carries the new version; untouched fields take the stored values) and
   * says which fields changed meanwhile.
   */
  save: (how: RecordSave<R, F>) => Promise<void>;
}

/**
 * The state of an add/edit dialog whose record is saved field by field: updates send only the
 * changed fields (`maskPaths`) with the version read; nothing typed is lost when a save is refused.
 */
export function useRecordForm<R, F extends FieldValues>(
  record: R | undefined,
  fieldsOf: (record: R) => F,
  empty: () => F,
  maskPaths: { readonly [K in keyof F]: string },
): RecordForm<R, F> {
  const [current, setCurrent] = useState<R | undefined>(record);
  const [fields, setFields] = useState<F>(() => (record ? fieldsOf(record) : empty()));
  const [notice, setNotice] = useState<string | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const [theirs, setTheirs] = useState<Partial<F>>({});
  const [saving, setSaving] = useState(false);

  const changes = current ? fieldChanges(fieldsOf(current), fields, maskPaths) : null;

  function set<K extends keyof F>(key: K, value: F[K]) {
    setFields((prev) => ({ ...prev, [key]: value }));
  }

  async function save({ create, update, reload, texts, onSaved }: RecordSave<R, F>) {
    setSaving(true);
    setRefusal(null);
    const read = current;
    const outcome = await trySave(() => (read && changes ? update(read, changes) : create(trimFields(fields))));
    setSaving(false);
    if (outcome.kind === "saved") {
      setNotice(null);
      const done = read ? texts.updated : texts.added;
      if (done) {
        void toast.success(done);
      }
      onSaved();
    } else if (outcome.kind === "refused") {
      setRefusal(outcome.message);
    } else if (outcome.kind === "failed") {
      void toast.error(read ? texts.updateFailed : texts.addFailed);
    } else {
      setNotice(outcome.message);
      if (read) {
        await rebase(read, reload, texts.loadFailed);
      }
    }
  }

  /**
   * Reads the record again after a stale save: what was typed stays, the fields not edited show the
   * stored values, and the next save carries the new version.
   */
  async function rebase(read: R, reload: (current: R) => Promise<R | undefined>, loadFailed: string) {
    try {
      const fresh = await reload(read);
      if (fresh) {
        const before = fieldsOf(read);
        const stored = fieldsOf(fresh);
        setTheirs((prev) => ({ ...prev, ...changedMeanwhile(before, stored) }));
        setFields((typed) => keepTyped(stored, typed, fieldChanges(before, typed, maskPaths).keys));
        setCurrent(fresh);
      }
    } catch {
      void toast.error(loadFailed);
    }
  }

  return { current, fields, set, changes, notice, refusal, theirs, saving, save };
}

/** How a list of ids is held as one form value ("3,7,12"). */
export const ID_SEPARATOR = ",";

/** Ids as one text, sorted, so that choosing the same ones in another order is no change. */
export function idsText(ids: readonly bigint[]): string {
  return [...new Set(ids)]
    .sort((a, b) => (a < b ? -1 : a > b ? 1 : 0))
    .map(String)
    .join(ID_SEPARATOR);
}

/** The ids of a text made by `idsText`. */
export function idsOf(text: string): bigint[] {
  return text
    .split(ID_SEPARATOR)
    .filter((part) => /^\d+$/.test(part))
    .map(BigInt);
}
