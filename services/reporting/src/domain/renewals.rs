//! Renewal Tracking and the dashboard's renewal alerts: contracts ending soon, so their closer and
//! analyst renew them in time.

use chrono::{Datelike, NaiveDate};
use eris_platform::auth::Caller;
use eris_platform::db::Db;
use eris_proto::identity::v1::Role;

use crate::{
    access,
    db::{self, renewals::RenewalQuery},
    error::Result,
};

/// Most rows Renewal Tracking answers (the soonest ending); narrower filters show the rest.
pub const ROW_LIMIT: i64 = 2000;
/// The alert windows, in days, narrowest first.
pub const ALERT_WINDOWS: [i64; 3] = [14, 28, 150];

/// A Renewal Tracking row with its remaining months.
#[derive(Debug, Clone, PartialEq)]
pub struct Renewal {
    pub record: db::renewals::RenewalRecord,
    pub remaining_months: i32,
}

/// The filters as typed.
#[derive(Debug, Clone, Default)]
pub struct RenewalFilter {
    pub closer_user_id: i64,
    pub analyst_user_id: i64,
    pub until: Option<NaiveDate>,
}

/// Renewal Tracking: a Sales caller's closer filter is always themself (spec 2 section 6), and they
/// see only companies naming them. Answers the rows and whether more were left out.
pub async fn renewals(
    pool: &Db,
    caller: &Caller,
    filter: &RenewalFilter,
    today: NaiveDate,
) -> Result<(Vec<Renewal>, bool)> {
    access::require(caller, access::Report::RenewalTracker)?;
    let closer = if caller.role == Role::Sales { caller.user_id } else { filter.closer_user_id };
    let query = RenewalQuery {
        today,
        until: filter.until,
        closer_user_id: (closer > 0).then_some(closer),
        analyst_user_id: (filter.analyst_user_id > 0).then_some(filter.analyst_user_id),
        limited_to: access::companies_limited_to(caller),
        limit: ROW_LIMIT + 1,
    };
    let mut records = db::renewals::renewals(pool, &query).await?;
    let more = records.len() as i64 > ROW_LIMIT;
    records.truncate(ROW_LIMIT as usize);
    let rows = records
        .into_iter()
        .map(|record| Renewal { remaining_months: months_between(today, record.end_date), record })
        .collect();
    Ok((rows, more))
}

/// Whole months from `from` to `to` (0 when less than one is left).
pub fn months_between(from: NaiveDate, to: NaiveDate) -> i32 {
    let months = (to.year() - from.year()) * 12 + to.month() as i32 - from.month() as i32;
    let months = if to.day() < from.day() { months - 1 } else { months };
    months.max(0)
}

/// A renewal alert: the contract, days left and the narrowest window it falls in.
#[derive(Debug, Clone, PartialEq)]
pub struct Alert {
    pub record: db::renewals::AlertRecord,
    pub days_left: i32,
    pub window_days: i32,
}

/// The caller's active contracts (as a closer or the analyst) ending within 150 days, of the
/// companies the caller may open.
pub async fn alerts(pool: &Db, caller: &Caller, today: NaiveDate) -> Result<Vec<Alert>> {
    let records = db::renewals::alerts(pool, alert_query(caller, today)).await?;
    Ok(records.into_iter().map(|record| alert(record, today)).collect())
}

/// The same, at most `per_window` of each window (the soonest ending), with how many each window
/// holds (window, count).
pub async fn first_alerts(
    pool: &Db,
    caller: &Caller,
    today: NaiveDate,
    per_window: i64,
) -> Result<(Vec<Alert>, db::renewals::WindowCounts)> {
    let query = alert_query(caller, today);
    let (records, counts) = db::renewals::first_alerts(pool, query, &ALERT_WINDOWS, per_window).await?;
    Ok((records.into_iter().map(|record| alert(record, today)).collect(), counts))
}

fn alert_query(caller: &Caller, today: NaiveDate) -> db::renewals::AlertQuery {
    let last = ALERT_WINDOWS[ALERT_WINDOWS.len() - 1];
    db::renewals::AlertQuery {
        user_id: caller.user_id,
        limited_to: access::companies_limited_to(caller),
        today,
        until: today + chrono::Days::new(last as u64),
    }
}

/// An alert's days left and window (the narrowest it falls in).
fn alert(record: db::renewals::AlertRecord, today: NaiveDate) -> Alert {
    let days_left = (record.end_date - today).num_days();
    let last = ALERT_WINDOWS[ALERT_WINDOWS.len() - 1];
    let window = ALERT_WINDOWS.into_iter().find(|window| days_left <= *window).unwrap_or(last);
    Alert { record, days_left: days_left as i32, window_days: window as i32 }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn day(y: i32, m: u32, d: u32) -> NaiveDate {
        NaiveDate::from_ymd_opt(y, m, d).unwrap()
    }

    #[test]
    fn remaining_months_count_whole_months() {
        assert_eq!(months_between(day(2026, 11, 25), day(2026, 11, 30)), 0);
        assert_eq!(months_between(day(2026, 11, 25), day(2026, 12, 24)), 0);
        assert_eq!(months_between(day(2026, 11, 25), day(2026, 12, 25)), 1);
        assert_eq!(months_between(day(2026, 11, 25), day(2027, 11, 30)), 12);
        assert_eq!(months_between(day(2026, 11, 25), day(2026, 1, 1)), 0);
    }
}
