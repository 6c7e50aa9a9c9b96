import { createContext, useContext, useEffect, useState } from "react";

import { Code, ConnectError, type Client } from "@connectrpc/connect";
import type { Query, QueryClient, QueryKey } from "@tanstack/react-query";

import type { Change, ChangeFeedService, WatchChangesResponse } from "../gen/eris/reporting/v1/changes_pb";

/**
 * The change feed: what colleagues change, as they save it, so that open screens show it without
 * being reopened. A change names records (company, contract, record), never their values: the
 * screens that show one read it again with their usual calls.
 */

/** One batch from the feed, or `missed` when changes may have gone unheard (a reconnection). */
export interface ChangeBatch {
  changes: readonly Change[];
  missed: boolean;
}

/** What the feed needs from the session: the token it called with, and a fresh one when refused. */
export interface FeedSession {
  getToken(): string | null;
  renewToken(refused: string | null): Promise<string | null>;
}

/** Waits between attempts after a failure: 1, 2, 4, 8, then 15 seconds. */
export const RECONNECT_DELAYS_MS = [1_000, 2_000, 4_000, 8_000, 15_000] as const;

function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener("abort", () => {
      clearTimeout(timer);
      resolve();
    });
  });
}

/**
 * Listens until `signal` aborts: opens the stream, hands each batch to `onBatch`, and opens it
 * again when it ends (the token expired) or fails (the service restarted, the network dropped),
 * with a fresh token when the old one is refused. After an interruption the next stream starts
 * with a `missed` batch, since what changed meanwhile is unknown. Ends when the session has ended.
 */
export async function watchChanges(
  client: Pick<Client<typeof ChangeFeedService>, "watchChanges">,
  session: FeedSession,
  onBatch: (batch: ChangeBatch) => void,
  signal: AbortSignal,
  delays: readonly number[] = RECONNECT_DELAYS_MS,
): Promise<void> {
  let failures = 0;
  let interrupted = false;
  while (!signal.aborted) {
    const token = session.getToken();
    if (!token) {
      return;
    }
    try {
      let first = true;
      for await (const response of client.watchChanges({}, { signal })) {
        if (first) {
          first = false;
          failures = 0;
          if (interrupted) {
            interrupted = false;
            onBatch({ changes: [], missed: true });
          }
        }
        if (response.changes.length > 0 || response.missed) {
          onBatch(batchOf(response));
        }
      }
      // The stream ended as it should (the token expired): open it again at once.
      interrupted = true;
    } catch (err) {
      if (signal.aborted) {
        return;
      }
      interrupted = true;
      const code = ConnectError.from(err).code;
      // No feed to listen to (a service without it) or none for this caller: screens refresh
      // when they open, as without the feed.
      if (code === Code.Unimplemented || code === Code.PermissionDenied) {
        return;
      }
      if (code === Code.Unauthenticated) {
        if (!(await session.renewToken(token))) {
          return;
        }
        continue;
      }
      await sleep(delays[Math.min(failures, delays.length - 1)], signal);
      failures += 1;
    }
  }
}

function batchOf(response: WatchChangesResponse): ChangeBatch {
  return { changes: response.changes, missed: response.missed };
}

/** The kind of record a change is about: the first part of its type (company.updated → company). */
function recordKind(change: Change): string {
  return change.kind.split(".")[0] ?? "";
}

/** The query roots each kind of change can make stale. */
const ROOTS_BY_KIND: Record<string, readonly string[]> = {
  company: ["companies", "callBanks", "tasks", "contracts", "rfps"],
  account: ["accounts", "companies"],
  contact: ["contacts", "companies"],
  contract: ["contracts", "payments", "hedges", "companies"],
  rfp: ["rfps"],
};

/** A directory entry's change makes the directories stale, whoever shows them. */
const DIRECTORY_ROOTS = ["suppliers", "utilities", "rateTypes"] as const;

/**
 * The parts of a query key that scope it to one record (`[root, scope, id, ...]`); a key under a
 * root without one is a list across records, stale whenever a record under that root changes.
 */
const RECORD_SCOPES = new Set([
  "one",
  "list",
  "usage",
  "capacity",
  "changes",
  "notes",
  "company",
  "beta list",
  "beta one",
  "dr",
]);

/** Queries never refreshed by the feed: a paste preview checks typed text, not stored records. */
const NEVER = new Set(["paste"]);

/**
 * Whether `key` may show what `change` changed. Reports are never refreshed under their reader:
 * they count changes instead (see `useChangesSince`).
 */
export function isStaleAfter(key: QueryKey, change: Change): boolean {
  const [root, scope] = key;
  if (typeof root !== "string" || root === "reports" || (typeof scope === "string" && NEVER.has(scope))) {
    return false;
  }
  if (change.companyId === 0n) {
    return (DIRECTORY_ROOTS as readonly string[]).includes(root);
  }
  if (!(ROOTS_BY_KIND[recordKind(change)] ?? []).includes(root)) {
    return false;
  }
  const ids = new Set(
    [change.companyId, change.contractId, change.recordId].filter((id) => id !== 0n).map((id) => id.toString()),
  );
  // The hedges of a contract are keyed ["hedges", contractId].
  if (root === "hedges") {
    return ids.has(String(scope));
  }
  if (typeof scope === "string" && RECORD_SCOPES.has(scope)) {
    return ids.has(String(key[2]));
  }
  return true;
}

/**
 * The shortest time between two reads of one open screen's query that the feed causes. A burst of
 * changes (a colleague's import, a statement applied) reads each list once at its start and once
 * after it, instead of once per batch, each read cancelling the one before.
 */
export const REFRESH_GAP_MS = 1_000;
/** How often a refresh due while its query is still reading looks again. */
const BUSY_RETRY_MS = 100;

/**
 * Marks what the feed's batches changed as stale. A closed screen's query reads again when the
 * screen opens. An open one reads again at once; if it read for the feed less than
 * `REFRESH_GAP_MS` ago, or is reading now (that read may have begun before the change), it reads
 * once more when that is over, so the last change of a burst is always shown.
 */
export class FeedRefresher {
  /** Refreshes due, by query hash. */
  private readonly due = new Map<string, ReturnType<typeof setTimeout>>();
  /** When each query last read because of the feed. */
  private readonly lastRead = new Map<string, number>();

  constructor(
    private readonly client: QueryClient,
    private readonly gapMs: number = REFRESH_GAP_MS,
  ) {}

  refresh(batch: ChangeBatch): void {
    if (!batch.missed && batch.changes.length === 0) {
      return;
    }
    const stale = (query: Query) =>
      batch.missed
        ? query.queryKey[0] !== "reports"
        : batch.changes.some((change) => isStaleAfter(query.queryKey, change));
    for (const query of this.client.getQueryCache().findAll({ predicate: stale })) {
      this.schedule(query);
    }
  }

  /** Drops the refreshes still due (the app signed out). */
  stop(): void {
    for (const timer of this.due.values()) {
      clearTimeout(timer);
    }
    this.due.clear();
  }

  private schedule(query: Query): void {
    const hash = query.queryHash;
    if (this.due.has(hash)) {
      // A read is already due, after this change: it shows this change too.
      return;
    }
    if (!query.isActive()) {
      void this.client.invalidateQueries({ queryKey: query.queryKey, exact: true, refetchType: "none" });
      return;
    }
    const wait = (this.lastRead.get(hash) ?? -Infinity) + this.gapMs - Date.now();
    if (wait <= 0 && query.state.fetchStatus !== "fetching") {
      this.read(hash);
    } else {
      this.later(hash, Math.max(wait, BUSY_RETRY_MS));
    }
  }

  private later(hash: string, wait: number): void {
    this.due.set(
      hash,
      setTimeout(() => {
        this.due.delete(hash);
        const query = this.client.getQueryCache().get(hash);
        if (!query) {
          return;
        }
        if (query.state.fetchStatus === "fetching") {
          this.later(hash, BUSY_RETRY_MS);
        } else {
          this.read(hash);
        }
      }, wait),
    );
  }

  private read(hash: string): void {
    const query = this.client.getQueryCache().get(hash);
    if (!query) {
      return;
    }
    const now = Date.now();
    for (const [old, at] of this.lastRead) {
      if (now - at > this.gapMs) {
        this.lastRead.delete(old);
      }
    }
    this.lastRead.set(hash, now);
    void this.client.invalidateQueries({ queryKey: query.queryKey, exact: true }, { cancelRefetch: false });
  }
}

/** Hands each batch to whoever listens (the reports' banners). */
export class ChangeListeners {
  private readonly listeners = new Set<(batch: ChangeBatch) => void>();

  listen(listener: (batch: ChangeBatch) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  emit(batch: ChangeBatch): void {
    for (const listener of this.listeners) {
      listener(batch);
    }
  }
}

/** The signed-in app's feed: its listeners and the current user (whose own saves reports skip). */
export interface LiveFeed {
  listeners: ChangeListeners;
  userId: bigint;
}

export const ChangeFeedContext = createContext<LiveFeed | null>(null);

/** Which changes a report counts: those to a company's records, by someone other than the reader. */
function countsForReports(change: Change, userId: bigint): boolean {
  return change.companyId !== 0n && change.userId !== userId;
}

/**
 * How many changes colleagues made since the screen opened (or since `reset`), for a report that
 * must not move under its reader; `missed` when some may have gone unheard.
 */
export function useChangesSince(): { count: number; missed: boolean; reset: () => void } {
  const feed = useContext(ChangeFeedContext);
  const [state, setState] = useState({ count: 0, missed: false });
  useEffect(() => {
    if (!feed) {
      return;
    }
    return feed.listeners.listen((batch) => {
      const count = batch.changes.filter((change) => countsForReports(change, feed.userId)).length;
      if (count > 0 || batch.missed) {
        setState((was) => ({ count: was.count + count, missed: was.missed || batch.missed }));
      }
    });
  }, [feed]);
  return { ...state, reset: () => setState({ count: 0, missed: false }) };
}
