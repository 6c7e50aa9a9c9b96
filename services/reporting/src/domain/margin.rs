//! Margin Builder: every contract's payments with the contract's terms and team, filtered, paged
//! by keyset (so the last page costs what the first does) and exported whole as a CSV streamed
//! from the database. Management's report (spec 2 section 6).

use chrono::NaiveDate;
use eris_platform::db::Db;
use eris_platform::{Error as PlatformError, auth::Caller, vocabulary::MONTHS};
use futures::{Stream, StreamExt};
use sqlx::PgPool;

use crate::{
    access,
    db::{self, margin::MarginRecord},
    error::Result,
};

pub use crate::db::margin::{Cursor, Filter};

/// The page sizes the screen offers.
pub const PAGE_SIZES: [i32; 4] = [5, 10, 25, 50];
/// Longest company-name filter.
const NAME_LIMIT: usize = 200;
/// The years a filter may name.
const YEARS: std::ops::RangeInclusive<i32> = 1900..=2200;

/// The filter fields as typed, before checking.
#[derive(Debug, Clone, Default)]
pub struct TypedFilter<'a> {
    pub supplier_id: i64,
    pub projected_month: i32,
    pub projected_year: i32,
    pub start_month: &'a str,
    pub company_name: &'a str,
    pub payment_month: i32,
    pub payment_year: i32,
    pub signed_from: Option<NaiveDate>,
    pub signed_to: Option<NaiveDate>,
}

fn invalid(message: &str) -> crate::error::Error {
    PlatformError::InvalidArgument(message.into()).into()
}

fn month(value: i32) -> Result<Option<i32>> {
    match value {
        0 => Ok(None),
        1..=12 => Ok(Some(value)),
        _ => Err(invalid("The month must be between 1 and 12.")),
    }
}

fn year(value: i32) -> Result<Option<i32>> {
    match value {
        0 => Ok(None),
        _ if YEARS.contains(&value) => Ok(Some(value)),
        _ => Err(invalid("The year must be between 1900 and 2200.")),
    }
}

impl Filter {
    /// Checks what was typed: months 1 to 12, years 1900 to 2200, a start month `yyyy-MM`, a
    /// company name of printable text, and a signed range that is not reversed.
    pub fn parse(typed: &TypedFilter<'_>) -> Result<Self> {
        if typed.supplier_id < 0 {
            return Err(invalid("Supplier not found."));
        }
        let start_month = match typed.start_month.trim() {
            "" => None,
            text => Some(
                NaiveDate::parse_from_str(&format!("{text}-01"), "%Y-%m-%d")
                    .ok()
                    .filter(|date| YEARS.contains(&chrono::Datelike::year(date)))
                    .ok_or_else(|| invalid("The start month must be written yyyy-MM."))?,
            ),
        };
        let name = typed.company_name.trim();
        if name.chars().count() > NAME_LIMIT || name.chars().any(char::is_control) {
            return Err(invalid("The company name filter must be at most 200 characters of text."));
        }
        if let (Some(from), Some(to)) = (typed.signed_from, typed.signed_to)
            && from > to
        {
            return Err(invalid("The date signed start must be on or before the date signed end."));
        }
        Ok(Self {
            supplier_id: (typed.supplier_id > 0).then_some(typed.supplier_id),
            projected_month: month(typed.projected_month)?,
            projected_year: year(typed.projected_year)?,
            start_month,
            company_name: (!name.is_empty()).then(|| name.to_owned()),
            payment_month: month(typed.payment_month)?,
            payment_year: year(typed.payment_year)?,
            signed_from: typed.signed_from,
            signed_to: typed.signed_to,
        })
    }
}

impl Cursor {
    pub fn of(row: &MarginRecord) -> Self {
        Self { contract_id: row.contract_id, payment_id: row.payment_id }
    }

    /// `<contract>.<payment>`.
    pub fn encode(self) -> String {
        format!("{}.{}", self.contract_id, self.payment_id)
    }

    /// A cursor from [`Cursor::encode`]; empty text is none.
    pub fn decode(text: &str) -> Result<Option<Self>> {
        if text.is_empty() {
            return Ok(None);
        }
        let (contract, payment) = text.split_once('.').ok_or_else(bad_cursor)?;
        let number = |part: &str| part.parse::<i64>().ok().filter(|id| *id >= 0).ok_or_else(bad_cursor);
        Ok(Some(Self { contract_id: number(contract)?, payment_id: number(payment)? }))
    }
}

fn bad_cursor() -> crate::error::Error {
    invalid("The page cursor is not valid.")
}

/// A page of rows, in key order, and whether rows lie on either side.
#[derive(Debug, Clone, PartialEq)]
pub struct Page {
    pub rows: Vec<MarginRecord>,
    pub has_previous: bool,
    pub has_next: bool,
}

/// Only Management builds margins.
fn allowed(caller: &Caller) -> Result<()> {
    Ok(access::require(caller, access::Report::MarginBuilder)?)
}

/// The deepest row a page number reaches (pages are then read on with cursors).
pub const MAX_PAGE_OFFSET: i64 = 100_000;

/// Which page to read.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum At {
    /// After a cursor, or (when `backward`) before it; with no cursor, the first or the last page.
    Cursor { cursor: Option<Cursor>, backward: bool },
    /// The page of this number (1 for the first), by position.
    Number(i32),
}

/// A page of `size` rows where `at` says.
pub async fn page(pool: &Db, caller: &Caller, filter: &Filter, size: i32, at: At) -> Result<Page> {
    allowed(caller)?;
    if !PAGE_SIZES.contains(&size) {
        return Err(invalid("The page size must be 5, 10, 25 or 50."));
    }
    let (cursor, backward, offset) = match at {
        At::Cursor { cursor, backward } => (cursor, backward, 0),
        At::Number(number) if number >= 1 => {
            let offset = i64::from(number - 1) * i64::from(size);
            if offset > MAX_PAGE_OFFSET {
                return Err(invalid("Pages past row 100000 are read on from the cursor of the page before."));
            }
            (None, false, offset)
        }
        At::Number(_) => return Err(invalid("The page must be a number from 1.")),
    };
    let mut rows = db::margin::page(pool, filter, cursor, backward, offset, i64::from(size) + 1).await?;
    let more = rows.len() > size as usize;
    rows.truncate(size as usize);
    if backward {
        rows.reverse();
    }
    // A page read from a cursor (or past the first by number) has rows on the side it came from.
    let before = cursor.is_some() || offset > 0;
    let (has_previous, has_next) = if backward { (more, before) } else { (before, more) };
    Ok(Page { rows, has_previous, has_next })
}

/// How many rows match `filter` (for "page X of Y").
pub async fn count(pool: &Db, caller: &Caller, filter: &Filter) -> Result<i64> {
    allowed(caller)?;
    Ok(db::margin::count(pool, filter).await?)
}

/// One contract's payments as rows.
pub async fn contract_payments(pool: &Db, caller: &Caller, contract_id: i64) -> Result<Vec<MarginRecord>> {
    allowed(caller)?;
    if !db::margin::contract_exists(pool, contract_id).await? {
        return Err(PlatformError::not_found("Contract").into());
    }
    Ok(db::margin::contract_payments(pool, contract_id).await?)
}

/// The filter choices.
pub struct Options {
    pub suppliers: Vec<(i64, String, String)>,
    pub payment_years: Vec<i32>,
    pub projected_years: Vec<i32>,
    pub start_months: Vec<NaiveDate>,
}

pub async fn options(pool: &Db, caller: &Caller) -> Result<Options> {
    allowed(caller)?;
    Ok(Options {
        suppliers: db::margin::suppliers(pool).await?,
        payment_years: db::margin::payment_years(pool, db::margin::PaymentYear::Received).await?,
        projected_years: db::margin::payment_years(pool, db::margin::PaymentYear::Projected).await?,
        start_months: db::margin::start_months(pool).await?,
    })
}

/// MarginBuilder.csv's header line: the spec's columns.
pub const CSV_HEADER: &str = "CustName,State,Commodity,Utility,ContractType,InsideSales,Closer1,Closer2,Analyst,\
SupportAnalyst1,SupportAnalyst2,PricingType,Supplier,DateSigned,StartDate,Fee,ProjectedMonth,ProjectedYear,\
RevenueSplit,ProjectedUsage,ProjectedPayment,PaymentMonth,UsageActual,PaymentActual,PaymentYear,PaymentType,Affiliate\r\n";

/// About how many bytes each exported chunk holds.
const CHUNK: usize = 64 * 1024;

/// How long an export ticket is accepted.
const TICKET_LIFE: chrono::TimeDelta = chrono::TimeDelta::seconds(60);

/// A single-use export ticket for the caller and the (encoded) filter, and when it expires.
pub async fn create_export(
    pool: &Db,
    caller: &Caller,
    encoded_filter: &[u8],
) -> Result<(String, chrono::DateTime<chrono::Utc>)> {
    allowed(caller)?;
    let ticket = format!("{}{}", uuid::Uuid::new_v4().simple(), uuid::Uuid::new_v4().simple());
    let expires_at = chrono::Utc::now() + TICKET_LIFE;
    db::margin::insert_ticket(pool, &ticket, caller, encoded_filter, expires_at).await?;
    Ok((ticket, expires_at))
}

/// The filter of a ticket, which is used up; refused when unknown, used or expired.
pub async fn redeem_export(pool: &Db, ticket: &str) -> Result<Vec<u8>> {
    let refused = || PlatformError::Unauthenticated("The download address has expired. Please export again.".into());
    if ticket.is_empty() || ticket.len() > 128 {
        return Err(refused().into());
    }
    db::margin::take_ticket(pool, ticket).await?.ok_or_else(refused).map_err(Into::into)
}

/// The whole export as CSV chunks (the header first), read from the database as they are sent.
pub fn export(pool: PgPool, filter: Filter) -> impl Stream<Item = Result<Vec<u8>>> + Send {
    let rows = Box::pin(db::margin::export(pool, filter));
    let first = CSV_HEADER.as_bytes().to_vec();
    futures::stream::unfold(Some((rows, first)), |state| async move {
        let (mut rows, mut buffer) = state?;
        while buffer.len() < CHUNK {
            match rows.next().await {
                Some(Ok(row)) => write_row(&mut buffer, &row),
                Some(Err(error)) => return Some((Err(error.into()), None)),
                None if buffer.is_empty() => return None,
                None => return Some((Ok(buffer), None)),
            }
        }
        Some((Ok(buffer), Some((rows, Vec::with_capacity(CHUNK)))))
    })
}

/// One row as a CSV line, its dates and months written as the screen shows them (MM/DD/YYYY,
/// months by name); money and usage stay plain numbers for the spreadsheet.
pub fn write_row(out: &mut Vec<u8>, row: &MarginRecord) {
    let date = |value: Option<NaiveDate>| value.map(|d| d.format("%m/%d/%Y").to_string()).unwrap_or_default();
    let number = |value: i32| if value == 0 { String::new() } else { value.to_string() };
    let month = |value: i32| {
        usize::try_from(value)
            .ok()
            .and_then(|m| m.checked_sub(1))
            .and_then(|i| MONTHS.get(i))
            .copied()
            .unwrap_or_default()
    };
    let fields: [&str; 27] = [
        &row.customer_name,
        &row.state,
        &row.commodity,
        &row.utility,
        &row.contract_type,
        &row.inside_sales,
        &row.closer1,
        &row.closer2,
        &row.analyst,
        &row.support_analyst1,
        &row.support_analyst2,
        &row.pricing_type,
        &row.supplier,
        &date(row.date_signed),
        &date(row.start_date),
        &row.fee,
        month(row.projected_month),
        &number(row.projected_year),
        &row.revenue_split,
        &row.projected_usage,
        &row.projected_payment,
        month(row.payment_month),
        &row.usage_actual,
        &row.payment_actual,
        &number(row.payment_year),
        &row.payment_type,
        &row.affiliate,
    ];
    for (index, field) in fields.iter().enumerate() {
        if index > 0 {
            out.push(b',');
        }
        eris_platform::export::write_csv_field(out, field);
    }
    out.extend_from_slice(b"\r\n");
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_owasp_payload_in_the_export_is_disarmed() {
        for payload in eris_platform::export::owasp_payloads() {
            let row = MarginRecord {
                customer_name: payload.clone(),
                affiliate: payload.clone(),
                projected_payment: "-12.50".into(),
                ..Default::default()
            };
            let mut out = Vec::new();
            write_row(&mut out, &row);
            let line = String::from_utf8(out).unwrap();
            assert!(line.starts_with("\"'"), "the company name {payload:?}: {line:?}");
            assert_eq!(line.matches("\"'").count(), 2, "the company name and the affiliate: {line:?}");
            assert!(line.contains(",-12.50,"), "money stays a number: {line:?}");
        }
    }

    #[test]
    fn the_export_writes_dates_and_months_as_the_screen_shows_them() {
        let row = MarginRecord {
            customer_name: "Acme".into(),
            date_signed: NaiveDate::from_ymd_opt(2026, 3, 9),
            start_date: NaiveDate::from_ymd_opt(2026, 4, 1),
            projected_month: 4,
            projected_year: 2026,
            payment_month: 12,
            payment_year: 2026,
            projected_payment: "1234.50".into(),
            ..Default::default()
        };
        let mut out = Vec::new();
        write_row(&mut out, &row);
        let line = String::from_utf8(out).unwrap();
        let fields: Vec<&str> = line.trim_end().split(',').collect();
        assert_eq!((fields[13], fields[14]), ("03/09/2026", "04/01/2026"), "{line}");
        assert_eq!((fields[16], fields[17]), ("April", "2026"), "{line}");
        assert_eq!((fields[20], fields[21], fields[24]), ("1234.50", "December", "2026"), "{line}");
        let mut unpaid = Vec::new();
        write_row(&mut unpaid, &MarginRecord::default());
        assert_eq!(String::from_utf8(unpaid).unwrap(), format!("{}\r\n", ",".repeat(26)));
    }

    #[test]
    fn cursors_round_trip_and_refuse_junk() {
        let cursor = Cursor { contract_id: 12, payment_id: 345 };
        assert_eq!(Cursor::decode(&cursor.encode()).unwrap(), Some(cursor));
        assert_eq!(Cursor::decode("").unwrap(), None);
        for bad in ["12", "a.b", "1.2.3", "-1.2", "99999999999999999999.1", "1 .2"] {
            assert!(Cursor::decode(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn filters_are_checked() {
        let ok = |typed: TypedFilter<'_>| Filter::parse(&typed);
        assert_eq!(ok(TypedFilter::default()).unwrap(), Filter::default());
        let parsed = ok(TypedFilter { start_month: "2026-03", company_name: "  Acme ", ..Default::default() }).unwrap();
        assert_eq!(parsed.start_month, NaiveDate::from_ymd_opt(2026, 3, 1));
        assert_eq!(parsed.company_name.as_deref(), Some("Acme"));
        assert!(ok(TypedFilter { projected_month: 13, ..Default::default() }).is_err());
        assert!(ok(TypedFilter { payment_year: 99999, ..Default::default() }).is_err());
        assert!(ok(TypedFilter { start_month: "2026-13", ..Default::default() }).is_err());
        assert!(ok(TypedFilter { start_month: "March", ..Default::default() }).is_err());
        assert!(ok(TypedFilter { company_name: "a\u{0}b", ..Default::default() }).is_err());
        let reversed = TypedFilter {
            signed_from: NaiveDate::from_ymd_opt(2026, 2, 1),
            signed_to: NaiveDate::from_ymd_opt(2026, 1, 1),
            ..Default::default()
        };
        assert!(ok(reversed).is_err());
    }
}
