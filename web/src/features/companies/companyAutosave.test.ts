import { create } from "@bufbuild/protobuf";
import { Code, ConnectError } from "@connectrpc/connect";
import { afterEach, describe, expect, it, vi } from "vitest";

import { CompanySchema, type Company } from "../../gen/eris/crm/v1/crm_pb";
import {
  CompanyAutosaver,
  failureKind,
  FIRST_RETRY_DELAY_MS,
  retryDelayMs,
  unsavedFields,
  type AutosaveDeps,
} from "./companyAutosave";

const stored = create(CompanySchema, { companyId: 5n, version: 1n, name: "Acme", city: "Dayton" });

function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (err: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

/** The company with these plain fields changed (the tests send no nested messages). */
function merge(company: Company, fields: object): Company {
  return create(CompanySchema, { ...(company as object), ...fields } as Company);
}

/** A fake server that applies updates and bumps the version. */
function fakeServer(initial: Company) {
  let current = initial;
  const update = vi.fn<AutosaveDeps["update"]>(async (fields) => {
    current = merge(current, { ...fields, version: current.version + 1n });
    return current;
  });
  return { update, get: () => current };
}

afterEach(() => {
  vi.useRealTimers();
});

describe("company autosave", () => {
  it("saves a choice at once with the changed field and the version read", async () => {
    const server = fakeServer(stored);
    const onSaved = vi.fn();
    const saver = new CompanyAutosaver(stored, { update: server.update, reload: vi.fn(), onSaved });
    saver.edit({ w9: true }, "now");
    await saver.idle();
    expect(server.update).toHaveBeenCalledWith({ w9: true, companyId: 5n, version: 1n }, ["w9"]);
    expect(saver.getSnapshot().company.version).toBe(2n);
    expect(saver.getSnapshot().status).toBe("saved");
    expect(onSaved).toHaveBeenCalledTimes(1);
  });

  it("saves typing 800 ms after the last key stroke, or at once on flush", async () => {
    vi.useFakeTimers();
    const server = fakeServer(stored);
    const saver = new CompanyAutosaver(stored, { update: server.update, reload: vi.fn() });
    saver.edit({ city: "Ak" }, "typing");
    vi.advanceTimersByTime(500);
    saver.edit({ city: "Akron" }, "typing");
    vi.advanceTimersByTime(799);
    expect(server.update).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    await saver.idle();
    expect(server.update).toHaveBeenCalledTimes(1);
    expect(server.update).toHaveBeenCalledWith({ city: "Akron", companyId: 5n, version: 1n }, ["city"]);

    saver.edit({ city: "Kent" }, "typing");
    saver.flush();
    await saver.idle();
    expect(server.update).toHaveBeenLastCalledWith({ city: "Kent", companyId: 5n, version: 2n }, ["city"]);
  });

  it("never has two saves in flight; an edit during a save goes next with the new version", async () => {
    const first = deferred<Company>();
    const afterFirst = create(CompanySchema, { ...stored, w9: true, version: 2n });
    const update = vi
      .fn<AutosaveDeps["update"]>()
      .mockImplementationOnce(() => first.promise)
      .mockImplementation(async (fields) => merge(afterFirst, { ...fields, version: 3n }));
    const saver = new CompanyAutosaver(stored, { update, reload: vi.fn() });
    saver.edit({ w9: true }, "now");
    saver.edit({ utilities: true }, "now");
    saver.edit({ city: "Akron" }, "now");
    expect(update).toHaveBeenCalledTimes(1);
    first.resolve(afterFirst);
    await saver.idle();
    expect(update).toHaveBeenCalledTimes(2);
    expect(update).toHaveBeenLastCalledWith({ utilities: true, city: "Akron", companyId: 5n, version: 2n }, [
      "city",
      "utilities",
    ]);
    expect(saver.getSnapshot().form).toMatchObject({ w9: true, utilities: true, city: "Akron" });
  });

  it("keeps what the person typed when the server stores the same value differently", async () => {
    const update = vi.fn(async () => create(CompanySchema, { ...stored, electricUsage: "1250000.00", version: 2n }));
    const saver = new CompanyAutosaver(stored, { update, reload: vi.fn() });
    saver.edit({ electricUsage: "1250000" }, "now");
    await saver.idle();
    expect(update).toHaveBeenCalledWith({ electricUsage: "1250000", companyId: 5n, version: 1n }, ["electric_usage"]);
    expect(saver.getSnapshot().form.electricUsage).toBe("1250000");
  });

  it("does not call the server when nothing changed", async () => {
    const update = vi.fn();
    const saver = new CompanyAutosaver(stored, { update, reload: vi.fn() });
    saver.edit({ city: "Dayton " }, "now");
    await saver.idle();
    expect(update).not.toHaveBeenCalled();
  });

  it("merges a newer copy read elsewhere into the fields not being edited, unless a save runs", async () => {
    const update = vi.fn();
    const saver = new CompanyAutosaver(stored, { update, reload: vi.fn() }, 10_000);
    saver.adopt(create(CompanySchema, { ...stored, city: "Columbus", version: 2n }));
    expect(saver.getSnapshot().form.city).toBe("Columbus");
    saver.adopt(create(CompanySchema, { ...stored, city: "Old", version: 1n }));
    expect(saver.getSnapshot().form.city).toBe("Columbus");
    saver.edit({ name: "Acme Two" }, "typing");
    saver.adopt(create(CompanySchema, { ...stored, city: "Kent", version: 3n }));
    expect(saver.getSnapshot().form).toMatchObject({ name: "Acme Two", city: "Kent" });
    expect(saver.getSnapshot().company.version).toBe(3n);
    expect(saver.getSnapshot().notes).toEqual({});
    saver.dispose();
  });

  it("never overwrites a field being typed in with a colleague's change heard in the background", async () => {
    const refused = new ConnectError("Someone else changed City.", Code.Aborted);
    const update = vi.fn(async () => {
      throw refused;
    });
    const theirs = create(CompanySchema, { ...stored, city: "Kent", zip: "44240", version: 2n });
    const saver = new CompanyAutosaver(stored, { update, reload: vi.fn(async () => theirs) }, 10_000);
    saver.edit({ city: "Dayt" }, "typing");
    saver.adopt(theirs);
    expect(saver.getSnapshot().form.city).toBe("Dayt");
    expect(saver.getSnapshot().company.version).toBe(1n);
    expect(saver.getSnapshot().notes).toEqual({});
    // The save meets the change: the existing conflict note, with both values.
    saver.flush();
    await saver.idle();
    expect(update).toHaveBeenCalledWith({ city: "Dayt", companyId: 5n, version: 1n }, ["city"]);
    expect(saver.getSnapshot().notes.city).toMatchObject({ kind: "conflict", mine: "Dayt" });
    saver.dispose();
  });
});

type UpdateFields = Parameters<AutosaveDeps["update"]>[0];

/**
 * A fake server with the field-level rule: a save is refused (ABORTED) only when a field it
 * changes was changed after the version it read; `someoneElse` saves as another person.
 */
function fieldLevelServer(initial: Company) {
  let current = initial;
  const changedAt = new Map<string, bigint>();
  const apply = (fields: object) => {
    const keys = Object.keys(fields).filter((key) => key !== "companyId" && key !== "version");
    const values = Object.fromEntries(keys.map((key) => [key, (fields as Record<string, unknown>)[key]]));
    current = merge(current, { ...values, version: current.version + 1n });
    keys.forEach((key) => changedAt.set(key, current.version));
    return current;
  };
  const update = vi.fn<AutosaveDeps["update"]>(async (fields: UpdateFields) => {
    const stale = Object.keys(fields).some((key) => (changedAt.get(key) ?? 0n) > fields.version);
    if (stale) {
      throw new ConnectError("This company was changed by someone else.", Code.Aborted);
    }
    return apply(fields);
  });
  const reload = vi.fn(async () => current);
  return { update, reload, someoneElse: apply, get: () => current };
}

const unavailable = () => new ConnectError("upstream connect error", Code.Unavailable);

describe("merging what others saved", () => {
  it("shows the stored values in fields not being edited after each save, and sends the version returned", async () => {
    const server = fieldLevelServer(stored);
    server.someoneElse({ city: "Columbus" });
    const saver = new CompanyAutosaver(stored, { update: server.update, reload: server.reload });
    saver.edit({ zip: "45402" }, "now");
    await saver.idle();
    expect(server.update).toHaveBeenCalledWith({ zip: "45402", companyId: 5n, version: 1n }, ["zip"]);
    expect(saver.getSnapshot().form).toMatchObject({ city: "Columbus", zip: "45402" });
    expect(saver.getSnapshot().company.version).toBe(3n);
    saver.edit({ w9: true }, "now");
    await saver.idle();
    expect(server.update).toHaveBeenLastCalledWith({ w9: true, companyId: 5n, version: 3n }, ["w9"]);
    expect(server.get()).toMatchObject({ city: "Columbus", zip: "45402", w9: true });
  });

  it("keeps an edit still being typed while the saved company comes in", async () => {
    const server = fieldLevelServer(stored);
    server.someoneElse({ city: "Columbus" });
    const saver = new CompanyAutosaver(stored, { update: server.update, reload: server.reload }, 10_000);
    saver.edit({ address: "1 Main St" }, "typing");
    saver.edit({ w9: true }, "now");
    await saver.idle();
    expect(saver.getSnapshot().form).toMatchObject({ address: "1 Main St", city: "Columbus", w9: true });
    saver.flush();
    await saver.idle();
    expect(server.get().address).toBe("1 Main St");
    expect(saver.getSnapshot().notes).toEqual({});
  });

  it("turns an edit into a conflict when the saved company shows someone else changed that field", async () => {
    const server = fieldLevelServer(stored);
    server.someoneElse({ name: "Acme Corp" });
    const saver = new CompanyAutosaver(stored, { update: server.update, reload: server.reload }, 10_000);
    saver.edit({ name: "Acme Foods" }, "typing");
    saver.edit({ w9: true }, "now");
    await saver.idle();
    expect(saver.getSnapshot().form.name).toBe("Acme Corp");
    expect(saver.getSnapshot().notes).toEqual({ name: { kind: "conflict", mine: "Acme Foods" } });
    saver.dispose();
  });
});

describe("conflicts", () => {
  it("shows their value with mine aside and sends the fields of the save not in conflict again", async () => {
    const server = fieldLevelServer(stored);
    server.someoneElse({ city: "Columbus" });
    server.update.mockImplementationOnce(async () => {
      throw new ConnectError("This company was changed by someone else.", Code.Aborted);
    });
    const onStale = vi.fn();
    const saver = new CompanyAutosaver(stored, { update: server.update, reload: server.reload, onStale });
    saver.edit({ city: "Akron", w9: true }, "now");
    await saver.idle();
    expect(server.reload).toHaveBeenCalledWith(5n);
    expect(onStale).toHaveBeenCalledWith("This company was changed by someone else.");
    expect(server.update).toHaveBeenCalledTimes(2);
    expect(server.update).toHaveBeenLastCalledWith({ w9: true, companyId: 5n, version: 2n }, ["w9"]);
    const snapshot = saver.getSnapshot();
    expect(snapshot.form).toMatchObject({ city: "Columbus", w9: true });
    expect(snapshot.notes).toEqual({ city: { kind: "conflict", mine: "Akron" } });
    expect(snapshot.conflictMessage).toBe("This company was changed by someone else.");
    expect(unsavedFields(snapshot)).toEqual(["city"]);
    expect(server.get()).toMatchObject({ city: "Columbus", w9: true, version: 3n });
  });

  it("puts my value back and saves it with the fresh version in one click", async () => {
    const server = fieldLevelServer(stored);
    const saver = new CompanyAutosaver(stored, { update: server.update, reload: server.reload });
    server.someoneElse({ city: "Columbus" });
    saver.edit({ city: "Akron" }, "now");
    await saver.idle();
    expect(saver.getSnapshot().notes.city).toEqual({ kind: "conflict", mine: "Akron" });
    saver.useMine("city");
    expect(saver.getSnapshot().form.city).toBe("Akron");
    await saver.idle();
    expect(server.update).toHaveBeenLastCalledWith({ city: "Akron", companyId: 5n, version: 2n }, ["city"]);
    expect(server.get().city).toBe("Akron");
    expect(saver.getSnapshot().notes).toEqual({});
    expect(unsavedFields(saver.getSnapshot())).toEqual([]);
  });

  it("keeps theirs on request and forgets mine", async () => {
    const server = fieldLevelServer(stored);
    const saver = new CompanyAutosaver(stored, { update: server.update, reload: server.reload });
    server.someoneElse({ city: "Columbus" });
    saver.edit({ city: "Akron" }, "now");
    await saver.idle();
    saver.keepTheirs("city");
    expect(saver.getSnapshot().notes).toEqual({});
    expect(saver.getSnapshot().conflictMessage).toBeNull();
    expect(saver.getSnapshot().form.city).toBe("Columbus");
    expect(server.update).toHaveBeenCalledTimes(1);
  });

  it("shows the server's message only while the conflicts are those of the save it refused", async () => {
    const server = fieldLevelServer(stored);
    const saver = new CompanyAutosaver(stored, { update: server.update, reload: server.reload });
    server.someoneElse({ city: "Columbus" });
    saver.edit({ city: "Akron" }, "now");
    await saver.idle();
    expect(saver.getSnapshot().conflictMessage).toBe("This company was changed by someone else.");
    server.someoneElse({ zip: "45402" });
    // The refused save of Zip adds a second conflict: the message named only the first.
    saver.edit({ zip: "44101" }, "now");
    await saver.idle();
    expect(Object.keys(saver.getSnapshot().notes)).toEqual(["city", "zip"]);
    expect(saver.getSnapshot().conflictMessage).toBeNull();
  });

  it("waits and retries when the re-read after a conflict does not get through", async () => {
    vi.useFakeTimers();
    const server = fieldLevelServer(stored);
    server.someoneElse({ city: "Columbus" });
    server.reload.mockRejectedValueOnce(unavailable());
    const saver = new CompanyAutosaver(stored, { update: server.update, reload: server.reload });
    saver.edit({ city: "Akron" }, "now");
    await saver.idle();
    expect(saver.getSnapshot().notes).toEqual({ city: { kind: "unsaved" } });
    expect(saver.getSnapshot().form.city).toBe("Akron");
    await vi.advanceTimersByTimeAsync(FIRST_RETRY_DELAY_MS);
    await saver.idle();
    expect(server.reload).toHaveBeenCalledTimes(2);
    expect(saver.getSnapshot().notes).toEqual({ city: { kind: "conflict", mine: "Akron" } });
  });
});

describe("saves that do not get through", () => {
  it("tells failures to retry from conflicts and refusals", () => {
    for (const code of [Code.Unavailable, Code.DeadlineExceeded, Code.Internal, Code.Unknown]) {
      expect(failureKind(new ConnectError("x", code))).toBe("transient");
    }
    expect(failureKind(new TypeError("Failed to fetch"))).toBe("transient");
    for (const code of [Code.InvalidArgument, Code.FailedPrecondition, Code.PermissionDenied]) {
      expect(failureKind(new ConnectError("x", code))).toBe("refused");
    }
    expect(failureKind(new ConnectError("x", Code.Aborted))).toBe("conflict");
  });

  it("backs off 1 s, 2 s, 4 s … up to 30 s", () => {
    expect([0, 1, 2, 3, 4, 5, 6, 10].map(retryDelayMs)).toEqual([1000, 2000, 4000, 8000, 16000, 30000, 30000, 30000]);
  });

  it("keeps the value, marks it unsaved and retries with backoff until it gets through", async () => {
    vi.useFakeTimers();
    const server = fieldLevelServer(stored);
    server.update
      .mockRejectedValueOnce(unavailable())
      .mockRejectedValueOnce(new ConnectError("HTTP 500", Code.Unknown))
      .mockRejectedValueOnce(new ConnectError("deadline", Code.DeadlineExceeded));
    const saver = new CompanyAutosaver(stored, { update: server.update, reload: server.reload });
    saver.edit({ zip: "45402" }, "now");
    await saver.idle();
    expect(saver.getSnapshot()).toMatchObject({ status: "failed", notes: { zip: { kind: "unsaved" } } });
    expect(saver.getSnapshot().form.zip).toBe("45402");
    expect(saver.getSnapshot().retryAt).toBe(Date.now() + 1000);
    expect(unsavedFields(saver.getSnapshot())).toEqual(["zip"]);

    await vi.advanceTimersByTimeAsync(999);
    expect(server.update).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(server.update).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(1999);
    expect(server.update).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(1);
    expect(server.update).toHaveBeenCalledTimes(3);
    await vi.advanceTimersByTimeAsync(4000);
    await saver.idle();
    expect(server.update).toHaveBeenCalledTimes(4);
    expect(server.update).toHaveBeenLastCalledWith({ zip: "45402", companyId: 5n, version: 1n }, ["zip"]);
    expect(saver.getSnapshot()).toMatchObject({ status: "saved", notes: {}, retryAt: null });
    expect(server.get().zip).toBe("45402");
  });

  it("retries at once on request", async () => {
    vi.useFakeTimers();
    const server = fieldLevelServer(stored);
    server.update.mockRejectedValueOnce(unavailable());
    const saver = new CompanyAutosaver(stored, { update: server.update, reload: server.reload });
    saver.edit({ zip: "45402" }, "now");
    await saver.idle();
    saver.retry();
    await saver.idle();
    expect(server.update).toHaveBeenCalledTimes(2);
    expect(saver.getSnapshot().notes).toEqual({});
    // The automatic retry that was waiting is not run as well.
    await vi.advanceTimersByTimeAsync(60_000);
    expect(server.update).toHaveBeenCalledTimes(2);
  });

  it("keeps saving other fields while one waits for its retry", async () => {
    vi.useFakeTimers();
    const server = fieldLevelServer(stored);
    server.update.mockRejectedValueOnce(unavailable());
    const saver = new CompanyAutosaver(stored, { update: server.update, reload: server.reload });
    saver.edit({ zip: "45402" }, "now");
    await saver.idle();
    saver.edit({ city: "Akron" }, "now");
    await saver.idle();
    expect(server.update).toHaveBeenLastCalledWith({ city: "Akron", companyId: 5n, version: 1n }, ["city"]);
    expect(saver.getSnapshot().notes).toEqual({ zip: { kind: "unsaved" } });
    expect(saver.getSnapshot().form).toMatchObject({ city: "Akron", zip: "45402" });
    await vi.advanceTimersByTimeAsync(FIRST_RETRY_DELAY_MS);
    await saver.idle();
    expect(server.update).toHaveBeenLastCalledWith({ zip: "45402", companyId: 5n, version: 2n }, ["zip"]);
    expect(saver.getSnapshot().notes).toEqual({});
  });

  it("retries nothing while detached and picks up again when attached", async () => {
    vi.useFakeTimers();
    const server = fieldLevelServer(stored);
    server.update.mockRejectedValueOnce(unavailable());
    const saver = new CompanyAutosaver(stored, { update: server.update, reload: server.reload });
    saver.edit({ zip: "45402" }, "now");
    await saver.idle();
    saver.detach();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(server.update).toHaveBeenCalledTimes(1);
    saver.attach();
    await vi.advanceTimersByTimeAsync(FIRST_RETRY_DELAY_MS);
    await saver.idle();
    expect(server.update).toHaveBeenCalledTimes(2);
    expect(server.get().zip).toBe("45402");
  });
});

describe("refused values", () => {
  it("keeps a refused value with the server's message and sends it again only once edited", async () => {
    const server = fieldLevelServer(stored);
    server.update.mockRejectedValueOnce(new ConnectError("Zip is too long.", Code.InvalidArgument));
    const onFailed = vi.fn();
    const saver = new CompanyAutosaver(stored, { update: server.update, reload: server.reload, onFailed });
    saver.edit({ zip: "45402-123456" }, "now");
    await saver.idle();
    expect(onFailed).toHaveBeenCalledTimes(1);
    expect(saver.getSnapshot()).toMatchObject({
      status: "failed",
      form: { zip: "45402-123456" },
      notes: { zip: { kind: "refused", message: "Zip is too long.", value: "45402-123456" } },
      retryAt: null,
    });
    saver.edit({ w9: true }, "now");
    await saver.idle();
    expect(server.update).toHaveBeenLastCalledWith({ w9: true, companyId: 5n, version: 1n }, ["w9"]);
    expect(saver.getSnapshot().notes.zip?.kind).toBe("refused");
    saver.edit({ zip: "45402" }, "now");
    expect(saver.getSnapshot().notes).toEqual({});
    await saver.idle();
    expect(server.update).toHaveBeenLastCalledWith({ zip: "45402", companyId: 5n, version: 2n }, ["zip"]);
    expect(server.get()).toMatchObject({ zip: "45402", w9: true });
  });

  it("sends a refused save of several fields one field at a time, to mark only the one refused", async () => {
    const server = fieldLevelServer(stored);
    const first = deferred<Company>();
    const normal = server.update.getMockImplementation()!;
    server.update.mockImplementation(async (fields, paths) => {
      if (typeof fields.zip === "string" && fields.zip.length > 10) {
        throw new ConnectError("Zip is too long.", Code.InvalidArgument);
      }
      return normal(fields, paths);
    });
    server.update.mockImplementationOnce(() => first.promise);
    const saver = new CompanyAutosaver(stored, { update: server.update, reload: server.reload });
    saver.edit({ w9: true }, "now");
    saver.edit({ city: "Akron", zip: "45402-123456" }, "now");
    first.resolve(server.someoneElse({ w9: true }));
    await saver.idle();
    expect(server.update.mock.calls.map(([, paths]) => paths)).toEqual([["w9"], ["city", "zip"], ["city"], ["zip"]]);
    expect(server.get().city).toBe("Akron");
    expect(saver.getSnapshot().notes).toEqual({
      zip: { kind: "refused", message: "Zip is too long.", value: "45402-123456" },
    });
    expect(saver.getSnapshot().form).toMatchObject({ city: "Akron", zip: "45402-123456" });
  });

  it("never sends an emptied name", async () => {
    const server = fieldLevelServer(stored);
    const saver = new CompanyAutosaver(stored, { update: server.update, reload: server.reload });
    saver.edit({ name: "  " }, "now");
    await saver.idle();
    expect(server.update).not.toHaveBeenCalled();
    expect(unsavedFields(saver.getSnapshot())).toEqual(["name"]);
    saver.edit({ name: "Acme Inc", city: "Akron" }, "now");
    await saver.idle();
    expect(server.update).toHaveBeenCalledWith({ name: "Acme Inc", city: "Akron", companyId: 5n, version: 1n }, [
      "name",
      "city",
    ]);
  });
});
