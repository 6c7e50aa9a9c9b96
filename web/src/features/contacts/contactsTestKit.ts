import { create } from "@bufbuild/protobuf";
import { Code, ConnectError } from "@connectrpc/connect";
import { vi } from "vitest";

import { ContactSchema, type Contact } from "../../gen/eris/crm/v1/contacts_pb";
import { CompanySchema } from "../../gen/eris/crm/v1/crm_pb";
import { manager, sally } from "../../test/fakes";
import { openApp, type FakeClient } from "../../test/renderApp";

/** Test data and a rendered contacts tab over fake clients (shared by the contacts tests). */
export const acme = create(CompanySchema, { companyId: 5n, name: "Acme Foods" });

export const ann = create(ContactSchema, {
  contactId: 11n,
  companyId: 5n,
  firstName: "Ann",
  lastName: "Lee",
  email: "ann@acme.test",
  title: "CFO",
  officePhone: "(215) 555-0100",
  cellPhone: "+1 267 555 0111",
  contactType: "Brokerage",
  priority: 2,
  version: 4n,
});
export const bob = create(ContactSchema, {
  contactId: 12n,
  companyId: 5n,
  firstName: "Bob",
  lastName: "Stone",
  email: "bob@acme.test",
  contactType: "DR – Primary",
  version: 1n,
});
/** A contact of another company. */
export const elsewhere = create(ContactSchema, { contactId: 13n, companyId: 6n, firstName: "Cy", version: 1n });

/** Opens `path` as `me` over a contact service holding Ann and Bob of Acme (and Cy of another company). */
export function openContacts(path: string, me = manager, calls: FakeClient<"contacts"> = {}) {
  const stored: Contact[] = [ann, bob, elsewhere];
  const listContacts = vi.fn(async () => ({ contacts: [ann, bob], nextPageToken: "" }));
  const getContact = vi.fn(async ({ contactId }: { contactId: bigint }) => {
    const contact = stored.find((c) => c.contactId === contactId);
    if (!contact) throw new ConnectError("contact not found", Code.NotFound);
    return { contact };
  });
  const view = openApp(
    path,
    me,
    {
      companies: { getCompany: vi.fn(async () => ({ company: acme })) },
      contacts: { listContacts, getContact, ...calls },
    },
    [manager, sally],
  );
  return { ...view, listContacts, getContact };
}
