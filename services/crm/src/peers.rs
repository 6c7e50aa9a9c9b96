//! The other services crm asks on the caller's behalf: sourcing, for the utilities and suppliers
//! accounts name. Their failures become this service's errors here.

use eris_platform::auth::Caller;
use eris_proto::sourcing::v1::{
    Commodity, ListSuppliersRequest, ListUtilitiesRequest, supplier_service_client::SupplierServiceClient,
    utility_service_client::UtilityServiceClient,
};

use crate::{State, domain::directory::Directory, error::Result};

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
