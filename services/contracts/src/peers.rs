//! The services contracts asks, on the caller's behalf: crm (companies, who may see them, their
//! accounts) and sourcing (utilities and suppliers). Their answers come back as this service's
//! errors.

use crate::{
    State,
    error::{Error, Result},
};
use eris_platform::{auth::Caller, error::peer_error};
use eris_proto::{
    crm::v1::{
        Account, AccountFilter, GetCompanyRequest, ListAccountsRequest, ListVisibleCompanyIdsRequest,
        LookupAccountsRequest, LookupAccountsResponse, account_service_client::AccountServiceClient,
        company_service_client::CompanyServiceClient,
    },
    sourcing::v1::{
        ListSuppliersRequest, ListUtilitiesRequest, Supplier, Utility, supplier_service_client::SupplierServiceClient,
        utility_service_client::UtilityServiceClient,
    },
};

impl State {
    fn companies(&self) -> CompanyServiceClient<eris_platform::local::Channel> {
        CompanyServiceClient::new(self.crm.clone())
    }

    fn accounts(&self) -> AccountServiceClient<eris_platform::local::Channel> {
        AccountServiceClient::new(self.crm.clone())
    }

    /// The company's name, when the caller may see it.
    pub(crate) async fn company_name(&self, caller: &Caller, company_id: i64) -> Result<String> {
        let request = caller.request(GetCompanyRequest { company_id });
        let found = self.companies().get_company(request).await.map_err(peer_error("crm", "Company"))?;
        Ok(found.into_inner().company.map(|c| c.name).unwrap_or_default())
    }

    /// The ids of every company crm lets the caller open.
    pub(crate) async fn open_companies(&self, caller: &Caller) -> Result<Vec<i64>> {
        let request = caller.request(ListVisibleCompanyIdsRequest { max_ids: 0 });
        let visible = self.companies().list_visible_company_ids(request).await.map_err(peer_error("crm", "Company"))?;
        Ok(visible.into_inner().company_ids)
    }

    /// The company's accounts of `filter`'s commodity (at most 5,000), when the caller may see it.
    pub(crate) async fn company_accounts(
        &self,
        caller: &Caller,
        company_id: i64,
        filter: AccountFilter,
    ) -> Result<Vec<Account>> {
        let request = ListAccountsRequest { company_id, filter: filter.into(), page_size: 5000, ..Default::default() };
        let page =
            self.accounts().list_accounts(caller.request(request)).await.map_err(peer_error("crm", "Company"))?;
        Ok(page.into_inner().accounts)
    }

    /// Accounts by number or id and companies named like given names, from crm on the caller's
    /// behalf (supplier statements).
    pub(crate) async fn lookup_accounts(
        &self,
        caller: &Caller,
        account_numbers: Vec<String>,
        account_ids: Vec<i64>,
        company_names: Vec<String>,
    ) -> Result<LookupAccountsResponse> {
        let request = LookupAccountsRequest { account_numbers, account_ids, company_names };
        let found = self
            .accounts()
            .max_decoding_message_size(crate::MAX_MESSAGE_BYTES)
            .max_encoding_message_size(crate::MAX_MESSAGE_BYTES)
            .lookup_accounts(caller.request(request))
            .await
            .map_err(peer_error("crm", "Account"))?;
        Ok(found.into_inner())
    }

    /// Every utility and supplier (archived too), from sourcing on the caller's behalf.
    pub(crate) async fn directories(&self, caller: &Caller) -> Result<(Vec<Utility>, Vec<Supplier>)> {
        let utilities = async {
            let mut client = UtilityServiceClient::new(self.sourcing.clone());
            let found = client.list_utilities(caller.request(ListUtilitiesRequest::default())).await;
            Ok::<_, Error>(found.map_err(peer_error("sourcing", "Utility"))?.into_inner().utilities)
        };
        let suppliers = async {
            let mut client = SupplierServiceClient::new(self.sourcing.clone());
            let request = ListSuppliersRequest { include_archived: true, ..Default::default() };
            let found = client.list_suppliers(caller.request(request)).await;
            Ok::<_, Error>(found.map_err(peer_error("sourcing", "Supplier"))?.into_inner().suppliers)
        };
        tokio::try_join!(utilities, suppliers)
    }
}
