//! Contracts: their fields and checks, the values computed on every save, the beta Add Contract
//! form's rules, and what each call does. Contracts name crm's companies and accounts; crm is
//! asked on the caller's behalf whether the caller may see the company and which accounts it
//! has (with their annual volumes), so the role rules of companies hold for contracts too.

use chrono::{Datelike, Months, NaiveDate, Utc};
use eris_platform::{
    auth::Caller,
    edits::{self, Patch},
    money,
};
use eris_proto::{
    crm::v1::Account,
    sourcing::v1::{Commodity as SourcingCommodity, Utility},
};
use rust_decimal::Decimal;

use crate::{
    State,
    access::{self, require},
    db::{
        self,
        contracts::{After, BookQuery, CompanyQuery, Computed, ContractRow},
    },
    domain::{
        fields::{ContractFields, TypedContract, contract_fields, typed_with_stored},
        numbers,
        vocabulary::{Basis, Commodity, INACTIVE, STATUSES, account_filter},
    },
    error::{Error, Result, invalid, not_found},
    events::{Also, ContractEventKind, record_event},
};

const CONTRACT: &str = "contract";

/// An id as sent: 0 (or below) means none.
fn id(value: i64) -> Option<i64> {
    (value > 0).then_some(value)
}

/// What the first message of a file upload says.
pub struct FileUpload {
    pub token: String,
    pub content_type: String,
    /// The file's size in bytes; 0 when unknown.
    pub size: u64,
}

/// A contract file being downloaded.
pub struct OpenFile {
    pub name: String,
    pub kind: String,
    pub size: u64,
    pub pieces: futures::stream::BoxStream<'static, object_store::Result<bytes::Bytes>>,
    pub slot: crate::files::DownloadSlot,
}

/// The beta Add Contract form's checks (spec 2 section 5), every failing message in the order
/// the spec lists them; empty when the form may be sent.
pub fn beta_problems(typed: &TypedContract) -> Vec<&'static str> {
    let mut problems = Vec::new();
    let blank = |text: &str| text.trim().is_empty();
    if typed.commodity.is_none() {
        problems.push("Commodity is a require field.");
    }
    if typed.inside_sales_user_id <= 0 && blank(&typed.affiliate) {
        problems.push("Inside Sales is a required field.");
    }
    if typed.closer1_user_id <= 0 {
        problems.push("Closer 1 is a required field.");
    }
    if typed.date_signed.is_none() {
        problems.push("Date signed is a required field.");
    }
    if typed.start_date.is_none() {
        problems.push("Start date is a required field.");
    }
    if typed.term_months < 1 {
        problems.push("Term length is a required field.");
    }
    if !(0..=i32::from(INACTIVE)).contains(&typed.status) {
        problems.push("Status is a required field.");
    }
    match typed.commodity {
        Some(Commodity::Dr) => {
            if blank(&typed.signed_through) {
                problems.push("Signed through is a required field.");
            }
            if typed.provider_supplier_id <= 0 {
                problems.push("Provider is a required field.");
            }
            if blank(&typed.capacity_percentage) {
                problems.push("Capactive % is a required field.");
            }
        }
        Some(Commodity::Electric | Commodity::Gas) => {
            if typed.analyst_user_id <= 0 {
                problems.push("Analyst is a required field.");
            }
            if blank(&typed.contract_type) {
                problems.push("Contract type is a required field");
            }
            if typed.supplier_id <= 0 {
                problems.push("Supplier is a required field");
            }
            if blank(&typed.contract_rate) {
                problems.push("Contract rate is a required field");
            }
            if blank(&typed.state) {
                problems.push("State is a required field");
            }
            if blank(&typed.fee) {
                problems.push("Fee is a required field");
            }
            if blank(&typed.billing_type) {
                problems.push("Billing type is a required field");
            }
        }
        None => {}
    }
    if typed.account_ids.is_empty() {
        problems.push("No accounts selected for this contract.  At least 1 account is required.");
    }
    problems
}

/// The date `months` after `start`; when that day does not exist in the month reached (the 31st
/// of a 30-day month, February 29th in a common year), the first day of the following month.
fn months_after(start: NaiveDate, months: u32) -> Option<NaiveDate> {
    let clamped = start.checked_add_months(Months::new(months))?;
    if clamped.day() == start.day() { Some(clamped) } else { clamped.succ_opt() }
}

/// The last day of supply. The lead contracts screen's rule: the day before the date `term`
/// months after the start (a contract from the 1st of a month ends on the last day of the month
/// before the term is up). The beta form's rule: the last day of the month reached by adding the
/// term to the start.
pub fn end_date(start: Option<NaiveDate>, term_months: Option<i32>, beta: bool) -> Option<NaiveDate> {
    let (start, term) = (start?, u32::try_from(term_months?).ok()?);
    if beta {
        let reached = start.with_day(1)?.checked_add_months(Months::new(term))?;
        reached.checked_add_months(Months::new(1))?.pred_opt()
    } else {
        months_after(start, term)?.pred_opt()
    }
}

/// The values computed on every save from the fields and the covered accounts' annual volumes
/// (kWh for Electric and DR, therms for Gas): annual volume is their sum; term volume is annual
/// x term / 12; the fee totals are each volume x fee, in cents. No term or fee gives zero.
pub fn computed(fields: &ContractFields, account_volumes: &[Decimal], beta: bool) -> Computed {
    let annual: Decimal = account_volumes.iter().copied().sum();
    let term = Decimal::from(fields.term_months.unwrap_or(0));
    let term_volume = numbers::volume(annual * term / Decimal::from(12));
    let fee = fields.fee.unwrap_or(Decimal::ZERO);
    Computed {
        annual_volume: numbers::volume(annual),
        term_volume,
        annual_fee_total: money::cents(annual * fee),
        term_fee_total: money::cents(term_volume * fee),
        end_date: end_date(fields.start_date, fields.term_months, beta),
    }
}

fn contract_not_found() -> Error {
    not_found("Contract")
}

/// The page position after `row`, as a token: "<sort date>/<id>".
pub fn page_token(row: &ContractRow) -> String {
    let sort_date = row.fields.date_signed.unwrap_or(sort_floor());
    format!("{sort_date}/{}", row.contract_id)
}

/// A page token as a position; empty is the first page.
pub fn parse_page_token(token: &str) -> Result<After> {
    if token.is_empty() {
        return Ok(None);
    }
    let refused = || invalid("The page token is not valid.");
    let (date, id) = token.split_once('/').ok_or_else(refused)?;
    Ok(Some((date.parse().map_err(|_| refused())?, id.parse().map_err(|_| refused())?)))
}

/// The Contracts page's filter as the caller sent it.
#[derive(Debug, Clone, Default)]
pub struct TypedBookFilter {
    pub commodity: Option<Commodity>,
    pub user_id: i64,
    pub active_only: bool,
    pub future_only: bool,
    pub signed_from: Option<NaiveDate>,
    pub signed_to: Option<NaiveDate>,
}

impl State {
    /// A contract the caller may see: Sales see those of companies where they hold a team role.
    pub(crate) async fn readable_contract(&self, caller: &Caller, contract_id: i64) -> Result<ContractRow> {
        let row = db::contracts::select_contract(&self.pool, contract_id).await?.ok_or_else(contract_not_found)?;
        if access::limited_to_open_companies(caller) {
            self.company_name(caller, row.company_id).await.map_err(|_| contract_not_found())?;
        }
        Ok(row)
    }

    /// Checks what the fields name against crm and sourcing and answers the company's name with
    /// the covered accounts' annual volumes: the company's accounts of the contract's commodity
    /// (Electric for DR), a utility of that commodity (Electric or DR for DR), a supplier of that
    /// commodity and any provider on sourcing's list (an archived one only if `kept` named it).
    async fn check_references(
        &self,
        caller: &Caller,
        company_id: i64,
        fields: &ContractFields,
        kept: &ContractFields,
    ) -> Result<(String, Vec<Decimal>)> {
        let commodity = Commodity::from_name(&fields.commodity).unwrap_or(Commodity::Electric);
        let name = self.company_name(caller, company_id);
        let accounts = async {
            if fields.account_ids.is_empty() {
                return Ok(Vec::new());
            }
            self.company_accounts(caller, company_id, account_filter(commodity)).await
        };
        let directories = async {
            if fields.utility_id.is_none() && fields.supplier_id.is_none() && fields.provider_supplier_id.is_none() {
                return Ok((Vec::new(), Vec::new()));
            }
            self.directories(caller).await
        };
        let (name, accounts, (utilities, suppliers)) = tokio::try_join!(name, accounts, directories)?;
        let by_id: std::collections::HashMap<i64, &Account> = accounts.iter().map(|a| (a.account_id, a)).collect();
        let mut volumes = Vec::with_capacity(fields.account_ids.len());
        for account_id in &fields.account_ids {
            let account = by_id.get(account_id).ok_or_else(|| {
                let kind = if commodity == Commodity::Gas { "Gas" } else { "Electric" };
                invalid(format!("Account {account_id} is not one of this company's {kind} accounts."))
            })?;
            let annual = if commodity == Commodity::Gas { &account.annual_therms } else { &account.annual_kwh };
            volumes.push(annual.parse::<Decimal>().unwrap_or(Decimal::ZERO));
        }
        if let Some(utility_id) = fields.utility_id {
            let fits = |u: &&Utility| {
                let of = SourcingCommodity::try_from(u.commodity).unwrap_or(SourcingCommodity::Unspecified);
                match commodity {
                    Commodity::Electric => of == SourcingCommodity::Electric,
                    Commodity::Gas => of == SourcingCommodity::Gas,
                    Commodity::Dr => matches!(of, SourcingCommodity::Electric | SourcingCommodity::Dr),
                }
            };
            if !utilities.iter().filter(fits).any(|u| u.utility_id == utility_id) {
                return Err(invalid(format!("Choose a {} utility from the list.", commodity.name())));
            }
        }
        let live = |supplier_id: i64, was: Option<i64>| {
            suppliers.iter().find(|s| s.supplier_id == supplier_id).filter(|s| !s.archived || was == Some(supplier_id))
        };
        if let Some(supplier_id) = fields.supplier_id {
            let wanted = if commodity == Commodity::Gas { SourcingCommodity::Gas } else { SourcingCommodity::Electric };
            let supplier = live(supplier_id, kept.supplier_id).filter(|s| s.commodity == i32::from(wanted));
            supplier.ok_or_else(|| invalid(format!("Choose a {} supplier from the list.", commodity.name())))?;
        }
        if let Some(provider_id) = fields.provider_supplier_id {
            live(provider_id, kept.provider_supplier_id).ok_or_else(|| invalid("Choose a provider from the list."))?;
        }
        Ok((name, volumes))
    }

    /// A page of a company's contracts; `text` also matches supplier and utility names and
    /// status names.
    pub(crate) async fn list_contracts(
        &self,
        caller: &Caller,
        mut query: CompanyQuery,
        after: After,
        limit: i64,
    ) -> Result<Vec<ContractRow>> {
        self.company_name(caller, query.company_id).await?;
        if let Some(text) = &query.text {
            let text = text.to_lowercase();
            let (utilities, suppliers) = self.directories(caller).await?;
            query.text_utility_ids =
                utilities.iter().filter(|u| u.name.to_lowercase().contains(&text)).map(|u| u.utility_id).collect();
            query.text_supplier_ids =
                suppliers.iter().filter(|s| s.name.to_lowercase().contains(&text)).map(|s| s.supplier_id).collect();
            query.text_statuses =
                (0..=INACTIVE).filter(|s| STATUSES[*s as usize].to_lowercase().contains(&text)).collect();
        }
        Ok(db::contracts::list_company_contracts(&self.pool, &query, after, limit).await?)
    }

    pub(crate) async fn get_contract(&self, caller: &Caller, contract_id: i64) -> Result<ContractRow> {
        self.readable_contract(caller, contract_id).await
    }

    /// Makes a contract; `beta` checks the beta form's rules first and answers every failing
    /// message at once, one per line.
    pub(crate) async fn create_contract(
        &self,
        caller: &Caller,
        company_id: i64,
        typed: &TypedContract,
        beta: bool,
    ) -> Result<ContractRow> {
        require(access::may_change_contracts(caller))?;
        if beta {
            require(access::may_use_beta(caller, &self.beta_user_ids))?;
            let problems = beta_problems(typed);
            if !problems.is_empty() {
                return Err(invalid(problems.join("\n")));
            }
        }
        let typed = TypedContract {
            projection_basis: Some(typed.projection_basis.unwrap_or(Basis::of_form(beta))),
            ..typed.clone()
        };
        let fields = contract_fields(&typed)?;
        let (company_name, volumes) =
            self.check_references(caller, company_id, &fields, &ContractFields::default()).await?;
        let computed = computed(&fields, &volumes, beta);
        let mut tx = self.pool.begin().await?;
        let contract_id = db::contracts::insert_contract(
            &mut tx,
            company_id,
            &company_name,
            &fields,
            &computed,
            beta,
            caller.user_id,
        )
        .await?;
        let row = db::contracts::select_contract(&mut *tx, contract_id).await?.ok_or_else(contract_not_found)?;
        record_event(&mut tx, caller, ContractEventKind::ContractCreated, &row, Also::default()).await?;
        tx.commit().await?;
        Ok(row)
    }

    /// Saves the named fields and recomputes the computed values; refused only when a field it
    /// changes was changed by someone else after `patch.version`.
    pub(crate) async fn update_contract(&self, caller: &Caller, patch: Patch<TypedContract>) -> Result<ContractRow> {
        require(access::may_change_contracts(caller))?;
        if patch.named.is_empty() {
            return Err(invalid("Name at least one field to change in update_mask."));
        }
        if patch.named.iter().any(|n| n == "projection_basis") {
            // It decides every projected payment of the contract: only those who replace
            // projected payments change it, and only to a basis named outright.
            require(access::may_update_projected_payments(caller))?;
            if patch.fields.projection_basis.is_none() {
                return Err(invalid("Projection basis must be Fee or Rate."));
            }
        }
        let read = db::contracts::select_contract(&self.pool, patch.record_id).await?.ok_or_else(contract_not_found)?;
        let typed = typed_with_stored(&patch.fields, &read.fields, &patch.named);
        let wanted = contract_fields(&typed)?;
        let (company_name, volumes) = self.check_references(caller, read.company_id, &wanted, &read.fields).await?;
        let patch = Patch { record_id: patch.record_id, version: patch.version, fields: wanted, named: patch.named };
        let mut tx = self.pool.begin().await?;
        let before = db::contracts::select_contract_for_update(&mut tx, patch.record_id)
            .await?
            .ok_or_else(contract_not_found)?;
        let saved = edits::save(&mut tx, CONTRACT, caller.user_id, &before.fields, before.version, &patch);
        let Some((after, changes)) = saved.await?.into_write("contract")? else {
            return Ok(before);
        };
        // The volumes checked were of the accounts wanted; a save that keeps another's account
        // change is checked again before it is written.
        let volumes = if after.account_ids == patch.fields.account_ids && after.commodity == patch.fields.commodity {
            volumes
        } else {
            self.check_references(caller, read.company_id, &after, &before.fields).await?.1
        };
        let computed = computed(&after, &volumes, before.beta);
        let version =
            db::contracts::update_contract(&mut tx, patch.record_id, &company_name, &after, &computed, caller.user_id)
                .await?;
        edits::record(&mut tx, CONTRACT, patch.record_id, version, caller.user_id, &changes).await?;
        let row = db::contracts::select_contract(&mut *tx, patch.record_id).await?.ok_or_else(contract_not_found)?;
        record_event(&mut tx, caller, ContractEventKind::ContractUpdated, &row, Also::default()).await?;
        tx.commit().await?;
        Ok(row)
    }

    /// Removes a contract with everything that hangs from it; `beta_only` refuses one not made
    /// with the beta form.
    pub(crate) async fn delete_contract(&self, caller: &Caller, contract_id: i64, beta_only: bool) -> Result<()> {
        require(access::may_change_contracts(caller))?;
        if beta_only {
            require(access::may_use_beta(caller, &self.beta_user_ids))?;
        }
        let mut tx = self.pool.begin().await?;
        let row =
            db::contracts::select_contract_for_update(&mut tx, contract_id).await?.ok_or_else(contract_not_found)?;
        if beta_only && !row.beta {
            return Err(invalid("Only contracts made with the beta form are deleted here."));
        }
        db::contracts::delete_contract(&mut tx, contract_id).await?;
        record_event(&mut tx, caller, ContractEventKind::ContractDeleted, &row, Also::default()).await?;
        tx.commit().await?;
        if let Some(key) = &row.file_key {
            // The contract is gone; a file left behind is only storage, so a failure is logged.
            if let Err(error) = self.files.delete(key).await {
                tracing::warn!(?error, contract_id, "a deleted contract's file could not be removed");
            }
        }
        Ok(())
    }

    /// The book query a caller may run: Sales see the contracts naming them of the companies they
    /// may open, and use neither the scope nor the date filters.
    pub(crate) async fn book_query(&self, caller: &Caller, filter: &TypedBookFilter) -> Result<BookQuery> {
        let filtered =
            filter.active_only || filter.future_only || filter.signed_from.is_some() || filter.signed_to.is_some();
        if filtered {
            require(access::may_filter_book(caller))?;
        }
        if let (Some(from), Some(to)) = (filter.signed_from, filter.signed_to)
            && from > to
        {
            return Err(invalid("Date Signed Start must not be after Date Signed End."));
        }
        let user_id = if access::may_filter_book(caller) { id(filter.user_id) } else { Some(caller.user_id) };
        let company_ids =
            if access::limited_to_open_companies(caller) { Some(self.open_companies(caller).await?) } else { None };
        Ok(BookQuery {
            commodity: filter.commodity.map(|c| c.name().to_owned()),
            user_id,
            company_ids,
            active_only: filter.active_only,
            future_only: filter.future_only,
            signed_from: filter.signed_from,
            signed_to: filter.signed_to,
            today: self.business.today(),
        })
    }

    /// A page of the book and, on the first page, how many contracts match and their annual
    /// volume together.
    pub(crate) async fn list_book(
        &self,
        caller: &Caller,
        filter: &TypedBookFilter,
        after: After,
        limit: i64,
    ) -> Result<(Vec<ContractRow>, Option<(i64, Decimal)>)> {
        let query = self.book_query(caller, filter).await?;
        let rows = db::contracts::list_book_contracts(&self.pool, &query, after, limit);
        if after.is_some() {
            return Ok((rows.await?, None));
        }
        let totals = db::contracts::book_totals(&self.pool, &query);
        let (rows, totals) = tokio::try_join!(rows, totals)?;
        Ok((rows, Some(totals)))
    }

    /// A company's contracts (Inactive too), or the book by filter, as Contracts.xlsx (at most
    /// 50,000 rows). Sales export nothing.
    pub(crate) async fn export_contracts(
        &self,
        caller: &Caller,
        company_id: Option<i64>,
        filter: &TypedBookFilter,
    ) -> Result<Vec<u8>> {
        const MOST: usize = 50_000;
        const PAGE: i64 = 2000;
        require(access::may_change_contracts(caller))?;
        let mut rows: Vec<ContractRow> = Vec::new();
        let mut after = None;
        let query = self.book_query(caller, filter).await?;
        loop {
            let page = match company_id {
                Some(company_id) => {
                    let query = CompanyQuery { company_id, include_inactive: true, ..Default::default() };
                    if after.is_none() {
                        self.company_name(caller, company_id).await?;
                    }
                    db::contracts::list_company_contracts(&self.pool, &query, after, PAGE).await?
                }
                None => db::contracts::list_book_contracts(&self.pool, &query, after, PAGE).await?,
            };
            let full = page.len() as i64 == PAGE;
            after = page.last().map(|r| (r.fields.date_signed.unwrap_or(sort_floor()), r.contract_id));
            rows.extend(page);
            if !full || rows.len() >= MOST {
                break;
            }
        }
        rows.truncate(MOST);
        let (utilities, suppliers) = self.directories(caller).await?;
        let workbook = eris_platform::cpu::run("contracts spreadsheet", move || {
            super::spreadsheet::contracts_workbook(&rows, &utilities, &suppliers)
        });
        workbook.await?.map_err(|error| {
            tracing::error!(%error, "a contracts spreadsheet could not be made");
            crate::error::internal(anyhow::anyhow!("a contracts spreadsheet: {error}"))
        })
    }

    /// A signed token for uploading the contract's file, accepted for 10 minutes.
    pub(crate) async fn create_file_upload(
        &self,
        caller: &Caller,
        contract_id: i64,
    ) -> Result<(String, chrono::DateTime<Utc>)> {
        require(access::may_change_contracts(caller))?;
        self.readable_contract(caller, contract_id).await?;
        let expires = Utc::now() + crate::files::UPLOAD_LIFETIME;
        Ok((self.files.upload_token(contract_id, expires), expires))
    }

    /// Stores the file a token allows as its pieces come (checked, and written in parts: never
    /// held whole), replacing the contract's file; the token works once. `size`, when known,
    /// is what the pieces must add up to.
    pub(crate) async fn upload_file(
        &self,
        caller: &Caller,
        upload: FileUpload,
        pieces: impl futures::Stream<Item = Result<Vec<u8>>> + Unpin,
    ) -> Result<ContractRow> {
        require(access::may_change_contracts(caller))?;
        let (contract_id, nonce) = self.files.check_token(&upload.token, Utc::now())?;
        let kind = crate::files::claimed_type(&upload.content_type)?;
        if upload.size > crate::files::MAX_FILE_BYTES as u64 {
            return Err(invalid("The file must be at most 25 MB."));
        }
        self.readable_contract(caller, contract_id).await?;
        // A fresh key per upload: a reader of the old file never sees half of the new one.
        let key = format!("contracts/{contract_id}/{}", uuid::Uuid::new_v4().simple());
        let written = self.write_file(&key, kind, upload.size, pieces).await;
        let kind = match written {
            Ok(kind) => kind,
            Err(error) => {
                if let Err(left) = self.files.delete(&key).await {
                    tracing::warn!(?left, contract_id, "a refused upload's parts could not be removed");
                }
                return Err(error);
            }
        };
        let name = crate::files::file_name(contract_id, kind);
        let mut tx = self.pool.begin().await?;
        let before = db::contracts::select_contract_for_update(&mut tx, contract_id).await?;
        // The address is used up only by the upload that stores a file (a refused one may be
        // sent again); of two at once with one address, the second is refused here.
        let refusal = match before {
            None => Some(contract_not_found()),
            Some(_) if !db::contracts::use_upload_nonce(&mut tx, &nonce).await? => {
                Some(invalid("This upload address was already used; open the dialog again."))
            }
            Some(_) => None,
        };
        let (Some(before), None) = (before, refusal.as_ref()) else {
            drop(tx);
            self.files.delete(&key).await?;
            return Err(refusal.unwrap_or_else(contract_not_found));
        };
        db::contracts::set_file(&mut tx, contract_id, Some((&key, &name, kind)), caller.user_id).await?;
        let row = db::contracts::select_contract(&mut *tx, contract_id).await?.ok_or_else(contract_not_found)?;
        record_event(&mut tx, caller, ContractEventKind::FileStored, &row, Also::default()).await?;
        tx.commit().await?;
        if let Some(old) = before.file_key
            && let Err(error) = self.files.delete(&old).await
        {
            tracing::warn!(?error, contract_id, "a replaced contract file could not be removed");
        }
        Ok(row)
    }

    /// Writes the pieces under `key` as they come, checking them; the type once all are in.
    async fn write_file(
        &self,
        key: &str,
        kind: &'static str,
        size: u64,
        mut pieces: impl futures::Stream<Item = Result<Vec<u8>>> + Unpin,
    ) -> Result<&'static str> {
        use futures::StreamExt;

        let mut check = crate::files::ContentCheck::new(kind);
        let mut file = self.files.create(key).await?;
        let outcome = async {
            while let Some(piece) = pieces.next().await {
                let piece = piece?;
                check.feed(&piece)?;
                // At most two parts in flight: an upload holds a few megabytes, not the file.
                file.wait_for_capacity(2).await.map_err(crate::error::internal)?;
                file.write(&piece);
            }
            if size > 0 && check.size() as u64 != size {
                return Err(invalid("The upload ended before the whole file arrived; try again."));
            }
            check.finish()
        }
        .await;
        match outcome {
            Ok(kind) => {
                file.finish().await.map_err(crate::error::internal)?;
                Ok(kind)
            }
            Err(error) => {
                let _ = file.abort().await;
                Err(error)
            }
        }
    }

    /// The contract's file, opened for reading piece by piece, with the download's place (held
    /// until the last piece is sent).
    pub(crate) async fn open_file(&self, caller: &Caller, contract_id: i64) -> Result<OpenFile> {
        let slot = self.downloads.take(caller.user_id)?;
        let row = self.readable_contract(caller, contract_id).await?;
        let key = row.file_key.ok_or_else(|| not_found("Contract file"))?;
        let (size, pieces) = self.files.open(&key).await?;
        Ok(OpenFile { name: row.file_name, kind: row.file_type, size, pieces, slot })
    }

    /// Removes the contract's file.
    pub(crate) async fn delete_file(&self, caller: &Caller, contract_id: i64) -> Result<ContractRow> {
        require(access::may_change_contracts(caller))?;
        self.readable_contract(caller, contract_id).await?;
        let mut tx = self.pool.begin().await?;
        let before =
            db::contracts::select_contract_for_update(&mut tx, contract_id).await?.ok_or_else(contract_not_found)?;
        let key = before.file_key.clone().ok_or_else(|| not_found("Contract file"))?;
        db::contracts::set_file(&mut tx, contract_id, None, caller.user_id).await?;
        let row = db::contracts::select_contract(&mut *tx, contract_id).await?.ok_or_else(contract_not_found)?;
        record_event(&mut tx, caller, ContractEventKind::FileDeleted, &row, Also::default()).await?;
        tx.commit().await?;
        self.files.delete(&key).await?;
        Ok(row)
    }
}

/// The sort date of contracts not yet signed.
pub fn sort_floor() -> NaiveDate {
    NaiveDate::from_ymd_opt(1, 1, 1).unwrap_or_default()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::domain::kinds::MAX_ACCOUNTS;

    fn day(y: i32, m: u32, d: u32) -> NaiveDate {
        NaiveDate::from_ymd_opt(y, m, d).unwrap()
    }

    fn electric() -> TypedContract {
        TypedContract { commodity: Some(Commodity::Electric), ..Default::default() }
    }

    #[test]
    fn the_standard_end_date_is_the_day_before_the_term_is_up() {
        assert_eq!(end_date(Some(day(2026, 1, 1)), Some(12), false), Some(day(2026, 12, 31)));
        assert_eq!(end_date(Some(day(2026, 3, 15)), Some(1), false), Some(day(2026, 4, 14)));
        // From a month's last day: the term covers whole months to the end of the month reached.
        assert_eq!(end_date(Some(day(2026, 1, 31)), Some(1), false), Some(day(2026, 2, 28)));
        assert_eq!(end_date(Some(day(2024, 1, 31)), Some(1), false), Some(day(2024, 2, 29)));
        assert_eq!(end_date(Some(day(2024, 2, 29)), Some(12), false), Some(day(2025, 2, 28)));
        assert_eq!(end_date(Some(day(2023, 2, 28)), Some(12), false), Some(day(2024, 2, 27)));
        assert_eq!(end_date(Some(day(2026, 8, 31)), Some(1), false), Some(day(2026, 9, 30)));
        assert_eq!(end_date(None, Some(12), false), None);
        assert_eq!(end_date(Some(day(2026, 1, 1)), None, false), None);
    }

    #[test]
    fn the_beta_end_date_is_the_last_day_of_the_month_reached() {
        assert_eq!(end_date(Some(day(2026, 1, 15)), Some(12), true), Some(day(2027, 1, 31)));
        assert_eq!(end_date(Some(day(2023, 2, 10)), Some(12), true), Some(day(2024, 2, 29)));
        assert_eq!(end_date(Some(day(2024, 2, 29)), Some(12), true), Some(day(2025, 2, 28)));
        assert_eq!(end_date(Some(day(2026, 1, 31)), Some(1), true), Some(day(2026, 2, 28)));
        assert_eq!(end_date(Some(day(2026, 11, 30)), Some(1), true), Some(day(2026, 12, 31)));
        assert_eq!(end_date(Some(day(2026, 12, 1)), Some(1), true), Some(day(2027, 1, 31)));
    }

    #[test]
    fn volumes_and_fee_totals_come_from_the_accounts_term_and_fee() {
        let fields = ContractFields {
            term_months: Some(18),
            fee: Some("0.00525".parse().unwrap()),
            start_date: Some(day(2026, 1, 1)),
            ..Default::default()
        };
        let volumes = ["120000".parse().unwrap(), "30000.5".parse().unwrap()];
        let c = computed(&fields, &volumes, false);
        assert_eq!(c.annual_volume.to_string(), "150000.5");
        assert_eq!(c.term_volume.to_string(), "225000.75");
        // 150,000.5 x 0.00525 = 787.502625 → 787.50; 225,000.75 x 0.00525 = 1181.2539375 → 1181.25
        assert_eq!(c.annual_fee_total.to_string(), "787.50");
        assert_eq!(c.term_fee_total.to_string(), "1181.25");
        assert_eq!(c.end_date, Some(day(2027, 6, 30)));
        let unpriced = computed(&ContractFields { fee: None, term_months: None, ..fields }, &volumes, false);
        assert_eq!((unpriced.term_volume, unpriced.annual_fee_total), (Decimal::ZERO, Decimal::ZERO));
    }

    #[test]
    fn every_beta_message_is_listed_together_in_the_spec_order() {
        let problems = beta_problems(&TypedContract { status: -1, ..Default::default() });
        assert_eq!(
            problems,
            [
                "Commodity is a require field.",
                "Inside Sales is a required field.",
                "Closer 1 is a required field.",
                "Date signed is a required field.",
                "Start date is a required field.",
                "Term length is a required field.",
                "Status is a required field.",
                "No accounts selected for this contract.  At least 1 account is required.",
            ]
        );
        let electric = beta_problems(&electric());
        for message in [
            "Analyst is a required field.",
            "Contract type is a required field",
            "Supplier is a required field",
            "Contract rate is a required field",
            "State is a required field",
            "Fee is a required field",
            "Billing type is a required field",
        ] {
            assert!(electric.contains(&message), "{message}");
        }
        let dr = beta_problems(&TypedContract { commodity: Some(Commodity::Dr), ..Default::default() });
        for message in
            ["Signed through is a required field.", "Provider is a required field.", "Capactive % is a required field."]
        {
            assert!(dr.contains(&message), "{message}");
        }
        assert!(!dr.contains(&"Fee is a required field"));
    }

    #[test]
    fn an_affiliate_stands_in_for_inside_sales_and_a_complete_form_passes() {
        let complete = TypedContract {
            commodity: Some(Commodity::Gas),
            affiliate: "Acme Partners".into(),
            closer1_user_id: 2,
            analyst_user_id: 3,
            date_signed: Some(day(2026, 1, 5)),
            start_date: Some(day(2026, 2, 1)),
            term_months: 12,
            contract_type: "New".into(),
            supplier_id: 4,
            contract_rate: "0.45".into(),
            state: "PA".into(),
            fee: "0.02".into(),
            billing_type: "Dual".into(),
            account_ids: vec![9],
            ..Default::default()
        };
        assert!(beta_problems(&complete).is_empty(), "{:?}", beta_problems(&complete));
    }

    #[test]
    fn a_dr_contract_keeps_no_team_supplier_fee_or_affiliate() {
        let typed = TypedContract {
            commodity: Some(Commodity::Dr),
            inside_sales_user_id: 1,
            closer1_user_id: 2,
            supplier_id: 3,
            fee: "0.01".into(),
            affiliate: "A".into(),
            signed_through: "jmi".into(),
            capacity_percentage: "80".into(),
            support_analyst1_user_id: 5,
            ..Default::default()
        };
        let fields = contract_fields(&typed).unwrap();
        assert_eq!((fields.inside_sales_user_id, fields.closer1_user_id, fields.supplier_id), (None, None, None));
        assert_eq!((fields.fee, fields.affiliate.as_str()), (None, ""));
        assert_eq!((fields.signed_through.as_str(), fields.support_analyst1_user_id), ("JMI", Some(5)));
        let electric = contract_fields(&TypedContract { commodity: Some(Commodity::Electric), ..typed }).unwrap();
        assert_eq!((electric.capacity_percentage, electric.signed_through.as_str()), (None, ""));
    }

    #[test]
    fn bad_fields_are_refused_in_words() {
        let refused = |typed: TypedContract| contract_fields(&typed).unwrap_err().to_string();
        assert_eq!(refused(TypedContract::default()), "Commodity must be Electric, Gas or DR.");
        assert_eq!(
            refused(TypedContract { term_months: 241, ..electric() }),
            "Term length must be between 1 and 240 months."
        );
        assert_eq!(
            refused(TypedContract { term_months: -1, ..electric() }),
            "Term length must be between 1 and 240 months."
        );
        assert!(refused(TypedContract { status: 4, ..electric() }).starts_with("Status must be one of"));
        assert_eq!(refused(TypedContract { fee: "0.123456".into(), ..electric() }), "Fee can have at most 5 decimals.");
        assert_eq!(
            refused(TypedContract { revenue_split: "101".into(), ..electric() }),
            "Revenue Split must be between 0 and 100."
        );
        assert!(
            refused(TypedContract { contract_type: "Other".into(), ..electric() })
                .starts_with("Contract Type must be one of")
        );
        assert_eq!(refused(TypedContract { state: "P1".into(), ..electric() }), "State must be two letters.");
        assert!(contract_fields(&TypedContract { notes: "a\u{0}b".into(), ..electric() }).is_err());
        assert!(contract_fields(&TypedContract { account_ids: vec![-1], ..electric() }).is_err());
        // The cap counts what was sent, repeats included; repeats under it are dropped in order.
        let many = TypedContract { account_ids: vec![7; MAX_ACCOUNTS + 1], ..electric() };
        assert!(contract_fields(&many).is_err());
        let repeated = TypedContract { account_ids: vec![9, 3, 9, 3, 5], ..electric() };
        assert_eq!(contract_fields(&repeated).unwrap().account_ids, [9, 3, 5]);
    }

    #[test]
    fn page_tokens_round_trip_and_junk_is_refused() {
        assert_eq!(parse_page_token("2026-01-05/42").unwrap(), Some((day(2026, 1, 5), 42)));
        assert_eq!(parse_page_token("").unwrap(), None);
        for junk in ["x", "2026-13-01/1", "2026-01-01/x", "/"] {
            assert!(parse_page_token(junk).is_err(), "{junk}");
        }
    }
}
