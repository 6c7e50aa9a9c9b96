import { create } from "@bufbuild/protobuf";
import { describe, expect, it } from "vitest";

import { CallBankSchema } from "../../gen/eris/crm/v1/call_banks_pb";
import {
  callBankChangedPaths,
  callBankCompaniesPath,
  callBankFieldErrors,
  callBankFieldsOf,
  callBankStatusLabel,
  callBankValuesOf,
  completionLabel,
  emptyCallBankFields,
  matchesCallBankSearch,
  parseDueDate,
} from "./callBankForm";
import { tokenStack } from "./pageTokens";

const bank = create(CallBankSchema, {
  callBankId: 3n,
  name: "Spring Renewals",
  serviceType: "Contract Renewal",
  assigneeUserId: 7n,
  repType: "Closer",
  dueDate: { year: 2026, month: 4, day: 30 },
  companyCount: 4n,
  closedCount: 2n,
  completionPercent: 50,
  version: 2n,
});

describe("completion and status display", () => {
  it("shows completion as a whole percentage", () => {
    expect(completionLabel({ completionPercent: 50 })).toBe("50%");
    expect(completionLabel({ completionPercent: 0 })).toBe("0%");
    expect(completionLabel({ completionPercent: 100 })).toBe("100%");
  });

  it("is Complete only at 100%, Open otherwise (an empty bank too)", () => {
    expect(callBankStatusLabel({ completionPercent: 100 })).toBe("Complete");
    expect(callBankStatusLabel({ completionPercent: 99 })).toBe("Open");
    expect(callBankStatusLabel({ completionPercent: 0 })).toBe("Open");
  });
});

describe("call bank form", () => {
  it("needs every field and a real MM/DD/YYYY due date", () => {
    expect(callBankFieldErrors(emptyCallBankFields())).toEqual({
      name: true,
      serviceType: true,
      assignee: true,
      repType: true,
      dueDate: true,
    });
    const fields = { ...callBankFieldsOf(bank), dueDate: "02/30/2026" };
    expect(callBankFieldErrors(fields)).toEqual({ dueDate: true });
    expect(callBankValuesOf(fields)).toBeNull();
  });

  it("reads the due date", () => {
    expect(parseDueDate("04/30/2026")).toEqual({ year: 2026, month: 4, day: 30 });
    expect(parseDueDate("4/30/2026")).toBeNull();
    expect(parseDueDate("")).toBeNull();
  });

  it("edits show the stored values and send only what changed", () => {
    const fields = callBankFieldsOf(bank);
    expect(fields).toEqual({
      name: "Spring Renewals",
      serviceType: "Contract Renewal",
      assigneeUserId: 7n,
      repType: "Closer",
      dueDate: "04/30/2026",
    });
    expect(callBankChangedPaths(bank, callBankValuesOf(fields)!)).toEqual([]);
    const edited = callBankValuesOf({ ...fields, name: " Summer ", dueDate: "05/01/2026" })!;
    expect(edited.name).toBe("Summer");
    expect(callBankChangedPaths(bank, edited)).toEqual(["name", "due_date"]);
  });

  it("searches name, types, assignee and due date", () => {
    expect(matchesCallBankSearch(bank, "Dana Scully", "spring")).toBe(true);
    expect(matchesCallBankSearch(bank, "Dana Scully", "scully")).toBe(true);
    expect(matchesCallBankSearch(bank, "Dana Scully", "04/30")).toBe(true);
    expect(matchesCallBankSearch(bank, "Dana Scully", "brokerage")).toBe(false);
    expect(matchesCallBankSearch(bank, "Dana Scully", "  ")).toBe(true);
  });

  it("links to the companies screen", () => {
    expect(callBankCompaniesPath(3n)).toBe("/callbanks/3/companies");
  });
});

describe("page token stack", () => {
  it("pushes next tokens and pops back to the first page", () => {
    let stack = [""];
    stack = tokenStack.next(stack, "t2");
    stack = tokenStack.next(stack, "t3");
    expect(stack).toEqual(["", "t2", "t3"]);
    stack = tokenStack.previous(stack);
    expect(stack).toEqual(["", "t2"]);
    expect(tokenStack.previous(tokenStack.previous(stack))).toEqual([""]);
    expect(tokenStack.next([""], "")).toEqual([""]);
  });
});
