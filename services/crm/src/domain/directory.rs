//! The utilities and suppliers accounts name, as sourcing listed them for one request (asked in
//! `peers.rs` on the caller's behalf: crm never reads sourcing's schema).

use eris_proto::sourcing::v1::{Commodity, Supplier, Utility};

/// Sourcing's directories as one request saw them.
#[derive(Debug, Clone, Default)]
pub struct Directory {
    pub utilities: Vec<Utility>,
    /// Archived suppliers too: an account may keep naming one.
    pub suppliers: Vec<Supplier>,
}

impl Directory {
    pub fn utility(&self, utility_id: i64) -> Option<&Utility> {
        self.utilities.iter().find(|utility| utility.utility_id == utility_id)
    }

    pub fn supplier(&self, supplier_id: i64) -> Option<&Supplier> {
        self.suppliers.iter().find(|supplier| supplier.supplier_id == supplier_id)
    }

    /// Utilities of `commodity` whose name is `name`, whatever its case.
    pub fn utilities_named(&self, name: &str, commodity: Commodity) -> Vec<&Utility> {
        self.utilities
            .iter()
            .filter(|utility| utility.commodity() == commodity && utility.name.eq_ignore_ascii_case(name))
            .collect()
    }

    /// The live supplier of `commodity` named `name`, whatever its case.
    pub fn live_supplier_named(&self, name: &str, commodity: Commodity) -> Option<&Supplier> {
        self.suppliers.iter().find(|supplier| {
            !supplier.archived && supplier.commodity() == commodity && supplier.name.eq_ignore_ascii_case(name)
        })
    }
}
