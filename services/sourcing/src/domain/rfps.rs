//! Requests for pricing: a company's accounts of one commodity, the suppliers asked, the terms and
//! products wanted, and the prices that come back. RFPs name crm's companies and accounts by id;
//! crm is asked on the caller's behalf whether the caller may see the company and which accounts
//! it has, so the role rules of companies hold for RFPs through every call.

use chrono::{DateTime, NaiveDate, Utc};
use eris_platform::{
    auth::Caller,
    edits::{self, Patch},
    text,
    values::parse_decimal,
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
    events::{RfpEventKind, record_rfp_event},
};

const RFP: &str = "rfp";

/// Whose calendar a caller asks for: 0 is their own; only those who may see others' name another.
fn calendar_owner(caller: &Caller, user_id: i64) -> Result<i64> {
    if user_id == 0 || user_id == caller.user_id {
        return Ok(caller.user_id);
    }
    require(access::may_see_others_calendar(caller))?;
    Ok(user_id)
}
/// Which companies a caller sees, as RFP lists need it.
pub(crate) enum Reach {
    All,
    /// Few enough to filter by in SQL.
    These(Vec<i64>),
    /// More than `Config::rfp_few_companies`: pages are read in order and filtered by crm.
    Many,
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
        let user_id = calendar_owner(caller, user_id)?;
        if from > to || (to - from).num_days() > 400 {
            return Err(invalid("Show at most 400 days, from a date not after the last."));
        }
        Ok(db::rfps::list_user_rfps(&self.pool, user_id, from, to).await?)
    }

    /// The same for a month calendar: the first `per_day` (1 to 50) of each return date over at
    /// most 62 days, with each date's count.
    pub(crate) async fn list_user_rfps_per_day(
        &self,
        caller: &Caller,
        user_id: i64,
        (from, to): (NaiveDate, NaiveDate),
        per_day: i64,
    ) -> Result<(Vec<RfpRow>, eris_platform::values::DayCounts)> {
        use eris_platform::values::{MAX_DAYS_BY_DAY, MAX_PER_DAY};
        let user_id = calendar_owner(caller, user_id)?;
        if from > to || (to - from).num_days() > MAX_DAYS_BY_DAY || !(1..=MAX_PER_DAY).contains(&per_day) {
            return Err(invalid("List at most 50 RFPs a day over at most 62 days, from a date not after the last."));
        }
        Ok(db::rfps::list_user_rfps_per_day(&self.pool, user_id, from, to, per_day).await?)
    }

    pub(crate) async fn get_rfp(&self, caller: &Caller, rfp_id: i64) -> Result<RfpRow> {
        self.readable_rfp(caller, rfp_id).await
    }

    /// A new RFP of the company; `read` reads the request's fields onto a blank RFP returning
    /// today.
    pub(crate) async fn create_rfp(
        &self,
        caller: &Caller,
        company_id: i64,
        read: impl FnOnce(RfpFields) -> Result<RfpFields>,
    ) -> Result<RfpRow> {
        require(access::may_change_rfps(caller))?;
        let fields = read(RfpFields { return_date: self.business.today(), ..RfpFields::default() })?;
        let company_name = self.check_references(caller, company_id, &fields, &[]).await?;
        let mut tx = self.pool.begin().await?;
        let rfp_id = db::rfps::insert_rfp(&mut tx, company_id, &company_name, &fields, caller.user_id).await?;
        let row = db::rfps::select_rfp(&mut *tx, rfp_id).await?.ok_or_else(rfp_not_found)?;
        record_rfp_event(&mut tx, caller, RfpEventKind::Created, &row, None).await?;
        tx.commit().await?;
        Ok(row)
    }

    /// Saves the named fields, which `patch.fields` reads from the request onto the stored ones;
    /// refused only when a field it changes was changed by someone else after `patch.version`.
    pub(crate) async fn update_rfp<R>(&self, caller: &Caller, patch: Patch<R>) -> Result<RfpRow>
    where
        R: FnOnce(RfpFields, &[String]) -> Result<RfpFields>,
    {
        require(access::may_change_rfps(caller))?;
        if patch.named.is_empty() {
            return Err(invalid("Name at least one field to change in update_mask."));
        }
        let read = db::rfps::select_rfp(&self.pool, patch.record_id).await?.ok_or_else(rfp_not_found)?;
        // Fields not named keep their stored values, so the references of a whole RFP are checked.
        let wanted = (patch.fields)(read.fields.clone(), &patch.named)?;
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
        record_rfp_event(&mut tx, caller, RfpEventKind::Updated, &row, None).await?;
        tx.commit().await?;
        Ok(row)
    }

    pub(crate) async fn delete_rfp(&self, caller: &Caller, rfp_id: i64) -> Result<()> {
        require(access::may_change_rfps(caller))?;
        let mut tx = self.pool.begin().await?;
        let row = db::rfps::select_rfp_for_update(&mut tx, rfp_id).await?.ok_or_else(rfp_not_found)?;
        db::rfps::delete_rfp(&mut tx, rfp_id).await?;
        record_rfp_event(&mut tx, caller, RfpEventKind::Deleted, &row, None).await?;
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
        record_rfp_event(&mut tx, caller, RfpEventKind::QuoteRecorded, &rfp, Some(&quote)).await?;
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
        record_rfp_event(&mut tx, caller, RfpEventKind::QuoteDeleted, &rfp, Some(&quote)).await?;
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
        record_rfp_event(&mut tx, caller, RfpEventKind::OutcomeSet, &row, None).await?;
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

#[cfg(test)]
mod tests {
    use super::*;

    use chrono::NaiveTime;
    use eris_proto::sourcing::v1::{Commodity as ProtoCommodity, Rfp};

    use crate::{
        domain::rfp_record::{DEFAULT_RETURN_TIME, parse_return_time},
        proto::ProtoFields,
    };

    fn typed() -> Rfp {
        Rfp { commodity: ProtoCommodity::Electric.into(), ..Default::default() }
    }

    fn today() -> NaiveDate {
        NaiveDate::from_ymd_opt(2026, 11, 24).unwrap()
    }

    /// An RFP's fields as typed, read as a create reads them.
    fn rfp_fields(typed: &Rfp, today: NaiveDate) -> Result<RfpFields> {
        RfpFields::read_onto(RfpFields { return_date: today, ..RfpFields::default() }, typed, RfpFields::FIELDS)
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
        for commodity in [ProtoCommodity::Unspecified, ProtoCommodity::Dr] {
            let typed = Rfp { commodity: commodity.into(), ..typed() };
            assert_eq!(rfp_fields(&typed, today()).unwrap_err().to_string(), "Commodity must be Electric or Gas.");
        }
    }

    #[test]
    fn terms_and_products_are_distinct_and_bounded() {
        let typed =
            Rfp { terms: vec![12, 24, 12], products: vec!["Fixed".into(), "fixed".into(), "Index".into()], ..typed() };
        let fields = rfp_fields(&typed, today()).unwrap();
        assert_eq!(fields.terms, [12, 24]);
        assert_eq!(fields.products, ["Fixed", "Index"]);
        for terms in [vec![0], vec![241], vec![-12]] {
            assert!(rfp_fields(&Rfp { terms, ..self::typed() }, today()).is_err());
        }
        let blank = Rfp { products: vec!["  ".into()], ..self::typed() };
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
