//! A supplier's fields and a supplier contact's, each in one table, with the rules of a contact's.

use super::record::record;

/// Every supplier field, once (see `record.rs`).
macro_rules! supplier_fields {
    ($then:ident) => {
        $then! {
            /// A supplier's editable fields.
            SupplierFields: Supplier {
                name: String => Text("Supplier Name", 200, true),
                commodity: String => CommodityOf(ANY_COMMODITY, "Commodity must be Electric, Gas or DR."),
                broker_agreement_status: String => Text("Broker Agreement Status", 100, false),
            }
        }
    };
}
pub(crate) use supplier_fields;

supplier_fields!(record);

/// Every supplier contact field, once (see `record.rs`).
macro_rules! supplier_contact_fields {
    ($then:ident) => {
        $then! {
            /// A supplier contact's editable fields.
            SupplierContactFields: SupplierContact {
                name: String => Text("Name", 200, true),
                contact_type: String => Checked(
                    "Contact Type", 20, is_contact_type, "Contact Type must be Primary, Secondary or Regional."
                ),
                commodity: String => OptionalCommodity,
                email: String => Checked("Email", 254, looks_like_email, "Email must be an e-mail address."),
                support: String => Text("Support", 200, false),
                pricing_desk: String => Text("Pricing Desk", 200, false),
                office_phone: String => Text("Office Phone", 50, false),
                cell_phone: String => Text("Cell Phone", 50, false),
            }
        }
    };
}
pub(crate) use supplier_contact_fields;

supplier_contact_fields!(record);

/// The kinds of supplier contact (overview spec section 9).
pub const CONTACT_TYPES: &[&str] = &["Primary", "Secondary", "Regional"];

pub fn is_contact_type(value: &str) -> bool {
    CONTACT_TYPES.contains(&value)
}

pub use eris_platform::text::looks_like_email;
