//! Requests for pricing: a company's accounts of one commodity, the suppliers asked, the terms and
//! products wanted, and the prices that come back. RFPs name crm's companies and accounts by id;
//! crm is asked on the caller's behalf whether the caller may see the company and which accounts
//! it has, so the role rules of companies hold for RFPs through every call.

use chrono::{DateTime, NaiveDate, NaiveTime, Timelike, Utc};
use eris_platform::{
    auth::Caller,
    edits::{self, Patch},
    text,
    values::{decimal_text, parse_decimal},
};
use eris_proto::crm::v1::AccountFilter;
use rust_decimal::Decimal;

use crate::{
    State,
    access::{self, require},
    db::{
        self,
        rfps::{NewQuote, QuoteRow, RfpFields, RfpQuery, RfpRow},
    },
    domain::{
        spreadsheet,
        vocabulary::{Commodity, Outcome},
    },
    error::{Error, Result, invalid, not_found},
    events::record_rfp_event,
};

const RFP: &str = "rfp";
/// When prices come back unless the RFP says otherwise: 11:00 AM business time (spec 2).
pub const DEFAULT_RETURN_TIME: NaiveTime = match NaiveTime::from_hms_opt(11, 0, 0) {
    Some(time) => time,
    None => panic!("11:00 is a time"),
};
/// Bounds on the lists an RFP carries.
const MAX_TERMS: usize = 24;
const MAX_PRODUCTS: usize = 24;
const MAX_SUPPLIERS: usize = 100;
const MAX_ACCOUNTS: usize = 5000;

/// Which companies a caller sees, as RFP lists need it.
pub(crate) enum Reach {
    All,
    /// Few enough to filter by in SQL.
    These(Vec<i64>),
    /// More than `Config::rfp_few_companies`: pages are read in order and filtered by crm.
    Many,
}

fn list_text<T: ToString>(values: &[T]) -> String {
    values.iter().map(ToString::to_string).collect::<Vec<_>>().join(", ")
}

impl edits::Fields for RfpFields {
    fn field_values(&self) -> Vec<(&'static str, String)> {
        vec![
            ("len", self.len.clone()),
            ("address", self.address.clone()),
            ("city", self.city.clone()),
            ("state", self.state.clone()),
            ("zip", self.zip.clone()),
            ("commodity", self.commodity.clone()),
            ("start_date", self.start_date.map(|d| d.to_string()).unwrap_or_default()),
            ("return_date", self.return_date.to_string()),
            ("return_time", self.return_time.format("%H:%M").to_string()),
            ("supplier_ids", list_text(&self.supplier_ids)),
            ("terms", list_text(&self.terms)),
            ("products", self.products.join(", ")),
            ("fee", decimal_text(self.fee)),
            ("account_ids", list_text(&self.account_ids)),
        ]
    }

    fn copy_field(&mut self, from: &Self, field: &str) -> bool {
        match field {
            "len" => self.len.clone_from(&from.len),
            "address" => self.address.clone_from(&from.address),
            "city" => self.city.clone_from(&from.city),
            "state" => self.state.clone_from(&from.state),
            "zip" => self.zip.clone_from(&from.zip),
            "commodity" => self.commodity.clone_from(&from.commodity),
            "start_date" => self.start_date = from.start_date,
            "return_date" => self.return_date = from.return_date,
            "return_time" => self.return_time = from.return_time,
            "supplier_ids" => self.supplier_ids.clone_from(&from.supplier_ids),
            "terms" => self.terms.clone_from(&from.terms),
            "products" => self.products.clone_from(&from.products),
            "fee" => self.fee = from.fee,
            "account_ids" => self.account_ids.clone_from(&from.account_ids),
            _ => return false,
        }
        true
    }
}

/// An RFP's fields as the caller sent them.
#[derive(Debug, Clone, Default)]
pub struct TypedRfp {
    pub len: String,
    pub address: String,
    pub city: String,
    pub state: String,
    pub zip: String,
    pub commodity: Option<Commodity>,
    pub start_date: Option<NaiveDate>,
    /// Today (business time) when not given.
    pub return_date: Option<NaiveDate>,
    /// "HH:MM" (or "HH:MM:SS"), on the hour or half past; 11:00 when empty.
    pub return_time: String,
    pub supplier_ids: Vec<i64>,
    pub terms: Vec<i32>,
    pub products: Vec<String>,
    pub fee: String,
    pub account_ids: Vec<i64>,
}

/// A return time as typed: "HH:MM" or "HH:MM:SS" on the hour or half past (the picker offers
/// hours 12, 1..11 AM/PM and minutes 00 or 30); 11:00 when empty.
pub fn parse_return_time(typed: &str) -> Result<NaiveTime> {
    let typed = typed.trim();
    if typed.is_empty() {
        return Ok(DEFAULT_RETURN_TIME);
    }
    let refused = || invalid("Return Time must be a time on the hour or half past, as HH:MM.");
    let time = NaiveTime::parse_from_str(typed, "%H:%M:%S")
        .or_else(|_| NaiveTime::parse_from_str(typed, "%H:%M"))
        .map_err(|_| refused())?;
    if time.second() != 0 || !matches!(time.minute(), 0 | 30) {
        return Err(refused());
    }
    Ok(time)
}

/// The list without repeats, in the order given.
fn distinct<T: PartialEq + Clone>(values: &[T]) -> Vec<T> {
    let mut kept: Vec<T> = Vec::with_capacity(values.len());
    for value in values {
        if !kept.contains(value) {
            kept.push(value.clone());
        }
    }
    kept
}

/// An RFP's fields as typed, checked; `today` is the default return date.
pub fn rfp_fields(typed: &TypedRfp, today: NaiveDate) -> Result<RfpFields> {
    let commodity = match typed.commodity {
        Some(commodity @ (Commodity::Electric | Commodity::Gas)) => commodity,
        _ => return Err(invalid("Commodity must be Electric or Gas.")),
    };
    let state = text::line(&typed.state, "State", 2, false)?.to_uppercase();
    let two_letters = state.len() == 2 && state.chars().all(|c| c.is_ascii_uppercase());
    if !state.is_empty() && !two_letters {
        return Err(invalid("State must be two letters."));
    }
    let terms = distinct(&typed.terms);
    if terms.len() > MAX_TERMS {
        return Err(invalid(format!("An RFP asks for at most {MAX_TERMS} terms.")));
    }
    if terms.iter().any(|term| !(1..=240).contains(term)) {
        return Err(invalid("A term is a number of months from 1 to 240."));
    }
    let mut products: Vec<String> = Vec::new();
    for product in &typed.products {
        let product = text::line(product, "Product", 100, true)?;
        if !products.iter().any(|p| p.eq_ignore_ascii_case(&product)) {
            products.push(product);
        }
    }
    if products.len() > MAX_PRODUCTS {
        return Err(invalid(format!("An RFP asks for at most {MAX_PRODUCTS} products.")));
    }
    let supplier_ids = distinct(&typed.supplier_ids);
    if supplier_ids.len() > MAX_SUPPLIERS {
        return Err(invalid(format!("An RFP goes to at most {MAX_SUPPLIERS} suppliers.")));
    }
    let account_ids = distinct(&typed.account_ids);
    if account_ids.len() > MAX_ACCOUNTS {
        return Err(invalid(format!("An RFP prices at most {MAX_ACCOUNTS} accounts.")));
    }
    Ok(RfpFields {
        len: text::line(&typed.len, "Len", 200, false)?,
        address: text::line(&typed.address, "Address", 200, false)?,
        city: text::line(&typed.city, "City", 100, false)?,
        state,
        zip: text::line(&typed.zip, "Zip", 10, false)?,
        commodity: commodity.name().to_owned(),
        start_date: typed.start_date,
        return_date: typed.return_date.unwrap_or(today),
        return_time: parse_return_time(&typed.return_time)?,
        supplier_ids,
        terms,
        products,
        fee: parse_decimal("Fee", &typed.fee, 8, 6)?,
        account_ids,
    })
}

/// A quote as typed.
#[derive(Debug, Clone, Default)]
pub struct TypedQuote {
    pub supplier_id: i64,
    pub term_months: i32,
    pub product: String,
    pub rate: String,
    pub fee: String,
    pub notes: String,
    pub received_at: Option<DateTime<Utc>>,
}

/// A quote's values, checked against the RFP it prices: one of its suppliers, terms and products.
pub fn quote_values(rfp: &RfpFields, typed: &TypedQuote, now: DateTime<Utc>) -> Result<NewQuote> {
    if !rfp.supplier_ids.contains(&typed.supplier_id) {
        return Err(invalid("Choose one of the RFP's suppliers."));
    }
    if !rfp.terms.contains(&typed.term_months) {
        return Err(invalid("Choose one of the RFP's terms."));
    }
    let product = text::line(&typed.product, "Product", 100, false)?;
    if !product.is_empty() && !rfp.products.iter().any(|p| p.eq_ignore_ascii_case(&product)) {
        return Err(invalid("Choose one of the RFP's products."));
    }
    let rate = parse_decimal("Rate", &typed.rate, 8, 6)?.ok_or_else(|| invalid("Rate is required."))?;
    Ok(NewQuote {
        supplier_id: typed.supplier_id,
        term_months: typed.term_months,
        product,
        rate,
        fee: parse_decimal("Fee", &typed.fee, 8, 6)?,
        notes: text::paragraphs(&typed.notes, "Notes", 2000, false)?,
        received_at: typed.received_at.unwrap_or(now),
    })
}

/// The lowest rate per term: the quotes marked best.
pub fn best_quotes(quotes: &[QuoteRow]) -> Vec<i64> {
    let mut best: Vec<(i32, Decimal, i64)> = Vec::new();
    for quote in quotes {
        match best.iter_mut().find(|(term, _, _)| *term == quote.term_months) {
            Some(entry) if quote.rate < entry.1 => *entry = (quote.term_months, quote.rate, quote.quote_id),
            Some(_) => {}
            None => best.push((quote.term_months, quote.rate, quote.quote_id)),
        }
    }
    best.into_iter().map(|(_, _, id)| id).collect()
}

fn spreadsheet_error(error: rust_xlsxwriter::XlsxError) -> Error {
    tracing::error!(%error, "an RFP spreadsheet could not be made");
    Error::Platform(eris_platform::Error::Internal(anyhow::anyhow!("an RFP spreadsheet: {error}")))
}

fn rfp_not_found() -> Error {
    not_found("RFP")
}

fn quote_not_found() -> Error {
    not_found("Price")
}

impl State {
    /// An RFP the caller may see.
    async fn readable_rfp(&self, caller: &Caller, rfp_id: i64) -> Result<RfpRow> {
        let rfp = db::rfps::select_rfp(&self.pool, rfp_id).await?.ok_or_else(rfp_not_found)?;
        if !access::may_change_rfps(caller) {
            self.company_name(caller, rfp.company_id).await.map_err(|_| rfp_not_found())?;
        }
        Ok(rfp)
    }

    /// Checks what the fields name: the company's accounts of the RFP's commodity and live
    /// suppliers of that commodity (a supplier archived since `kept` named it may stay).
    /// Answers the company's name.
    async fn check_references(
        &self,
        caller: &Caller,
        company_id: i64,
        fields: &RfpFields,
        kept: &[i64],
    ) -> Result<String> {
        let name = self.company_name(caller, company_id);
        let filter =
            if fields.commodity == Commodity::Gas.name() { AccountFilter::Gas } else { AccountFilter::Electric };
        let accounts = async {
            if fields.account_ids.is_empty() {
                return Ok(Vec::new());
            }
            self.company_account_ids(caller, company_id, filter).await
        };
        let (name, accounts) = tokio::try_join!(name, accounts)?;
        if let Some(stray) = fields.account_ids.iter().find(|id| !accounts.contains(id)) {
            return Err(invalid(format!(
                "Account {stray} is not one of this company's {} accounts.",
                fields.commodity
            )));
        }
        let suppliers = db::suppliers::list_suppliers(&self.pool, Some(&fields.commodity), true).await?;
        for supplier_id in &fields.supplier_ids {
            let supplier = suppliers.iter().find(|s| s.supplier_id == *supplier_id);
            match supplier {
                Some(s) if !s.archived || kept.contains(supplier_id) => {}
                _ => return Err(invalid(format!("Choose {} suppliers from the list.", fields.commodity))),
            }
        }
        Ok(name)
    }

    /// RFPs of one company (`company_id`) or of every company the caller may see.
    pub(crate) async fn list_rfps(
        &self,
        caller: &Caller,
        mut query: RfpQuery,
        after: Option<(NaiveDate, i64)>,
        limit: i64,
    ) -> Result<Vec<RfpRow>> {
        if !access::may_change_rfps(caller) {
            query.owner_user_id = None;
        }
        if let Some(text) = &query.text {
            let text = text.to_lowercase();
            let suppliers = db::suppliers::list_suppliers(&self.pool, None, true).await?;
            query.text_supplier_ids = suppliers
                .into_iter()
                .filter(|s| s.fields.name.to_lowercase().contains(&text))
                .map(|s| s.supplier_id)
                .collect();
        }
        match query.company_id {
            Some(company_id) if !access::may_change_rfps(caller) => {
                self.company_name(caller, company_id).await?;
            }
            Some(_) => {}
            None => match self.visible_companies(caller).await? {
                Reach::All => {}
                Reach::These(companies) => query.visible_companies = Some(companies),
                // A Sales user on many companies: walk the RFPs in order and keep the visible.
                Reach::Many => return self.walk_visible(caller, &query, after, limit).await,
            },
        }
        Ok(db::rfps::list_rfps(&self.pool, &query, after, limit).await?)
    }

    /// `limit` RFPs of `query` after `after` whose company the caller may see, read in batches in
    /// list order, each batch's companies asked of crm at once.
    async fn walk_visible(
        &self,
        caller: &Caller,
        query: &RfpQuery,
        mut after: Option<(NaiveDate, i64)>,
        limit: i64,
    ) -> Result<Vec<RfpRow>> {
        const BATCH: i64 = 200;
        let mut kept = Vec::new();
        loop {
            let batch = db::rfps::list_rfps(&self.pool, query, after, BATCH).await?;
            let exhausted = (batch.len() as i64) < BATCH;
            after = batch.last().map(|r| (r.fields.return_date, r.rfp_id));
            kept.extend(self.only_visible(caller, batch).await?);
            if exhausted || kept.len() as i64 >= limit {
                kept.truncate(limit as usize);
                return Ok(kept);
            }
        }
    }

    /// A user's RFPs returning between two dates (the calendar); 0 for the caller's own.
    pub(crate) async fn list_user_rfps(
        &self,
        caller: &Caller,
        user_id: i64,
        from: NaiveDate,
        to: NaiveDate,
    ) -> Result<Vec<RfpRow>> {
        let user_id = if user_id == 0 { caller.user_id } else { user_id };
        if user_id != caller.user_id {
            require(access::may_see_others_calendar(caller))?;
        }
        if from > to || (to - from).num_days() > 400 {
            return Err(invalid("Show at most 400 days, from a date not after the last."));
        }
        Ok(db::rfps::list_user_rfps(&self.pool, user_id, from, to).await?)
    }

    pub(crate) async fn get_rfp(&self, caller: &Caller, rfp_id: i64) -> Result<RfpRow> {
        self.readable_rfp(caller, rfp_id).await
    }

    pub(crate) async fn create_rfp(&self, caller: &Caller, company_id: i64, typed: &TypedRfp) -> Result<RfpRow> {
        require(access::may_change_rfps(caller))?;
        let fields = rfp_fields(typed, self.business.today())?;
        let company_name = self.check_references(caller, company_id, &fields, &[]).await?;
        let mut tx = self.pool.begin().await?;
        let rfp_id = db::rfps::insert_rfp(&mut tx, company_id, &company_name, &fields, caller.user_id).await?;
        let row = db::rfps::select_rfp(&mut *tx, rfp_id).await?.ok_or_else(rfp_not_found)?;
        record_rfp_event(&mut tx, caller, "created", &row, None).await?;
        tx.commit().await?;
        Ok(row)
    }

    /// Saves the named fields; refused only when a field it changes was changed by someone else
    /// after `patch.version`.
    pub(crate) async fn update_rfp(&self, caller: &Caller, patch: Patch<TypedRfp>) -> Result<RfpRow> {
        require(access::may_change_rfps(caller))?;
        if patch.named.is_empty() {
            return Err(invalid("Name at least one field to change in update_mask."));
        }
        let read = db::rfps::select_rfp(&self.pool, patch.record_id).await?.ok_or_else(rfp_not_found)?;
        // Fields not named keep their stored values, so only the named ones are checked.
        let typed = typed_with_stored(&patch.fields, &read.fields, &patch.named);
        let wanted = rfp_fields(&typed, self.business.today())?;
        let company_name = self.check_references(caller, read.company_id, &wanted, &read.fields.supplier_ids).await?;
        let patch = Patch { record_id: patch.record_id, version: patch.version, fields: wanted, named: patch.named };
        let mut tx = self.pool.begin().await?;
        let before = db::rfps::select_rfp_for_update(&mut tx, patch.record_id).await?.ok_or_else(rfp_not_found)?;
        let saved = edits::save(&mut tx, RFP, caller.user_id, &before.fields, before.version, &patch);
        let Some((after, changes)) = saved.await?.into_write("RFP")? else {
            return Ok(before);
        };
        let version = db::rfps::update_rfp(&mut tx, patch.record_id, &company_name, &after, caller.user_id).await?;
        edits::record(&mut tx, RFP, patch.record_id, version, caller.user_id, &changes).await?;
        let row = db::rfps::select_rfp(&mut *tx, patch.record_id).await?.ok_or_else(rfp_not_found)?;
        record_rfp_event(&mut tx, caller, "updated", &row, None).await?;
        tx.commit().await?;
        Ok(row)
    }

    pub(crate) async fn delete_rfp(&self, caller: &Caller, rfp_id: i64) -> Result<()> {
        require(access::may_change_rfps(caller))?;
        let mut tx = self.pool.begin().await?;
        let row = db::rfps::select_rfp_for_update(&mut tx, rfp_id).await?.ok_or_else(rfp_not_found)?;
        db::rfps::delete_rfp(&mut tx, rfp_id).await?;
        record_rfp_event(&mut tx, caller, "deleted", &row, None).await?;
        tx.commit().await?;
        Ok(())
    }

    pub(crate) async fn list_quotes(&self, caller: &Caller, rfp_id: i64) -> Result<Vec<QuoteRow>> {
        self.readable_rfp(caller, rfp_id).await?;
        Ok(db::rfps::list_quotes(&self.pool, rfp_id).await?)
    }

    pub(crate) async fn create_quote(&self, caller: &Caller, rfp_id: i64, typed: &TypedQuote) -> Result<QuoteRow> {
        require(access::may_change_rfps(caller))?;
        let mut tx = self.pool.begin().await?;
        let rfp = db::rfps::select_rfp_for_update(&mut tx, rfp_id).await?.ok_or_else(rfp_not_found)?;
        let values = quote_values(&rfp.fields, typed, Utc::now())?;
        let quote_id = db::rfps::insert_quote(&mut tx, rfp_id, &values, caller.user_id).await?;
        let quote = db::rfps::select_quote(&mut *tx, quote_id).await?.ok_or_else(quote_not_found)?;
        record_rfp_event(&mut tx, caller, "quote recorded", &rfp, Some(&quote)).await?;
        tx.commit().await?;
        Ok(quote)
    }

    pub(crate) async fn delete_quote(&self, caller: &Caller, quote_id: i64) -> Result<()> {
        require(access::may_change_rfps(caller))?;
        let quote = db::rfps::select_quote(&self.pool, quote_id).await?.ok_or_else(quote_not_found)?;
        let mut tx = self.pool.begin().await?;
        let rfp = db::rfps::select_rfp_for_update(&mut tx, quote.rfp_id).await?.ok_or_else(rfp_not_found)?;
        if rfp.won_quote_id == Some(quote_id) {
            return Err(invalid("The RFP was won with this price; reopen it before deleting the price."));
        }
        db::rfps::delete_quote(&mut tx, quote_id).await?;
        record_rfp_event(&mut tx, caller, "quote deleted", &rfp, Some(&quote)).await?;
        tx.commit().await?;
        Ok(())
    }

    /// Marks the RFP Won with one of its quotes, Lost, or Open again, if it is still at `version`.
    pub(crate) async fn set_outcome(
        &self,
        caller: &Caller,
        rfp_id: i64,
        outcome: Outcome,
        won_quote_id: Option<i64>,
        version: i64,
    ) -> Result<RfpRow> {
        require(access::may_change_rfps(caller))?;
        let mut tx = self.pool.begin().await?;
        let rfp = db::rfps::select_rfp_for_update(&mut tx, rfp_id).await?.ok_or_else(rfp_not_found)?;
        if rfp.version != version {
            return Err(Error::Platform(eris_platform::Error::Stale(
                "Someone else changed this RFP meanwhile; look at it again before marking it.".into(),
            )));
        }
        let won_quote_id = match (outcome, won_quote_id) {
            (Outcome::Won, Some(quote_id)) => {
                let quote = db::rfps::select_quote(&mut *tx, quote_id).await?;
                quote.filter(|q| q.rfp_id == rfp_id).ok_or_else(|| invalid("Choose one of the RFP's prices."))?;
                Some(quote_id)
            }
            (Outcome::Won, None) => return Err(invalid("Choose the price the RFP was won with.")),
            (_, _) => None,
        };
        db::rfps::set_outcome(&mut tx, rfp_id, outcome.name(), won_quote_id, caller.user_id).await?;
        let row = db::rfps::select_rfp(&mut *tx, rfp_id).await?.ok_or_else(rfp_not_found)?;
        record_rfp_event(&mut tx, caller, "outcome set", &row, None).await?;
        tx.commit().await?;
        Ok(row)
    }

    /// The request for pricing of one RFP as an .xlsx file: (file name, content).
    pub(crate) async fn export_rfp(&self, caller: &Caller, rfp_id: i64) -> Result<(String, Vec<u8>)> {
        let rfp = self.readable_rfp(caller, rfp_id).await?;
        let accounts = self.rfp_accounts(caller, &rfp);
        let suppliers = async { Ok::<_, Error>(db::suppliers::list_suppliers(&self.pool, None, true).await?) };
        let utilities = async { Ok::<_, Error>(db::utilities::list_utilities(&self.pool, None).await?) };
        let (accounts, suppliers, utilities) = tokio::try_join!(accounts, suppliers, utilities)?;
        let company: String =
            rfp.company_name.chars().filter(|c| c.is_alphanumeric() || matches!(c, ' ' | '-' | '&' | '.')).collect();
        let name = format!("RFP {} - {}.xlsx", rfp.rfp_id, company.trim());
        let content = eris_platform::cpu::run("rfp spreadsheet", move || {
            let supplier = |id: i64| {
                suppliers.iter().find(|s| s.supplier_id == id).map(|s| s.fields.name.clone()).unwrap_or_default()
            };
            let utility = |id: i64| {
                utilities
                    .iter()
                    .find(|u| u.utility_id == id)
                    .map(|u| format!("{} ({})", u.fields.name, u.fields.state))
                    .unwrap_or_default()
            };
            let names = spreadsheet::Names { supplier: &supplier, utility: &utility };
            spreadsheet::rfp_workbook(&rfp, &accounts, &names)
        });
        Ok((name, content.await?.map_err(spreadsheet_error)?))
    }

    /// Every RFP `query` lists (at most 50,000) as RFPs.xlsx.
    pub(crate) async fn export_rfps(&self, caller: &Caller, query: RfpQuery) -> Result<Vec<u8>> {
        const MOST: usize = 50_000;
        let mut rows: Vec<RfpRow> = Vec::new();
        let mut after = None;
        loop {
            let page = self.list_rfps(caller, query.clone(), after, 2000).await?;
            let full = page.len() == 2000;
            after = page.last().map(|r| (r.fields.return_date, r.rfp_id));
            rows.extend(page);
            if !full || rows.len() >= MOST {
                break;
            }
        }
        rows.truncate(MOST);
        let suppliers = db::suppliers::list_suppliers(&self.pool, None, true).await?;
        let content = eris_platform::cpu::run("rfps spreadsheet", move || {
            let suppliers: std::collections::HashMap<i64, &str> =
                suppliers.iter().map(|s| (s.supplier_id, s.fields.name.as_str())).collect();
            let supplier = |id: i64| suppliers.get(&id).map(|name| (*name).to_owned()).unwrap_or_default();
            let utility = |_: i64| String::new();
            let names = spreadsheet::Names { supplier: &supplier, utility: &utility };
            spreadsheet::rfps_workbook(&rows, &names)
        });
        content.await?.map_err(spreadsheet_error)
    }
}

/// The typed fields with every field not in `named` taken from `stored`, as text, so that a
/// save of named fields checks a whole, consistent RFP.
fn typed_with_stored(typed: &TypedRfp, stored: &RfpFields, named: &[String]) -> TypedRfp {
    let named = |field: &str| named.iter().any(|n| n == field);
    let pick = |field: &str, mine: &String, theirs: &String| if named(field) { mine.clone() } else { theirs.clone() };
    TypedRfp {
        len: pick("len", &typed.len, &stored.len),
        address: pick("address", &typed.address, &stored.address),
        city: pick("city", &typed.city, &stored.city),
        state: pick("state", &typed.state, &stored.state),
        zip: pick("zip", &typed.zip, &stored.zip),
        commodity: if named("commodity") { typed.commodity } else { Commodity::from_name(&stored.commodity) },
        start_date: if named("start_date") { typed.start_date } else { stored.start_date },
        return_date: Some(if named("return_date") {
            typed.return_date.unwrap_or(stored.return_date)
        } else {
            stored.return_date
        }),
        return_time: if named("return_time") {
            typed.return_time.clone()
        } else {
            stored.return_time.format("%H:%M").to_string()
        },
        supplier_ids: if named("supplier_ids") { typed.supplier_ids.clone() } else { stored.supplier_ids.clone() },
        terms: if named("terms") { typed.terms.clone() } else { stored.terms.clone() },
        products: if named("products") { typed.products.clone() } else { stored.products.clone() },
        fee: if named("fee") { typed.fee.clone() } else { decimal_text(stored.fee) },
        account_ids: if named("account_ids") { typed.account_ids.clone() } else { stored.account_ids.clone() },
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn typed() -> TypedRfp {
        TypedRfp { commodity: Some(Commodity::Electric), ..Default::default() }
    }

    fn today() -> NaiveDate {
        NaiveDate::from_ymd_opt(2026, 11, 24).unwrap()
    }

    #[test]
    fn an_rfp_returns_today_at_eleven_unless_told_otherwise() {
        let fields = rfp_fields(&typed(), today()).unwrap();
        assert_eq!((fields.return_date, fields.return_time), (today(), DEFAULT_RETURN_TIME));
    }

    #[test]
    fn return_times_are_on_the_hour_or_half_past() {
        assert_eq!(parse_return_time("00:30").unwrap(), NaiveTime::from_hms_opt(0, 30, 0).unwrap());
        assert_eq!(parse_return_time("14:00:00").unwrap(), NaiveTime::from_hms_opt(14, 0, 0).unwrap());
        for refused in ["14:15", "25:00", "11", "noon", "11:00:30"] {
            assert!(parse_return_time(refused).is_err(), "{refused}");
        }
    }

    #[test]
    fn only_electric_and_gas_are_priced() {
        for commodity in [None, Some(Commodity::Dr)] {
            let typed = TypedRfp { commodity, ..typed() };
            assert_eq!(rfp_fields(&typed, today()).unwrap_err().to_string(), "Commodity must be Electric or Gas.");
        }
    }

    #[test]
    fn terms_and_products_are_distinct_and_bounded() {
        let typed = TypedRfp {
            terms: vec![12, 24, 12],
            products: vec!["Fixed".into(), "fixed".into(), "Index".into()],
            ..typed()
        };
        let fields = rfp_fields(&typed, today()).unwrap();
        assert_eq!(fields.terms, [12, 24]);
        assert_eq!(fields.products, ["Fixed", "Index"]);
        for terms in [vec![0], vec![241], vec![-12]] {
            assert!(rfp_fields(&TypedRfp { terms, ..self::typed() }, today()).is_err());
        }
        let blank = TypedRfp { products: vec!["  ".into()], ..self::typed() };
        assert!(rfp_fields(&blank, today()).is_err());
    }

    #[test]
    fn a_quote_prices_one_of_the_rfps_suppliers_terms_and_products() {
        let rfp = RfpFields {
            supplier_ids: vec![7],
            terms: vec![12],
            products: vec!["Fixed".into()],
            ..rfp_fields(&typed(), today()).unwrap()
        };
        let now = Utc::now();
        let quote = TypedQuote { supplier_id: 7, term_months: 12, rate: "0.0712".into(), ..Default::default() };
        assert_eq!(quote_values(&rfp, &quote, now).unwrap().rate.to_string(), "0.0712");
        assert!(quote_values(&rfp, &TypedQuote { supplier_id: 8, ..quote.clone() }, now).is_err());
        assert!(quote_values(&rfp, &TypedQuote { term_months: 24, ..quote.clone() }, now).is_err());
        assert!(quote_values(&rfp, &TypedQuote { product: "Index".into(), ..quote.clone() }, now).is_err());
        assert!(quote_values(&rfp, &TypedQuote { rate: String::new(), ..quote.clone() }, now).is_err());
        assert!(quote_values(&rfp, &TypedQuote { rate: "-1".into(), ..quote }, now).is_err());
    }

    #[test]
    fn the_lowest_rate_of_each_term_is_best() {
        let quote = |quote_id, term_months, rate: &str| QuoteRow {
            quote_id,
            rfp_id: 1,
            supplier_id: quote_id,
            term_months,
            product: String::new(),
            rate: rate.parse().unwrap(),
            fee: None,
            notes: String::new(),
            received_at: Utc::now(),
        };
        let quotes = [quote(1, 12, "0.07"), quote(2, 12, "0.065"), quote(3, 24, "0.08")];
        assert_eq!(best_quotes(&quotes), [2, 3]);
    }
}
