import { describe, expect, it } from "vitest";

import { Role, UserStatus } from "../../gen/eris/identity/v1/identity_pb";
import { makeUser } from "../../test/fakes";
import { emailProblem, emptyUserFields, isUserFieldsComplete, userChanges, userFieldsOf } from "./userForm";

describe("user form", () => {
  const original = userFieldsOf(makeUser());

  it("masks only the changed fields", () => {
    const edited = { ...original, job: "Analyst", status: UserStatus.INACTIVE };
    expect(userChanges(original, edited)).toEqual({
      fields: { job: "Analyst", status: UserStatus.INACTIVE },
      paths: ["job", "status"],
    });
  });

  it("sends nothing when nothing changed, ignoring surrounding spaces", () => {
    expect(userChanges(original, { ...original, name: ` ${original.name} ` })).toEqual({ fields: {}, paths: [] });
  });

  it("sends trimmed values", () => {
    expect(userChanges(original, { ...original, email: " new@eris.test " })).toEqual({
      fields: { email: "new@eris.test" },
      paths: ["email"],
    });
  });

  it("needs a name, an email and a role", () => {
    expect(isUserFieldsComplete(emptyUserFields())).toBe(false);
    expect(isUserFieldsComplete({ ...emptyUserFields(), name: "A", email: "a@b.c" })).toBe(false);
    expect(isUserFieldsComplete({ ...emptyUserFields(), name: "A", email: "a@b.c", role: Role.SALES })).toBe(true);
    expect(isUserFieldsComplete({ ...emptyUserFields(), name: "  ", email: "a@b.c", role: Role.SALES })).toBe(false);
  });
});

describe("e-mail check", () => {
  const users = [makeUser({ userId: 1n, email: "Ann@Eris.test" }), makeUser({ userId: 2n, email: "bob@eris.test" })];

  it("wants the shape of an address", () => {
    for (const bad of ["ann", "ann@", "ann@eris", "ann eris@x.test", "@eris.test"]) {
      expect(emailProblem(bad, users), bad).toBe("format");
    }
    expect(emailProblem("carl@eris.test", users)).toBeNull();
    expect(emailProblem("", users)).toBeNull();
  });

  it("refuses an address another listed user has, whatever its case", () => {
    expect(emailProblem(" ann@eris.TEST ", users)).toBe("taken");
    // The user being edited keeps their own address.
    expect(emailProblem("ann@eris.test", users, 1n)).toBeNull();
    expect(emailProblem("bob@eris.test", users, 1n)).toBe("taken");
  });
});
