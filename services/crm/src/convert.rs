//! Conversions between proto values and stored ones.

use chrono::{DateTime, Datelike, NaiveDate, Utc};
use eris_proto::common::v1::Date;

use crate::error::{Result, invalid};

/// A stored date as a proto date.
pub fn date(value: NaiveDate) -> Date {
    Date { year: value.year(), month: value.month() as i32, day: value.day() as i32 }
}

/// An optional stored date; unset when none.
pub fn optional_date(value: Option<NaiveDate>) -> Option<Date> {
    value.map(date)
}

/// A proto date as a stored one: unset or all zero means none; anything else must be a real date.
pub fn parse_date(label: &str, value: Option<&Date>) -> Result<Option<NaiveDate>> {
    match value {
        None | Some(Date { year: 0, month: 0, day: 0 }) => Ok(None),
        Some(d) => u32::try_from(d.month)
            .ok()
            .zip(u32::try_from(d.day).ok())
            .and_then(|(month, day)| NaiveDate::from_ymd_opt(d.year, month, day))
            .filter(|date| (1900..=2200).contains(&date.year()))
            .map(Some)
            .ok_or_else(|| invalid(format!("{label} must be a valid date."))),
    }
}

/// An instant as a proto timestamp.
pub fn timestamp(value: DateTime<Utc>) -> prost_types::Timestamp {
    prost_types::Timestamp { seconds: value.timestamp(), nanos: value.timestamp_subsec_nanos() as i32 }
}

/// A proto timestamp as an instant.
pub fn parse_timestamp(label: &str, value: Option<&prost_types::Timestamp>) -> Result<DateTime<Utc>> {
    value
        .and_then(|t| DateTime::from_timestamp(t.seconds, u32::try_from(t.nanos).ok()?))
        .ok_or_else(|| invalid(format!("{label} is required.")))
}

/// An optional id: 0 means none.
pub fn optional_id(value: i64) -> Option<i64> {
    (value > 0).then_some(value)
}
