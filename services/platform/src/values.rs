//! Values every service reads from requests the same way: dates, instants and decimal numbers as
//! people type them, checked against the ranges the design allows (dates 1900 to 2200).

use std::str::FromStr;

use chrono::{DateTime, Datelike, NaiveDate, Utc};
use eris_proto::common::v1::{Date, DayCount};
use rust_decimal::Decimal;

use crate::{Error, Result};

fn invalid(message: String) -> Error {
    Error::InvalidArgument(message)
}

/// A stored date as a proto date.
pub fn date(value: NaiveDate) -> Date {
    Date { year: value.year(), month: value.month() as i32, day: value.day() as i32 }
}

/// Calendar days with how many entries each holds, by day.
pub type DayCounts = Vec<(NaiveDate, i64)>;
/// The most entries of a day a month calendar's read by day gives.
pub const MAX_PER_DAY: i64 = 50;
/// The most days a read by day spans (a month view's six weeks, with room).
pub const MAX_DAYS_BY_DAY: i64 = 62;

/// How many entries a calendar day holds, as the protos carry it.
pub fn day_count((day, count): (NaiveDate, i64)) -> DayCount {
    DayCount { day: Some(date(day)), count: i32::try_from(count).unwrap_or(i32::MAX) }
}

/// An optional stored date; unset when none.
pub fn optional_date(value: Option<NaiveDate>) -> Option<Date> {
    value.map(date)
}

/// A proto date as a stored one: unset or all zero means none; anything else must be a real date
/// between 1900 and 2200.
pub fn parse_date(label: &str, value: Option<&Date>) -> Result<Option<NaiveDate>> {
    match value {
        None | Some(Date { year: 0, month: 0, day: 0 }) => Ok(None),
        Some(d) => u32::try_from(d.month)
            .ok()
            .zip(u32::try_from(d.day).ok())
            .and_then(|(month, day)| NaiveDate::from_ymd_opt(d.year, month, day))
            .filter(|date| (1900..=2200).contains(&date.year()))
            .map(Some)
            .ok_or_else(|| invalid(format!("{label} must be a valid date between 1900 and 2200."))),
    }
}

/// An instant as a proto timestamp.
pub fn timestamp(value: DateTime<Utc>) -> prost_types::Timestamp {
    prost_types::Timestamp { seconds: value.timestamp(), nanos: value.timestamp_subsec_nanos() as i32 }
}

/// A proto timestamp as an instant, between 1900 and 2200.
pub fn parse_timestamp(label: &str, value: Option<&prost_types::Timestamp>) -> Result<DateTime<Utc>> {
    let value = value.ok_or_else(|| invalid(format!("{label} is required.")))?;
    DateTime::from_timestamp(value.seconds, u32::try_from(value.nanos).unwrap_or(u32::MAX))
        .filter(|at| (1900..=2200).contains(&at.year()))
        .ok_or_else(|| invalid(format!("{label} must be a valid time between 1900 and 2200.")))
}

/// A number as typed: thousands separators allowed where they belong ("1,250,000", not "1,2,3"),
/// never negative, at most `scale` decimals and `digits` digits before the point (the column's
/// range). Empty means unknown.
pub fn parse_decimal(label: &str, text: &str, digits: u32, scale: usize) -> Result<Option<Decimal>> {
    let text = text.trim();
    if text.is_empty() {
        return Ok(None);
    }
    let not_a_number = || invalid(format!("{label} must be a number."));
    let (whole, fraction) = text.split_once('.').unwrap_or((text, ""));
    let unsigned = whole.strip_prefix('-').unwrap_or(whole);
    if whole.contains(',') {
        let mut groups = unsigned.split(',');
        let first = groups.next().unwrap_or_default();
        let grouped = (1..=3).contains(&first.len()) && groups.all(|group| group.len() == 3);
        if !grouped {
            return Err(not_a_number());
        }
    }
    let digits_only = |part: &str| part.chars().all(|c| c.is_ascii_digit() || c == ',');
    if unsigned.is_empty() || !digits_only(unsigned) || !fraction.chars().all(|c| c.is_ascii_digit()) {
        return Err(not_a_number());
    }
    let cleaned: String = text.chars().filter(|c| *c != ',').collect();
    let value = Decimal::from_str(&cleaned).map_err(|_| not_a_number())?;
    if value.is_sign_negative() && !value.is_zero() {
        return Err(invalid(format!("{label} cannot be negative.")));
    }
    if fraction.len() > scale {
        return Err(invalid(format!("{label} can have at most {scale} decimals.")));
    }
    if value >= Decimal::from(10_i64.pow(digits)) {
        return Err(invalid(format!("{label} must be below {}.", Decimal::from(10_i64.pow(digits)))));
    }
    Ok(Some(value.abs()))
}

/// A page size within bounds: 0 means `default`, more than `max` means `max`.
pub fn page_size(requested: i32, default: i64, max: i64) -> Result<i64> {
    match i64::from(requested) {
        size if size < 0 => Err(invalid("page_size cannot be negative.".into())),
        0 => Ok(default),
        size => Ok(size.min(max)),
    }
}

/// A decimal as the API writes it: no trailing zeros ("0.0125", "12"); empty when none.
pub fn decimal_text(value: Option<Decimal>) -> String {
    value.map(|v| v.normalize().to_string()).unwrap_or_default()
}
