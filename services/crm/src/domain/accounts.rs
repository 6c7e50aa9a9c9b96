//! What each account call does: reads by the company's visibility, saves by field that keep the
//! company's totals current, usage, capacity histories and imports (the record's own rules are in
//! `account_record.rs`).

use chrono::NaiveDate;
use eris_platform::{
    auth::Caller,
    edits::{self, Patch},
};
use eris_proto::sourcing::v1::Commodity as DirectoryCommodity;
use rust_decimal::Decimal;
use sqlx::{Postgres, Transaction};

use crate::{
    State,
    access::{self, require},
    db::{
        self,
        accounts::{AccountFields, AccountRow, CapacityRow, UsageMonthRow},
    },
    domain::{
        account_record::{AccountCommodity, CapacityKind, TypedMonth, usage_months, validate},
        directory::Directory,
    },
    error::{Error, Result, invalid, not_found},
    events::{AccountChange, AccountEventKind, record_events},
};

/// The edit log's name for accounts.
const RESOURCE: &str = "account";
/// The most numbers or ids one lookup takes.
const LOOKUP_LIMIT: usize = 100_000;

/// What an account's directory references must be, checked only where they change (an account
/// may keep naming a supplier that has since been archived).
fn check_directory(fields: &AccountFields, before: Option<&AccountFields>, directory: &Directory) -> Result<()> {
    let commodity = AccountCommodity::from_name(&fields.commodity).map(AccountCommodity::directory);
    let commodity_changed = before.is_none_or(|b| b.commodity != fields.commodity);
    if let Some(utility_id) = fields.utility_id
        && (commodity_changed || before.is_none_or(|b| b.utility_id != fields.utility_id))
    {
        let utility = directory.utility(utility_id).ok_or_else(|| invalid("Choose a utility from the list."))?;
        if Some(utility.commodity()) != commodity {
            return Err(invalid(format!("{} is not a {} utility.", utility.name, fields.commodity)));
        }
    }
    if let Some(supplier_id) = fields.supplier_id
        && (commodity_changed || before.is_none_or(|b| b.supplier_id != fields.supplier_id))
    {
        let supplier = directory.supplier(supplier_id).filter(|s| !s.archived);
        let supplier = supplier.ok_or_else(|| invalid("Choose a supplier from the list."))?;
        if Some(supplier.commodity()) != commodity {
            return Err(invalid(format!("{} is not a {} supplier.", supplier.name, fields.commodity)));
        }
    }
    if let Some(provider_id) = fields.dr_provider_supplier_id
        && before.is_none_or(|b| b.dr_provider_supplier_id != fields.dr_provider_supplier_id)
    {
        let provider = directory.supplier(provider_id).filter(|s| !s.archived);
        let provider = provider.ok_or_else(|| invalid("Choose a DR provider from the list."))?;
        if provider.commodity() != DirectoryCommodity::Dr {
            return Err(invalid(format!("{} is not a DR provider.", provider.name)));
        }
    }
    Ok(())
}

fn account_not_found() -> Error {
    not_found("Account")
}

/// A company the caller may not see reads as a missing `what`; other failures stay as they are.
pub(crate) fn hidden_as(what: &'static str) -> impl Fn(Error) -> Error {
    move |error| match error {
        Error::Platform(eris_platform::Error::NotFound(_)) => not_found(what),
        other => other,
    }
}

/// The 12 months of an account's usage, months never entered empty.
pub fn twelve_months(stored: &[UsageMonthRow]) -> Vec<UsageMonthRow> {
    (1..=12)
        .map(|month| {
            stored.iter().find(|m| m.month == month).cloned().unwrap_or(UsageMonthRow {
                month,
                value: None,
                kw: None,
                entry_date: None,
            })
        })
        .collect()
}

impl State {
    /// An account of a company the caller may read.
    pub(crate) async fn readable_account(&self, caller: &Caller, account_id: i64) -> Result<AccountRow> {
        let account = db::accounts::select_account(&self.pool, account_id).await?.ok_or_else(account_not_found)?;
        self.readable_company(caller, account.company_id).await.map_err(hidden_as("Account"))?;
        Ok(account)
    }

    /// Begins a change of an account the caller may change: the access checks first, then a
    /// transaction holding the company's row lock (so its totals are recomputed one change at a
    /// time) and the account's.
    async fn begin_account_change(
        &self,
        caller: &Caller,
        account_id: i64,
    ) -> Result<(Transaction<'static, Postgres>, AccountRow)> {
        let company_id =
            db::accounts::select_account_company(&self.pool, account_id).await?.ok_or_else(account_not_found)?;
        self.readable_company(caller, company_id).await.map_err(hidden_as("Account"))?;
        require(access::may_change_accounts(caller))?;
        let mut tx = self.pool.begin().await?;
        db::accounts::lock_company(&mut tx, company_id).await?;
        let account = db::accounts::select_account_for_update(&mut tx, account_id).await?;
        let account = account.filter(|a| a.company_id == company_id).ok_or_else(account_not_found)?;
        Ok((tx, account))
    }

    pub(crate) async fn list_accounts(
        &self,
        caller: &Caller,
        query: &db::accounts::AccountQuery,
        after: Option<(String, i64)>,
        limit: i64,
    ) -> Result<(Vec<AccountRow>, db::accounts::AccountTotals)> {
        self.readable_company(caller, query.company_id).await?;
        let page = db::accounts::list_accounts(&self.pool, query, after, limit);
        let totals = db::accounts::account_totals(&self.pool, query);
        let (page, totals) = tokio::try_join!(page, totals)?;
        Ok((page, totals))
    }

    pub(crate) async fn search_accounts(
        &self,
        caller: &Caller,
        text: &str,
        after: Option<(String, String, i64)>,
        limit: i64,
    ) -> Result<Vec<db::accounts::AccountMatchRow>> {
        let utility_ids = self.utilities_matching(caller, text).await?;
        let visible_to = access::companies_limited_to(caller);
        Ok(db::accounts::search_accounts(&self.pool, text, &utility_ids, visible_to, after, limit).await?)
    }

    /// Accounts by number (as statements write them) or id, and companies named like given
    /// names: how supplier statements find their customers. Management, Admin and Customer
    /// Care only, who see every company.
    pub(crate) async fn lookup_accounts(
        &self,
        caller: &Caller,
        numbers: &[String],
        ids: &[i64],
        names: &[String],
    ) -> Result<(Vec<db::accounts::AccountRefRow>, Vec<(String, i64, String)>)> {
        require(access::may_change_accounts(caller))?;
        if numbers.len() > LOOKUP_LIMIT || ids.len() > LOOKUP_LIMIT {
            return Err(invalid(format!("Look up at most {LOOKUP_LIMIT} accounts at a time.")));
        }
        if names.len() > 1000 {
            return Err(invalid("Look up at most 1,000 names at a time."));
        }
        let mut keys: Vec<String> =
            numbers.iter().map(|n| eris_platform::text::account_number_key(n)).filter(|k| !k.is_empty()).collect();
        keys.sort_unstable();
        keys.dedup();
        let mut names: Vec<String> =
            names.iter().map(|n| n.trim().to_owned()).filter(|n| n.chars().count() >= 3).collect();
        names.sort_unstable();
        names.dedup();
        let accounts = db::accounts::lookup_accounts(&self.pool, &keys, ids).await?;
        let companies = db::accounts::companies_named_like(&self.pool, &names).await?;
        Ok((accounts, companies))
    }

    pub(crate) async fn create_account(
        &self,
        caller: &Caller,
        company_id: i64,
        mut fields: AccountFields,
    ) -> Result<AccountRow> {
        self.readable_company(caller, company_id).await?;
        require(access::may_change_accounts(caller))?;
        if fields.open_state.is_empty() {
            "Open".clone_into(&mut fields.open_state);
        }
        validate(&fields)?;
        check_directory(&fields, None, &self.directory(caller).await?)?;
        let mut tx = self.pool.begin().await?;
        if !db::accounts::lock_company(&mut tx, company_id).await? {
            return Err(not_found("Company"));
        }
        let ids =
            db::accounts::insert_accounts(&mut tx, company_id, std::slice::from_ref(&fields), caller.user_id).await?;
        let account_id = ids.first().copied().ok_or_else(account_not_found)?;
        let row = db::accounts::select_account(&mut *tx, account_id).await?.ok_or_else(account_not_found)?;
        let totals = db::accounts::refresh_company_totals(&mut tx, company_id).await?;
        record_events(&mut tx, caller, &[AccountChange { kind: AccountEventKind::Created, account: &row, totals }])
            .await?;
        tx.commit().await?;
        Ok(row)
    }

    /// Saves the named fields; refused only when a field it changes was changed by someone else
    /// after `patch.version`.
    pub(crate) async fn update_account(&self, caller: &Caller, patch: Patch<AccountFields>) -> Result<AccountRow> {
        if patch.named.is_empty() {
            return Err(invalid("Name at least one field to change in update_mask."));
        }
        let directory = if patch
            .named
            .iter()
            .any(|f| ["utility_id", "supplier_id", "commodity", "dr_provider_supplier_id"].contains(&f.as_str()))
        {
            Some(self.directory(caller).await?)
        } else {
            None
        };
        let (mut tx, before) = self.begin_account_change(caller, patch.record_id).await?;
        let saved = edits::save(&mut tx, RESOURCE, caller.user_id, &before.fields, before.version, &patch);
        let Some((after, changes)) = saved.await?.into_write("account")? else {
            return Ok(before);
        };
        validate(&after)?;
        if let Some(directory) = &directory {
            check_directory(&after, Some(&before.fields), directory)?;
        }
        if after.commodity != before.fields.commodity
            && !db::accounts::list_usage(&mut *tx, before.account_id).await?.is_empty()
        {
            return Err(invalid("An account's commodity cannot change once it has usage."));
        }
        let version = db::accounts::update_account(&mut tx, patch.record_id, &after, caller.user_id).await?;
        edits::record(&mut tx, RESOURCE, patch.record_id, version, caller.user_id, &changes).await?;
        let row = db::accounts::select_account(&mut *tx, patch.record_id).await?.ok_or_else(account_not_found)?;
        let totals = db::accounts::refresh_company_totals(&mut tx, row.company_id).await?;
        record_events(&mut tx, caller, &[AccountChange { kind: AccountEventKind::Updated, account: &row, totals }])
            .await?;
        tx.commit().await?;
        Ok(row)
    }

    pub(crate) async fn delete_account(&self, caller: &Caller, account_id: i64) -> Result<()> {
        let (mut tx, _) = self.begin_account_change(caller, account_id).await?;
        let row = db::accounts::delete_account(&mut tx, account_id).await?.ok_or_else(account_not_found)?;
        let totals = db::accounts::refresh_company_totals(&mut tx, row.company_id).await?;
        record_events(&mut tx, caller, &[AccountChange { kind: AccountEventKind::Deleted, account: &row, totals }])
            .await?;
        tx.commit().await?;
        Ok(())
    }

    /// The 12 months of an account's usage, with the account.
    pub(crate) async fn usage(&self, caller: &Caller, account_id: i64) -> Result<(Vec<UsageMonthRow>, AccountRow)> {
        let account = self.readable_account(caller, account_id).await?;
        let stored = db::accounts::list_usage(&self.pool, account_id).await?;
        Ok((twelve_months(&stored), account))
    }

    /// Accounts of a company the caller may see, each with its 12 months (unknown ids and other
    /// companies' accounts are left out).
    pub(crate) async fn batch_usage(
        &self,
        caller: &Caller,
        company_id: i64,
        account_ids: &[i64],
    ) -> Result<Vec<(AccountRow, Vec<UsageMonthRow>)>> {
        if account_ids.len() > 5000 {
            return Err(invalid("Ask for at most 5000 accounts at once."));
        }
        self.readable_company(caller, company_id).await?;
        let accounts = db::accounts::select_company_accounts(&self.pool, company_id, account_ids).await?;
        let ids: Vec<i64> = accounts.iter().map(|a| a.account_id).collect();
        let mut stored: std::collections::HashMap<i64, Vec<UsageMonthRow>> = std::collections::HashMap::new();
        for row in db::accounts::list_usage_of(&self.pool, &ids).await? {
            stored.entry(row.account_id).or_default().push(row.month);
        }
        Ok(accounts
            .into_iter()
            .map(|account| {
                let months = stored.remove(&account.account_id).unwrap_or_default();
                (account, twelve_months(&months))
            })
            .collect())
    }

    /// Saves the months given; a month whose value or kW changed gets today's entry date.
    pub(crate) async fn update_usage(
        &self,
        caller: &Caller,
        account_id: i64,
        typed: &[TypedMonth],
    ) -> Result<(Vec<UsageMonthRow>, AccountRow)> {
        let (mut tx, account) = self.begin_account_change(caller, account_id).await?;
        let commodity = AccountCommodity::from_name(&account.fields.commodity).unwrap_or(AccountCommodity::Electric);
        let months = usage_months(commodity, typed)?;
        let stored = twelve_months(&db::accounts::list_usage(&mut *tx, account_id).await?);
        let today = self.business.today();
        let changed: Vec<UsageMonthRow> = months
            .into_iter()
            .filter_map(|(month, value, kw)| {
                let old = &stored[(month - 1) as usize];
                (old.value != value || old.kw != kw).then_some(UsageMonthRow {
                    month,
                    value,
                    kw,
                    entry_date: Some(today),
                })
            })
            .collect();
        if changed.is_empty() {
            return Ok((stored, account));
        }
        let row = db::accounts::save_usage(&mut tx, account_id, &changed).await?;
        let delta = row.annual_usage - account.annual_usage;
        let totals = db::accounts::add_to_company_totals(&mut tx, row.company_id, &row.fields.commodity, delta).await?;
        record_events(
            &mut tx,
            caller,
            &[AccountChange { kind: AccountEventKind::UsageUpdated, account: &row, totals }],
        )
        .await?;
        tx.commit().await?;
        let mut months = stored;
        for month in changed {
            let index = (month.month - 1) as usize;
            months[index] = month;
        }
        Ok((months, row))
    }

    pub(crate) async fn capacity_records(
        &self,
        caller: &Caller,
        account_id: i64,
        kind: CapacityKind,
    ) -> Result<Vec<CapacityRow>> {
        self.readable_account(caller, account_id).await?;
        Ok(db::accounts::list_capacity(&self.pool, account_id, kind.name()).await?)
    }

    pub(crate) async fn add_capacity_record(
        &self,
        caller: &Caller,
        account_id: i64,
        kind: CapacityKind,
        value: Decimal,
        dates: (NaiveDate, NaiveDate),
    ) -> Result<CapacityRow> {
        let (mut tx, account) = self.begin_account_change(caller, account_id).await?;
        if account.fields.commodity != AccountCommodity::Electric.name() {
            return Err(invalid("Capacity histories are kept for electric accounts only."));
        }
        let row = db::accounts::insert_capacity(&mut tx, account_id, kind.name(), value, dates, caller.user_id).await?;
        let totals = db::accounts::refresh_company_totals(&mut tx, account.company_id).await?;
        record_events(
            &mut tx,
            caller,
            &[AccountChange { kind: AccountEventKind::CapacityAdded, account: &account, totals }],
        )
        .await?;
        tx.commit().await?;
        Ok(row)
    }

    pub(crate) async fn delete_capacity_record(
        &self,
        caller: &Caller,
        record_id: i64,
        kind: Option<CapacityKind>,
    ) -> Result<()> {
        let record_not_found = || not_found("Record");
        let record = db::accounts::select_capacity(&self.pool, record_id).await?.ok_or_else(record_not_found)?;
        if kind.is_some_and(|kind| kind.name() != record.kind) {
            return Err(record_not_found());
        }
        let (mut tx, account) =
            self.begin_account_change(caller, record.account_id).await.map_err(hidden_as("Record"))?;
        db::accounts::delete_capacity(&mut tx, record_id).await?;
        let totals = db::accounts::refresh_company_totals(&mut tx, account.company_id).await?;
        record_events(
            &mut tx,
            caller,
            &[AccountChange { kind: AccountEventKind::CapacityDeleted, account: &account, totals }],
        )
        .await?;
        tx.commit().await?;
        Ok(())
    }

    /// Adds checked accounts to a company in one transaction.
    pub(crate) async fn import_accounts(
        &self,
        caller: &Caller,
        company_id: i64,
        accounts: &[AccountFields],
    ) -> Result<Vec<AccountRow>> {
        let mut tx = self.pool.begin().await?;
        if !db::accounts::lock_company(&mut tx, company_id).await? {
            return Err(not_found("Company"));
        }
        let ids = db::accounts::insert_accounts(&mut tx, company_id, accounts, caller.user_id).await?;
        let rows = db::accounts::select_accounts(&mut *tx, &ids).await?;
        let totals = db::accounts::refresh_company_totals(&mut tx, company_id).await?;
        let changes: Vec<AccountChange<'_>> =
            rows.iter().map(|account| AccountChange { kind: AccountEventKind::Imported, account, totals }).collect();
        record_events(&mut tx, caller, &changes).await?;
        tx.commit().await?;
        Ok(rows)
    }
}

#[cfg(test)]
mod tests {
    use std::str::FromStr;

    use super::*;
    use crate::domain::account_record::*;

    fn dec(text: &str) -> Decimal {
        Decimal::from_str(text).unwrap()
    }

    #[test]
    fn load_factors_use_the_spec_divisors_to_four_decimals() {
        // 72,000 kWh at a 200 kW peak over a 720-hour month: 0.5.
        assert_eq!(monthly_load_factor(Some(dec("72000")), Some(dec("200"))), Some(dec("0.5")));
        assert_eq!(monthly_load_factor(Some(dec("1000")), Some(dec("3"))), Some(dec("0.463")));
        assert_eq!(monthly_load_factor(Some(dec("1000")), Some(Decimal::ZERO)), None);
        assert_eq!(monthly_load_factor(None, Some(dec("3"))), None);
        // 876,000 kWh a year at a 200 kW peak: 876000 / (200 x 8760) = 0.5.
        assert_eq!(annual_load_factor(dec("876000"), Some(dec("200"))), Some(dec("0.5")));
        assert_eq!(annual_load_factor(dec("100"), None), None);
    }

    #[test]
    fn usage_months_are_checked_and_gas_has_no_kw() {
        let month = |month: i32, value: &str, kw: &str| TypedMonth { month, value: value.into(), kw: kw.into() };
        let months = usage_months(AccountCommodity::Electric, &[month(1, "1,200", "4.5"), month(2, "", "")]).unwrap();
        assert_eq!(months[0], (1, Some(dec("1200")), Some(dec("4.5"))));
        assert_eq!(months[1], (2, None, None));
        assert_eq!(
            usage_months(AccountCommodity::Electric, &[month(1, "1,2,3", "")]).unwrap_err().to_string(),
            "January kWh must be a number."
        );
        assert!(usage_months(AccountCommodity::Electric, &[month(13, "1", "")]).is_err());
        assert!(usage_months(AccountCommodity::Electric, &[month(3, "1", ""), month(3, "2", "")]).is_err());
        assert_eq!(
            usage_months(AccountCommodity::Gas, &[month(1, "10", "2")]).unwrap_err().to_string(),
            "Gas usage has no kW."
        );
    }

    #[test]
    fn twelve_months_fill_the_gaps() {
        let stored = [UsageMonthRow { month: 3, value: Some(dec("5")), kw: None, entry_date: None }];
        let months = twelve_months(&stored);
        assert_eq!(months.len(), 12);
        assert_eq!(months[2].value, Some(dec("5")));
        assert!(months[0].value.is_none() && months[11].month == 12);
    }

    #[test]
    fn gas_accounts_have_no_capacity_or_dr_and_dr_details_need_dr() {
        let gas = AccountFields { commodity: "Gas".into(), open_state: "Open".into(), ..Default::default() };
        assert!(validate(&gas).is_ok());
        let with_plc = AccountFields { plc: Some(dec("10")), ..gas.clone() };
        assert_eq!(validate(&with_plc).unwrap_err().to_string(), "PLC, NSPL and DR apply to electric accounts only.");
        let electric = AccountFields { commodity: "Electric".into(), ..gas.clone() };
        let status_without_dr = AccountFields { dr_status: Some("Registered".into()), ..electric.clone() };
        assert!(validate(&status_without_dr).is_err());
        let dr = AccountFields { is_dr: true, ..status_without_dr };
        assert!(validate(&dr).is_ok());
        assert!(validate(&AccountFields { state: "ZZ".into(), ..electric.clone() }).is_err());
        assert!(validate(&AccountFields { commodity: "DR".into(), ..electric }).is_err());
    }

    #[test]
    fn percents_and_dates_are_bounded() {
        assert_eq!(parse_percent("Tax Exempt Status", "12.5%").unwrap(), Some(dec("12.5")));
        assert!(parse_percent("Tax Exempt Status", "100.01").is_err());
        let day = |d: u32| NaiveDate::from_ymd_opt(2026, 1, d);
        assert!(capacity_dates(day(2), day(1)).is_err());
        assert!(capacity_dates(day(1), day(1)).is_ok());
        assert_eq!(capacity_dates(None, day(1)).unwrap_err().to_string(), "Start Date is required.");
    }
}
