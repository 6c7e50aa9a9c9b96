import { create } from "@bufbuild/protobuf";
import { describe, expect, it } from "vitest";

import { ContactSchema } from "../../gen/eris/crm/v1/contacts_pb";
import { contactsCsv } from "./contactsCsv";

describe("contacts export", () => {
  it("has the table's columns, keeps en dashes and accents, and makes a phone number starting with + text", () => {
    const csv = contactsCsv([
      create(ContactSchema, {
        firstName: "José",
        lastName: "O'Neil",
        email: "jose@acme.test",
        cellPhone: "+1 (215) 555-0100",
        contactType: "DR – Primary",
        priority: 3,
      }),
      create(ContactSchema, { firstName: "Bo", title: "=HYPERLINK(1)", priority: 0 }),
    ]);
    expect(csv.split("\r\n")).toEqual([
      '\uFEFF"First Name","Last Name","Email","Title","Office Phone","Cell Phone","Contact Type","Priority"',
      // A spreadsheet would compute +1-1 as a number, so every + start is text (OWASP's rule).
      '"José","O\'Neil","jose@acme.test","","","\'+1 (215) 555-0100","DR – Primary","3"',
      '"Bo","","","\'=HYPERLINK(1)","","","",""',
      "",
    ]);
  });
});
