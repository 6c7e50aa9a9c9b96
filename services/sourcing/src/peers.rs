//! The other services sourcing asks on the caller's behalf: crm, about the companies and
//! accounts RFPs name (whether the caller may see a company, which companies a Sales user sees,
//! a company's accounts of a commodity and their usage). crm's answers become this service's
//! errors here.

use crate::{
    State, access,
    db::rfps::RfpRow,
    domain::rfps::Reach,
    error::{Error, Result},
};
use eris_platform::{auth::Caller, error::peer_error};
use eris_proto::crm::v1::{
    AccountFilter, AccountUsage, BatchGetUsageRequest, FilterVisibleCompanyIdsRequest, GetCompanyRequest,
    ListAccountsRequest, ListVisibleCompanyIdsRequest, account_service_client::AccountServiceClient,
    company_service_client::CompanyServiceClient,
};

/// crm's answer as this service's error: a company the caller may not see is one not found.
fn crm_error(status: tonic::Status) -> Error {
    Error::Platform(peer_error("crm", "Company")(status))
}

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
        let company = self.companies().get_company(request).await.map_err(crm_error)?.into_inner().company;
        Ok(company.map(|c| c.name).unwrap_or_default())
    }

    /// The companies the caller may see, named when they are few enough for a query.
    pub(crate) async fn visible_companies(&self, caller: &Caller) -> Result<Reach> {
        if access::may_change_rfps(caller) {
            return Ok(Reach::All);
        }
        let request = caller.request(ListVisibleCompanyIdsRequest { max_ids: self.rfp_few_companies });
        let visible = self.companies().list_visible_company_ids(request).await.map_err(crm_error)?.into_inner();
        Ok(match (visible.all, visible.more) {
            (true, _) => Reach::All,
            (false, true) => Reach::Many,
            (false, false) => Reach::These(visible.company_ids),
        })
    }

    /// Those of `rows` whose company the caller may see.
    pub(crate) async fn only_visible(&self, caller: &Caller, rows: Vec<RfpRow>) -> Result<Vec<RfpRow>> {
        let ids: Vec<i64> = rows.iter().map(|r| r.company_id).collect();
        let request = caller.request(FilterVisibleCompanyIdsRequest { company_ids: ids });
        let visible = self.companies().filter_visible_company_ids(request).await.map_err(crm_error)?;
        let visible = visible.into_inner().company_ids;
        Ok(rows.into_iter().filter(|r| visible.contains(&r.company_id)).collect())
    }

    /// The ids of the company's accounts that `filter` keeps.
    pub(crate) async fn company_account_ids(
        &self,
        caller: &Caller,
        company_id: i64,
        filter: AccountFilter,
    ) -> Result<Vec<i64>> {
        let request = ListAccountsRequest { company_id, filter: filter.into(), page_size: 5000, ..Default::default() };
        let page = self.accounts().list_accounts(caller.request(request)).await.map_err(crm_error)?;
        Ok(page.into_inner().accounts.into_iter().map(|a| a.account_id).collect())
    }

    /// The RFP's accounts with their usage, from crm on the caller's behalf.
    pub(crate) async fn rfp_accounts(&self, caller: &Caller, rfp: &RfpRow) -> Result<Vec<AccountUsage>> {
        if rfp.fields.account_ids.is_empty() {
            return Ok(Vec::new());
        }
        let request = BatchGetUsageRequest { company_id: rfp.company_id, account_ids: rfp.fields.account_ids.clone() };
        let found = self.accounts().batch_get_usage(caller.request(request)).await.map_err(crm_error)?;
        Ok(found.into_inner().usages)
    }
}
