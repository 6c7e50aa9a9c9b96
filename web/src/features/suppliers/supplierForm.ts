import type { Supplier, SupplierContact } from "../../gen/eris/sourcing/v1/suppliers_pb";
import { Commodity } from "../../gen/eris/sourcing/v1/utilities_pb";
import { commodityLabel } from "../../lib/commodity";

/** Supplier commodities (spec section 9), also the filter's choices after All. */
export const SUPPLIER_COMMODITIES: readonly Commodity[] = [Commodity.ELECTRIC, Commodity.GAS, Commodity.DR];

/** The fields of the add/edit supplier dialog. */
export type SupplierFields = {
  name: string;
  commodity: Commodity;
  brokerAgreementStatus: string;
};

/** UpdateSupplier's mask path of each field. */
export const SUPPLIER_MASK_PATHS = {
  name: "name",
  commodity: "commodity",
  brokerAgreementStatus: "broker_agreement_status",
} as const satisfies Record<keyof SupplierFields, string>;

export function emptySupplierFields(): SupplierFields {
  return { name: "", commodity: Commodity.UNSPECIFIED, brokerAgreementStatus: "" };
}

export function supplierFieldsOf(supplier: Supplier): SupplierFields {
  return {
    name: supplier.name,
    commodity: supplier.commodity,
    brokerAgreementStatus: supplier.brokerAgreementStatus,
  };
}

/** A name and a commodity are needed; the agreement status may stay empty. */
export function isSupplierComplete(fields: SupplierFields): boolean {
  return fields.name.trim() !== "" && fields.commodity !== Commodity.UNSPECIFIED;
}

export interface SupplierFilter {
  /** UNSPECIFIED for all. */
  commodity: Commodity;
  search: string;
  showArchived: boolean;
}

/** The suppliers the list shows, in the server's order (by name). */
export function filterSuppliers(suppliers: readonly Supplier[], filter: SupplierFilter): Supplier[] {
  const q = filter.search.trim().toLowerCase();
  return suppliers.filter(
    (s) =>
      (filter.showArchived || !s.archived) &&
      (filter.commodity === Commodity.UNSPECIFIED || s.commodity === filter.commodity) &&
      (q === "" ||
        [s.name, s.brokerAgreementStatus, commodityLabel(s.commodity)].some((text) => text.toLowerCase().includes(q))),
  );
}

/** The fields of the add/edit contact dialog. */
export type ContactFields = {
  name: string;
  contactType: string;
  /** UNSPECIFIED: the contact handles every commodity. */
  commodity: Commodity;
  email: string;
  support: string;
  pricingDesk: string;
  officePhone: string;
  cellPhone: string;
};

/** UpdateSupplierContact's mask path of each field. */
export const CONTACT_MASK_PATHS = {
  name: "name",
  contactType: "contact_type",
  commodity: "commodity",
  email: "email",
  support: "support",
  pricingDesk: "pricing_desk",
  officePhone: "office_phone",
  cellPhone: "cell_phone",
} as const satisfies Record<keyof ContactFields, string>;

export function emptyContactFields(): ContactFields {
  return {
    name: "",
    contactType: "",
    commodity: Commodity.UNSPECIFIED,
    email: "",
    support: "",
    pricingDesk: "",
    officePhone: "",
    cellPhone: "",
  };
}

export function contactFieldsOf(contact: SupplierContact): ContactFields {
  return {
    name: contact.name,
    contactType: contact.contactType,
    commodity: contact.commodity,
    email: contact.email,
    support: contact.support,
    pricingDesk: contact.pricingDesk,
    officePhone: contact.officePhone,
    cellPhone: contact.cellPhone,
  };
}

/** A name and a contact type are needed. */
export function isContactComplete(fields: ContactFields): boolean {
  return fields.name.trim() !== "" && fields.contactType.trim() !== "";
}
