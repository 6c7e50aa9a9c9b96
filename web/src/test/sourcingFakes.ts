import { create, type DescMessage, type MessageInitShape } from "@bufbuild/protobuf";

import { Role } from "../gen/eris/identity/v1/identity_pb";
import { SupplierContactSchema, SupplierSchema } from "../gen/eris/sourcing/v1/suppliers_pb";
import { Commodity, UtilitySchema } from "../gen/eris/sourcing/v1/utilities_pb";
import { makeUser } from "./fakes";
import { openApp, type FakeClients } from "./renderApp";

type Init<S extends DescMessage> = Omit<MessageInitShape<S>, "$typeName">;

export function makeSupplier(fields: Init<typeof SupplierSchema> = {}) {
  return create(SupplierSchema, {
    supplierId: 1n,
    name: "Acme Energy",
    commodity: Commodity.ELECTRIC,
    brokerAgreementStatus: "Signed",
    version: 1n,
    ...fields,
  });
}

export function makeContact(fields: Init<typeof SupplierContactSchema> = {}) {
  return create(SupplierContactSchema, {
    supplierContactId: 11n,
    supplierId: 1n,
    name: "Pat Pricing",
    contactType: "Primary",
    commodity: Commodity.ELECTRIC,
    email: "pat@acme.test",
    support: "support@acme.test",
    pricingDesk: "(215) 555-0199",
    officePhone: "(215) 555-0100",
    cellPhone: "215.555.0111",
    version: 2n,
    ...fields,
  });
}

export function makeUtility(fields: Init<typeof UtilitySchema> = {}) {
  return create(UtilitySchema, {
    utilityId: 1n,
    name: "PECO",
    state: "PA",
    commodity: Commodity.ELECTRIC,
    zone: "PECO",
    rto: "PJM",
    version: 1n,
    ...fields,
  });
}

/** Renders the app at `path` for a signed-in user of `role`, over the fake clients given. */
export function openAs(role: Role, path: string, api: FakeClients) {
  return openApp(path, makeUser({ userId: 1n, name: "Mia Manager", role }), api);
}
