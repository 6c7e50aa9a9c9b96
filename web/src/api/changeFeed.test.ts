import { create } from "@bufbuild/protobuf";
import { Code, ConnectError } from "@connectrpc/connect";
import { QueryClient, QueryObserver } from "@tanstack/react-query";
import { describe, expect, it, vi } from "vitest";

import {
  ChangeSchema,
  WatchChangesResponseSchema,
  type Change,
  type WatchChangesResponse,
} from "../gen/eris/reporting/v1/changes_pb";
import { FeedRefresher, isStaleAfter, watchChanges, type ChangeBatch, type FeedSession } from "./changeFeed";

function change(kind: string, ids: { company?: bigint; contract?: bigint; record?: bigint } = {}): Change {
  return create(ChangeSchema, {
    kind,
    companyId: ids.company ?? 0n,
    contractId: ids.contract ?? 0n,
    recordId: ids.record ?? 0n,
  });
}

describe("which queries a change makes stale", () => {
  const payment = change("contract.payment_updated", { company: 5n, contract: 31n, record: 31n });

  it("refreshes the contract's payments, its company's contract lists and history, and no other record", () => {
    expect(isStaleAfter(["payments", "list", "31"], payment)).toBe(true);
    expect(isStaleAfter(["payments", "dr", "31"], payment)).toBe(true);
    expect(isStaleAfter(["hedges", "31"], payment)).toBe(true);
    expect(isStaleAfter(["contracts", "company", "5", "query"], payment)).toBe(true);
    expect(isStaleAfter(["contracts", "beta list", "5", "", false], payment)).toBe(true);
    expect(isStaleAfter(["companies", "changes", "5"], payment)).toBe(true);
    expect(isStaleAfter(["payments", "list", "32"], payment)).toBe(false);
    expect(isStaleAfter(["contracts", "company", "6"], payment)).toBe(false);
    expect(isStaleAfter(["hedges", "32"], payment)).toBe(false);
    expect(isStaleAfter(["accounts", "list", "5"], payment)).toBe(false);
  });

  it("refreshes lists across records under the same root", () => {
    expect(isStaleAfter(["contracts", "book", "view"], payment)).toBe(true);
    const company = change("company.updated", { company: 5n, record: 5n });
    expect(isStaleAfter(["companies", "page", "filter", "name", ""], company)).toBe(true);
    expect(isStaleAfter(["companies", "one", "5"], company)).toBe(true);
    expect(isStaleAfter(["companies", "one", "6"], company)).toBe(false);
  });

  it("never moves a report, nor a paste preview", () => {
    expect(isStaleAfter(["reports", "marginRows", "x"], payment)).toBe(false);
    expect(isStaleAfter(["payments", "paste", "31", "text"], payment)).toBe(false);
  });

  it("refreshes an account's usage and its company's accounts", () => {
    const usage = change("account.usage_updated", { company: 5n, record: 77n });
    expect(isStaleAfter(["accounts", "usage", "77"], usage)).toBe(true);
    expect(isStaleAfter(["accounts", "list", "5", "contract picker"], usage)).toBe(true);
    expect(isStaleAfter(["accounts", "usage", "78"], usage)).toBe(false);
    expect(isStaleAfter(["payments", "list", "5"], usage)).toBe(false);
  });

  it("refreshes the directories after a directory entry's change, and nothing of a company", () => {
    const supplier = change("supplier.updated", { record: 4n });
    expect(isStaleAfter(["suppliers", "all"], supplier)).toBe(true);
    expect(isStaleAfter(["utilities"], supplier)).toBe(true);
    expect(isStaleAfter(["companies", "one", "4"], supplier)).toBe(false);
  });
});

describe("refreshing after a batch", () => {
  it("marks what changed stale, and everything but reports when changes were missed", () => {
    const client = new QueryClient();
    for (const key of [
      ["payments", "list", "31"],
      ["payments", "list", "32"],
      ["reports", "marginRows"],
    ]) {
      client.setQueryData(key, 1);
    }
    const stale = () =>
      client
        .getQueryCache()
        .findAll({ stale: true })
        .map((q) => q.queryKey.join("/"));
    client.setDefaultOptions({ queries: { staleTime: Infinity } });
    const refresher = new FeedRefresher(client);
    refresher.refresh({ changes: [change("contract.payment_added", { company: 5n, contract: 31n })], missed: false });
    expect(stale()).toEqual(["payments/list/31"]);
    refresher.refresh({ changes: [], missed: true });
    expect(stale().sort()).toEqual(["payments/list/31", "payments/list/32"]);
  });

  /** An open screen's list whose reads take `readMs`, counting the reads begun and those cancelled. */
  function openList(readMs: number) {
    const client = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity, retry: false } } });
    const reads = { begun: 0, cancelled: 0 };
    const observer = new QueryObserver(client, {
      queryKey: ["tasks", "assignee", "7"],
      queryFn: ({ signal }) => {
        reads.begun += 1;
        signal.addEventListener("abort", () => (reads.cancelled += 1));
        return new Promise((resolve) => setTimeout(() => resolve(reads.begun), readMs));
      },
    });
    const unsubscribe = observer.subscribe(() => {});
    return { client, reads, unsubscribe };
  }

  const companyChange = { changes: [change("company.task_updated", { company: 9n, record: 4n })], missed: false };

  it("reads an open list at once, then once after a burst of changes, never cancelling a read", async () => {
    const { client, reads, unsubscribe } = openList(5);
    await wait(20);
    expect(reads.begun).toBe(1);
    const refresher = new FeedRefresher(client, 250);
    refresher.refresh(companyChange);
    for (let i = 0; i < 9; i += 1) {
      await wait(4);
      refresher.refresh(companyChange);
    }
    // The first change read at once; the nine after it wait for one more read after the gap.
    expect(reads.begun).toBe(2);
    await wait(400);
    expect(reads.begun).toBe(3);
    expect(reads.cancelled).toBe(0);
    await wait(300);
    expect(reads.begun).toBe(3);
    refresher.stop();
    unsubscribe();
  });

  it("reads again after a read that was under way when the change came", async () => {
    const { client, reads, unsubscribe } = openList(150);
    await wait(20);
    // The first read is still under way: it may have begun before the change committed.
    expect(reads.begun).toBe(1);
    const refresher = new FeedRefresher(client, 10);
    refresher.refresh(companyChange);
    expect(reads.begun).toBe(1);
    // The second read begins once the first is over and ends 150 ms later (later on busy cores).
    await vi.waitFor(() => expect(client.getQueryData(["tasks", "assignee", "7"])).toBe(2), { timeout: 5_000 });
    await wait(200);
    expect(reads.begun).toBe(2);
    expect(reads.cancelled).toBe(0);
    refresher.stop();
    unsubscribe();
  });
});

function wait(ms: number) {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/** A feed client answering each call from the next script: batches, then an end or an error. */
function scriptedClient(scripts: (WatchChangesResponse[] | Error)[]) {
  const calls: string[] = [];
  return {
    calls,
    watchChanges: vi.fn(() => {
      const script = scripts.shift();
      calls.push("call");
      return (async function* () {
        if (script === undefined) {
          // Nothing more scripted: stay open until aborted.
          await new Promise(() => {});
          return;
        }
        if (script instanceof Error) {
          throw script;
        }
        yield* script;
      })();
    }),
  };
}

const response = (changes: Change[] = [], missed = false) => create(WatchChangesResponseSchema, { changes, missed });

function session(renewed: string | null = "fresh"): FeedSession {
  return { getToken: () => "token", renewToken: vi.fn(async () => renewed) };
}

async function settle() {
  for (let i = 0; i < 5; i++) {
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

describe("listening to the feed", () => {
  it("hands over batches with changes, skips keep-alives, and reopens after the stream ends", async () => {
    const added = change("contract.payment_added", { company: 5n, contract: 31n });
    const client = scriptedClient([[response(), response([added])], [response()]]);
    const batches: ChangeBatch[] = [];
    const abort = new AbortController();
    void watchChanges(client, session(), (batch) => batches.push(batch), abort.signal, [0]);
    await settle();
    abort.abort();
    expect(batches).toEqual([
      { changes: [added], missed: false },
      // Reopened after the first stream ended: what changed in between is unknown.
      { changes: [], missed: true },
    ]);
    expect(client.calls.length).toBe(3);
  });

  it("renews a refused token and listens again; stops when the session has ended", async () => {
    const refused = new ConnectError("Your session has ended.", Code.Unauthenticated);
    const renewing = session("fresh");
    const client = scriptedClient([refused, [response()]]);
    const abort = new AbortController();
    void watchChanges(client, renewing, () => {}, abort.signal, [0]);
    await settle();
    abort.abort();
    expect(renewing.renewToken).toHaveBeenCalledWith("token");
    expect(client.calls.length).toBe(3);

    const ended = session(null);
    const once = scriptedClient([refused]);
    await watchChanges(once, ended, () => {}, new AbortController().signal, [0]);
    expect(once.calls.length).toBe(1);
  });

  it("waits and tries again after a failure, and gives up on a service without a feed", async () => {
    const down = new ConnectError("The reporting service is unavailable.", Code.Unavailable);
    const client = scriptedClient([down, down, [response()]]);
    const abort = new AbortController();
    void watchChanges(client, session(), () => {}, abort.signal, [0]);
    await settle();
    abort.abort();
    expect(client.calls.length).toBe(4);

    const none = scriptedClient([new ConnectError("no", Code.Unimplemented)]);
    await watchChanges(none, session(), () => {}, new AbortController().signal, [0]);
    expect(none.calls.length).toBe(1);
  });
});
