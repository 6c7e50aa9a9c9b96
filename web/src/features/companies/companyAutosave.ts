import { Code } from "@connectrpc/connect";

import { hasCode, serverMessage } from "../../api/errors";
import type { Company } from "../../gen/eris/crm/v1/crm_pb";
import {
  companyChanges,
  fieldMatches,
  formOf,
  type CompanyForm,
  type CompanyFormKey,
  type CompanyInit,
} from "./companyForm";

/** Typing saves this long after the last key stroke (or on blur, whichever comes first). */
export const TYPING_SAVE_DELAY_MS = 800;

export type AutosaveStatus = "idle" | "saving" | "saved" | "failed";

export interface AutosaveSnapshot {
  /** The company as last read from the server; its version goes with the next save. */
  company: Company;
  /** What the screen shows, including edits not yet saved. */
  form: CompanyForm;
  status: AutosaveStatus;
}

/** What the autosaver needs from the outside world. */
export interface AutosaveDeps {
  /** UpdateCompany with the changed fields and the version read; answers the company as saved. */
  update(company: Partial<CompanyInit> & { companyId: bigint; version: bigint }, paths: string[]): Promise<Company>;
  /** GetCompany: what is stored now (after a stale save). */
  reload(companyId: bigint): Promise<Company | undefined>;
  onSaved?(company: Company): void;
  /** Someone else changed the company: the server's message; the form now shows the stored values. */
  onStale?(message: string): void;
  onFailed?(err: unknown): void;
}

/**
 * Saves a company field by field as it is edited: each save sends only the changed fields with the
 * version last read, and saves never overlap (an edit made during a save is sent right after it).
 */
export class CompanyAutosaver {
  private snapshot: AutosaveSnapshot;
  private readonly listeners = new Set<() => void>();
  private timer: ReturnType<typeof setTimeout> | undefined;
  private inFlight: Promise<void> | null = null;
  private again = false;

  constructor(
    company: Company,
    private readonly deps: AutosaveDeps,
    private readonly typingDelayMs = TYPING_SAVE_DELAY_MS,
  ) {
    this.snapshot = { company, form: formOf(company), status: "idle" };
  }

  getSnapshot = (): AutosaveSnapshot => this.snapshot;

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  /** Applies an edit; "now" saves at once, "typing" after the typing delay. */
  edit(patch: Partial<CompanyForm>, when: "now" | "typing"): void {
    this.set({ form: { ...this.snapshot.form, ...patch } });
    if (when === "now") {
      this.flush();
    } else {
      clearTimeout(this.timer);
      this.timer = setTimeout(() => this.flush(), this.typingDelayMs);
    }
  }

  /** Saves whatever differs from the stored company now (blur, leaving the screen). */
  flush(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
    void this.save();
  }

  /** Resolves when no save is running or waiting. */
  async idle(): Promise<void> {
    while (this.inFlight) {
      await this.inFlight;
    }
  }

  /**
   * A newer copy of the company was read elsewhere (a background refetch): take it, unless an edit
   * is waiting or being saved, in which case that save settles the matter.
   */
  adopt(company: Company): void {
    const { company: current, form } = this.snapshot;
    if (company.version <= current.version || this.inFlight || companyChanges(current, form).paths.length > 0) {
      return;
    }
    this.set({ company, form: formOf(company) });
  }

  /** Stops the typing timer without saving (the screen is gone and a flush already ran). */
  dispose(): void {
    clearTimeout(this.timer);
  }

  private save(): Promise<void> {
    if (this.inFlight) {
      this.again = true;
      return this.inFlight;
    }
    const run = this.send().finally(() => {
      this.inFlight = null;
      if (this.again) {
        this.again = false;
        void this.save();
      }
    });
    this.inFlight = run;
    return run;
  }

  private async send(): Promise<void> {
    const { company, form: sent } = this.snapshot;
    const changes = companyChanges(company, sent);
    if (changes.paths.length === 0) {
      return;
    }
    this.set({ status: "saving" });
    try {
      const saved = await this.deps.update(
        { ...changes.fields, companyId: company.companyId, version: company.version },
        changes.paths,
      );
      this.set({ company: saved, form: this.settle(changes.keys, sent, saved), status: "saved" });
      this.deps.onSaved?.(saved);
    } catch (err) {
      if (hasCode(err, Code.Aborted)) {
        // Someone else saved first: everything on screen is replaced by what is stored now.
        this.again = false;
        clearTimeout(this.timer);
        let latest: Company | undefined;
        try {
          latest = await this.deps.reload(company.companyId);
        } catch {
          latest = undefined;
        }
        if (latest) {
          this.set({ company: latest, form: formOf(latest), status: "idle" });
        } else {
          this.set({ status: "failed" });
        }
        this.deps.onStale?.(serverMessage(err));
        return;
      }
      // The refused fields go back to their stored values: the screen shows what is saved.
      this.set({ form: this.settle(changes.keys, sent, company), status: "failed" });
      this.deps.onFailed?.(err);
    }
  }

  /**
   * After a save (or a refused one), the sent fields show the stored value, unless the person has
   * edited them again meanwhile or they already mean the same ("1,250,000" and "1250000").
   */
  private settle(keys: CompanyFormKey[], sent: CompanyForm, stored: Company): CompanyForm {
    const current = this.snapshot.form;
    const storedForm = formOf(stored);
    const next: CompanyForm = { ...current };
    for (const key of keys) {
      if (current[key] === sent[key] && !fieldMatches(key, current, stored)) {
        Object.assign(next, { [key]: storedForm[key] });
      }
    }
    return next;
  }

  private set(patch: Partial<AutosaveSnapshot>): void {
    this.snapshot = { ...this.snapshot, ...patch };
    this.listeners.forEach((listener) => listener());
  }
}
