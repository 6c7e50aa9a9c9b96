//! Supplier Outreach, First Months Billing, Auto Inactive Contracts, Customer Care Welcome
//! E-mails and the Opportunity Tracker: each for the roles whose cards show it (spec 2 section 6).

use chrono::{Datelike, Months, NaiveDate};
use eris_platform::db::Db;
use eris_platform::{Error as PlatformError, auth::Caller};

use crate::{
    access::{self, Report},
    db::{
        self,
        contract_reports::{ContractRecord, OpportunityRecord, Selection},
    },
    error::Result,
};

/// Most rows a report answers; narrower filters show the rest.
pub const ROW_LIMIT: i64 = 2000;

fn invalid(message: &str) -> crate::error::Error {
    PlatformError::InvalidArgument(message.into()).into()
}

/// Rows and whether more matched than were answered.
pub type Rows<T> = (Vec<T>, bool);

fn limited<T>(mut rows: Vec<T>) -> Rows<T> {
    let more = rows.len() as i64 > ROW_LIMIT;
    rows.truncate(ROW_LIMIT as usize);
    (rows, more)
}

/// The last day of `day`'s month.
fn month_end(day: NaiveDate) -> NaiveDate {
    let first = day.with_day(1).unwrap_or(day);
    first.checked_add_months(Months::new(1)).and_then(|next| next.pred_opt()).unwrap_or(day)
}

/// Supplier Outreach: contracts starting from `start` (default the first of this month) through
/// the end of that month.
pub async fn supplier_outreach(
    pool: &Db,
    caller: &Caller,
    start: Option<NaiveDate>,
    today: NaiveDate,
) -> Result<Rows<ContractRecord>> {
    access::require(caller, Report::SupplierOutreach)?;
    let start = start.unwrap_or_else(|| today.with_day(1).unwrap_or(today));
    let rows = db::contract_reports::contracts(pool, Selection::Starting(start, month_end(start)), ROW_LIMIT + 1);
    Ok(limited(rows.await?))
}

/// First Months Billing: contracts starting in the month `yyyy-MM`.
pub async fn first_months_billing(pool: &Db, caller: &Caller, month: &str) -> Result<Rows<ContractRecord>> {
    access::require(caller, Report::FirstMonthsBilling)?;
    let first = NaiveDate::parse_from_str(&format!("{}-01", month.trim()), "%Y-%m-%d")
        .ok()
        .filter(|day| (1900..=2200).contains(&day.year()))
        .ok_or_else(|| invalid("The start month must be written yyyy-MM."))?;
    let rows = db::contract_reports::contracts(pool, Selection::Starting(first, month_end(first)), ROW_LIMIT + 1);
    Ok(limited(rows.await?))
}

/// The months in which a contract starts, latest first.
pub async fn start_months(pool: &Db, caller: &Caller) -> Result<Vec<NaiveDate>> {
    access::require(caller, Report::FirstMonthsBilling)?;
    Ok(db::margin::start_months(pool).await?)
}

/// Auto Inactive Contracts: contracts made Inactive on `day` (default today).
pub async fn auto_inactive(
    pool: &Db,
    caller: &Caller,
    day: Option<NaiveDate>,
    today: NaiveDate,
) -> Result<Rows<ContractRecord>> {
    access::require(caller, Report::AutoInactive)?;
    let day = day.unwrap_or(today);
    Ok(limited(db::contract_reports::contracts(pool, Selection::AutoInactive(day), ROW_LIMIT + 1).await?))
}

/// The Welcome E-mails range messages (spec 2 section 5).
pub const BLANK_RANGE: &str = "Start and/or End Range is blank.";
pub const SAME_DAY_RANGE: &str = "Start and End Range are the same date.";
/// Welcome E-mails: a range whose end comes before its start (in the words of the two above).
pub const REVERSED_RANGE: &str = "The End Range must be after the Start Range.";

/// Customer Care Welcome E-mails: contracts signed within the range (both ends needed, and not the
/// same day, as the screen checks).
pub async fn welcome_emails(
    pool: &Db,
    caller: &Caller,
    start: Option<NaiveDate>,
    end: Option<NaiveDate>,
) -> Result<Rows<ContractRecord>> {
    access::require(caller, Report::WelcomeEmails)?;
    let (Some(start), Some(end)) = (start, end) else { return Err(invalid(BLANK_RANGE)) };
    if start == end {
        return Err(invalid(SAME_DAY_RANGE));
    }
    // A reversed range is a slip of the pen, not a request for the range the other way round.
    if start > end {
        return Err(invalid(REVERSED_RANGE));
    }
    Ok(limited(db::contract_reports::contracts(pool, Selection::Signed(start, end), ROW_LIMIT + 1).await?))
}

/// The Opportunity Tracker: companies entered within the range (either end may be open).
pub async fn opportunities(
    pool: &Db,
    caller: &Caller,
    start: Option<NaiveDate>,
    end: Option<NaiveDate>,
) -> Result<Rows<OpportunityRecord>> {
    access::require(caller, Report::OpportunityTracker)?;
    if let (Some(start), Some(end)) = (start, end)
        && start > end
    {
        return Err(invalid("The start date must be on or before the end date."));
    }
    Ok(limited(db::contract_reports::opportunities(pool, start, end, ROW_LIMIT + 1).await?))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_month_ends_on_its_last_day() {
        let day = |y, m, d| NaiveDate::from_ymd_opt(y, m, d).unwrap();
        assert_eq!(month_end(day(2026, 2, 10)), day(2026, 2, 28));
        assert_eq!(month_end(day(2028, 2, 1)), day(2028, 2, 29));
        assert_eq!(month_end(day(2026, 12, 31)), day(2026, 12, 31));
    }
}
