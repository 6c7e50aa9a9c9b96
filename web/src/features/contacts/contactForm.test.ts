import { create } from "@bufbuild/protobuf";
import { describe, expect, it } from "vitest";

import { ContactSchema } from "../../gen/eris/crm/v1/contacts_pb";
import { keepTyped } from "../../lib/recordForm";
import {
  canSendContact,
  contactChanges,
  contactFieldsOf,
  contactInit,
  emailProblem,
  emptyContactFields,
  matchesSearch,
  priorityProblem,
} from "./contactForm";
import { parseContactId } from "./contactRoutes";
import { ann } from "./contactsTestKit";
import { CONTACT_TEXTS, CONTACT_TYPES } from "./texts";

describe("contact priority", () => {
  it("takes 1 to 15, or nothing (not ranked); anything else gets the spec's message", () => {
    expect(CONTACT_TEXTS.priorityRange).toBe(
      "Contact Priority should be between 1 and 15 with 1 being the highest priority",
    );
    for (const ok of ["", " ", "1", "15", " 7 "]) {
      expect(priorityProblem(ok)).toBeNull();
    }
    for (const bad of ["16", "0", "-1", "1.5", "abc", "99999999"]) {
      expect(priorityProblem(bad)).toBe(CONTACT_TEXTS.priorityRange);
    }
  });

  it("refuses to send a contact without a name, with priority 16 or with an e-mail that is not one", () => {
    expect(canSendContact({ ...emptyContactFields(), lastName: "Lee" })).toBe(true);
    expect(canSendContact({ ...emptyContactFields(), lastName: "Lee", email: "not-an-email" })).toBe(false);
    expect(canSendContact({ ...emptyContactFields(), email: "x@y.test" })).toBe(false);
    expect(canSendContact({ ...emptyContactFields(), firstName: "Ann", priority: "16" })).toBe(false);
  });
});

describe("contact e-mail", () => {
  it("takes what the server takes: one @, something before it, a dot inside the part after it, no spaces", () => {
    for (const ok of ["", "  ", "a@b.co", " ann.lee@example.com ", "x@mail.example.org"]) {
      expect(emailProblem(ok)).toBeNull();
    }
    for (const bad of ["not-an-email", "@b.co", "a@b", "a@.co", "a@b.", "a@b@c.co", "a b@c.co"]) {
      expect(emailProblem(bad)).toBe("Email must be an e-mail address.");
    }
  });
});

describe("contact fields", () => {
  it("show priority 0 as an empty box and send it back as 0", () => {
    const fields = contactFieldsOf(create(ContactSchema, { firstName: "Bo", priority: 0 }));
    expect(fields.priority).toBe("");
    expect(contactInit(5n, fields)).toMatchObject({ companyId: 5n, firstName: "Bo", priority: 0 });
  });

  it("make a new contact with trimmed text and a numeric priority", () => {
    const init = contactInit(5n, {
      ...emptyContactFields(),
      firstName: " Ann ",
      contactType: "DR – Event",
      priority: "3",
    });
    expect(init).toEqual({
      companyId: 5n,
      firstName: "Ann",
      lastName: "",
      email: "",
      title: "",
      officePhone: "",
      cellPhone: "",
      contactType: "DR – Event",
      priority: 3,
    });
  });

  it("send only the changed fields with their proto mask paths", () => {
    const original = contactFieldsOf(ann);
    const edited = { ...original, title: "CEO", cellPhone: "555-0199", priority: "", firstName: "Ann " };
    expect(contactChanges(original, edited)).toEqual({
      fields: { title: "CEO", cellPhone: "555-0199", priority: 0 },
      paths: ["title", "cell_phone", "priority"],
      keys: ["title", "cellPhone", "priority"],
    });
    expect(contactChanges(original, original).paths).toEqual([]);
  });

  it("after a stale write keep what was typed over the contact as stored now", () => {
    const original = contactFieldsOf(ann);
    const typed = { ...original, title: "CEO" };
    const fresh = { ...original, title: "Treasurer", email: "ann.lee@acme.test" };
    expect(keepTyped(fresh, typed, contactChanges(original, typed).keys)).toEqual({ ...fresh, title: "CEO" });
  });

  it("offer the spec's contact types, with en dashes", () => {
    expect(CONTACT_TYPES).toEqual([
      "All",
      "Brokerage",
      "Demand Response",
      "Bill Management",
      "DR \u2013 Primary",
      "DR \u2013 Event",
      "DR \u2013 Payment",
      "Other",
    ]);
  });
});

describe("contact search and links", () => {
  it("matches any shown field, the full name too, case aside", () => {
    expect(matchesSearch(ann, "ann lee")).toBe(true);
    expect(matchesSearch(ann, "cfo")).toBe(true);
    expect(matchesSearch(ann, "555-0100")).toBe(true);
    expect(matchesSearch(ann, "brokerage")).toBe(true);
    expect(matchesSearch(ann, "  ")).toBe(true);
    expect(matchesSearch(ann, "bob")).toBe(false);
  });

  it("read contact ids from the address", () => {
    expect(parseContactId("11")).toBe(11n);
    expect(parseContactId("0")).toBeNull();
    expect(parseContactId("abc")).toBeNull();
    expect(parseContactId(undefined)).toBeNull();
  });
});
