//! A utility's fields, in one table.

use super::record::record;

/// Every utility field, once (see `record.rs`).
macro_rules! utility_fields {
    ($then:ident) => {
        $then! {
            /// A utility's editable fields.
            UtilityFields: Utility {
                name: String => Text("Utility", 200, true),
                state: String => StateCode(true, "State must be a two-letter code."),
                commodity: String => CommodityOf(ANY_COMMODITY, "Commodity must be Electric, Gas or DR."),
                zone: String => Text("Zone", 100, false),
                rto: String => Text("RTO", 100, false),
            }
        }
    };
}
pub(crate) use utility_fields;

utility_fields!(record);
