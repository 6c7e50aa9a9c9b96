import { Code, ConnectError } from "@connectrpc/connect";
import { describe, expect, it } from "vitest";

import { changedMeanwhile, editedKeys, fieldChanges, keepTyped, trySave } from "./recordForm";

const PATHS = { name: "name", brokerStatus: "broker_status", kind: "kind" } as const;

describe("record forms", () => {
  it("send only the fields changed, trimmed, with their mask paths", () => {
    const before = { name: "Acme", brokerStatus: "Pending", kind: 1 };
    expect(fieldChanges(before, { name: " Acme ", brokerStatus: "Signed ", kind: 2 }, PATHS)).toEqual({
      fields: { brokerStatus: "Signed", kind: 2 },
      paths: ["broker_status", "kind"],
      keys: ["brokerStatus", "kind"],
    });
    expect(fieldChanges(before, before, PATHS)).toEqual({ fields: {}, paths: [], keys: [] });
  });

  it("compare fields as they would be sent, in the order of the keys given", () => {
    const asNumber = (form: Record<string, string>, key: string) => Number(form[key].replace(/,/g, ""));
    const before = { plc: "1200", nspl: "7.50", zone: "A" };
    const after = { plc: "1,200", nspl: "7.5", zone: "B" };
    expect(editedKeys(["zone", "plc", "nspl"], before, after, asNumber)).toEqual(["zone"]);
    expect(editedKeys(["nspl", "plc"], before, after, (form, key) => form[key])).toEqual(["nspl", "plc"]);
  });

  it("after a stale save keep what was typed and take the other fields as stored now", () => {
    const read = { name: "Acme", city: "Dayton", zip: "45402" };
    const typed = { ...read, city: "Akron" };
    const stored = { name: "Acme Inc", city: "Kettering", zip: "45429" };
    expect(
      keepTyped(stored, typed, fieldChanges(read, typed, { name: "name", city: "city", zip: "zip" }).keys),
    ).toEqual({ name: "Acme Inc", city: "Akron", zip: "45429" });
  });

  it("tell which fields someone else changed", () => {
    expect(changedMeanwhile({ name: "Acme", kind: 1 }, { name: "Acme", kind: 3 })).toEqual({ kind: 3 });
  });

  it("sort save failures into stale, refused and other", async () => {
    const fail = (code: Code) => () => Promise.reject(new ConnectError("why", code));
    expect(await trySave(async () => 5)).toEqual({ kind: "saved", answer: 5 });
    expect(await trySave(fail(Code.Aborted))).toEqual({ kind: "stale", message: "why" });
    expect(await trySave(fail(Code.InvalidArgument))).toEqual({ kind: "refused", message: "why" });
    expect(await trySave(fail(Code.AlreadyExists))).toEqual({ kind: "refused", message: "why" });
    expect((await trySave(fail(Code.Unavailable))).kind).toBe("failed");
  });
});
