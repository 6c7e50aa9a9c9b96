//! The utilities and suppliers accounts name, asked of the sourcing service on the caller's
//! behalf (crm never reads sourcing's schema).

use eris_platform::auth::Caller;
use eris_proto::sourcing::v1::{
    Commodity, ListSuppliersRequest, ListUtilitiesRequest, Supplier, Utility,
    supplier_service_client::SupplierServiceClient, utility_service_client::UtilityServiceClient,
};

use crate::{State, error::Result};

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

fn unavailable(status: tonic::Status) -> eris_platform::Error {
    tracing::warn!(%status, "sourcing could not list its directories");
    eris_platform::Error::Unavailable("The sourcing service is unavailable. Please try again shortly.".into())
}

impl State {
    /// The utilities and suppliers as they are now.
    pub(crate) async fn directory(&self, caller: &Caller) -> Result<Directory> {
        let mut utility_client = UtilityServiceClient::new(self.sourcing.clone());
        let mut supplier_client = SupplierServiceClient::new(self.sourcing.clone());
        let utilities = utility_client
            .list_utilities(caller.request(ListUtilitiesRequest { commodity: Commodity::Unspecified.into() }));
        let suppliers = supplier_client
            .list_suppliers(caller.request(ListSuppliersRequest { commodity: 0, include_archived: true }));
        let (utilities, suppliers) = tokio::try_join!(utilities, suppliers).map_err(unavailable)?;
        Ok(Directory { utilities: utilities.into_inner().utilities, suppliers: suppliers.into_inner().suppliers })
    }

    /// Ids of the utilities whose name contains `text` (for finding accounts by utility).
    pub(crate) async fn utilities_matching(&self, caller: &Caller, text: &str) -> Result<Vec<i64>> {
        let request = caller.request(ListUtilitiesRequest { commodity: Commodity::Unspecified.into() });
        let utilities = UtilityServiceClient::new(self.sourcing.clone())
            .list_utilities(request)
            .await
            .map_err(unavailable)?
            .into_inner()
            .utilities;
        let text = text.to_lowercase();
        Ok(utilities.into_iter().filter(|u| u.name.to_lowercase().contains(&text)).map(|u| u.utility_id).collect())
    }
}
