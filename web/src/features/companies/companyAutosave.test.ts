import { create } from "@bufbuild/protobuf";
import { Code, ConnectError } from "@connectrpc/connect";
import { afterEach, describe, expect, it, vi } from "vitest";

import { CompanySchema, type Company } from "../../gen/eris/crm/v1/crm_pb";
import { CompanyAutosaver, type AutosaveDeps } from "./companyAutosave";

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
    const update = vi
      .fn<AutosaveDeps["update"]>()
      .mockImplementationOnce(() => first.promise)
      .mockImplementation(async (fields) => merge(stored, { ...fields, version: 3n }));
    const saver = new CompanyAutosaver(stored, { update, reload: vi.fn() });
    saver.edit({ w9: true }, "now");
    saver.edit({ utilities: true }, "now");
    saver.edit({ city: "Akron" }, "now");
    expect(update).toHaveBeenCalledTimes(1);
    first.resolve(create(CompanySchema, { ...stored, w9: true, version: 2n }));
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

  it("on a stale version shows the server's message and replaces the form with what is stored", async () => {
    const latest = create(CompanySchema, { ...stored, city: "Columbus", version: 7n });
    const update = vi.fn(async () => {
      throw new ConnectError("This company was changed by someone else.", Code.Aborted);
    });
    const reload = vi.fn(async () => latest);
    const onStale = vi.fn();
    const saver = new CompanyAutosaver(stored, { update, reload, onStale });
    saver.edit({ city: "Akron", w9: true }, "now");
    await saver.idle();
    expect(reload).toHaveBeenCalledWith(5n);
    expect(onStale).toHaveBeenCalledWith("This company was changed by someone else.");
    expect(saver.getSnapshot().form).toMatchObject({ city: "Columbus", w9: false });
    expect(saver.getSnapshot().company.version).toBe(7n);
  });

  it("on another failure reports it and shows the stored value again", async () => {
    const update = vi.fn(async () => {
      throw new ConnectError("Name is required.", Code.InvalidArgument);
    });
    const onFailed = vi.fn();
    const saver = new CompanyAutosaver(stored, { update, reload: vi.fn(), onFailed });
    saver.edit({ name: " " }, "now");
    await saver.idle();
    expect(onFailed).toHaveBeenCalledTimes(1);
    expect(saver.getSnapshot().form.name).toBe("Acme");
    expect(saver.getSnapshot().status).toBe("failed");
  });

  it("does not call the server when nothing changed", async () => {
    const update = vi.fn();
    const saver = new CompanyAutosaver(stored, { update, reload: vi.fn() });
    saver.edit({ city: "Dayton " }, "now");
    await saver.idle();
    expect(update).not.toHaveBeenCalled();
  });

  it("takes a newer copy read elsewhere only when no edit is pending", async () => {
    const update = vi.fn();
    const saver = new CompanyAutosaver(stored, { update, reload: vi.fn() }, 10_000);
    saver.adopt(create(CompanySchema, { ...stored, city: "Columbus", version: 2n }));
    expect(saver.getSnapshot().form.city).toBe("Columbus");
    saver.adopt(create(CompanySchema, { ...stored, city: "Old", version: 1n }));
    expect(saver.getSnapshot().form.city).toBe("Columbus");
    saver.edit({ name: "Acme Two" }, "typing");
    saver.adopt(create(CompanySchema, { ...stored, city: "Kent", version: 3n }));
    expect(saver.getSnapshot().form).toMatchObject({ name: "Acme Two", city: "Columbus" });
    saver.dispose();
  });
});
