//! A supplier's fields and a supplier contact's, each in one table.

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
