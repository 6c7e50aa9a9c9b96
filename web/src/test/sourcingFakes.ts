import { create, type DescMessage, type MessageInitShape } from "@bufbuild/protobuf";

import { Role } from "../gen/eris/identity/v1/identity_pb";
import { RfpOutcome, RfpSchema } from "../gen/eris/sourcing/v1/rfps_pb";
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

/** An Open Electric RFP of Acme Foods (company 5), due back 11/20/2026 at 11:00. */
export function makeRfp(fields: Init<typeof RfpSchema> = {}) {
  return create(RfpSchema, {
    rfpId: 1n,
    companyId: 5n,
    companyName: "Acme Foods",
    len: "Acme Foods LLC",
    address: "1 Main St",
    city: "Media",
    state: "PA",
    zip: "19063",
    commodity: Commodity.ELECTRIC,
    startDate: { year: 2027, month: 1, day: 1 },
    returnDate: { year: 2026, month: 11, day: 20 },
    returnTime: "11:00",
    supplierIds: [1n],
    terms: [12, 24],
    products: ["Fixed"],
    fee: "0.005",
    accountIds: [31n, 32n],
    ownerUserId: 1n,
    outcome: RfpOutcome.OPEN,
    version: 1n,
    ...fields,
  });
}

/** Renders the app at `path` for a signed-in user of `role`, over the fake clients given. */
export function openAs(role: Role, path: string, api: FakeClients) {
  return openApp(path, makeUser({ userId: 1n, name: "Mia Manager", role }), api);
}
