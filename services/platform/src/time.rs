//! Business time: the brokerage's time zone turns dates into instants and instants into dates.

use chrono::{DateTime, LocalResult, NaiveDate, NaiveDateTime, NaiveTime, TimeZone, Utc};
use chrono_tz::Tz;

/// When a task given only a due date is due, in business time.
pub const DEFAULT_DUE_TIME: NaiveTime = match NaiveTime::from_hms_opt(9, 0, 0) {
    Some(time) => time,
    None => panic!("09:00 is a time"),
};

/// The business time zone and what it answers.
#[derive(Debug, Clone, Copy)]
pub struct BusinessTime {
    pub zone: Tz,
}

impl BusinessTime {
    pub fn new(zone: Tz) -> Self {
        Self { zone }
    }

    /// Today's date in business time.
    pub fn today(&self) -> NaiveDate {
        self.date_of(Utc::now())
    }

    /// The business-time date of an instant.
    pub fn date_of(&self, instant: DateTime<Utc>) -> NaiveDate {
        instant.with_timezone(&self.zone).date_naive()
    }

    /// The instant of a business-time wall clock reading. A reading the clocks skip (spring
    /// forward) is taken an hour later; one they pass twice (fall back) is the first.
    pub fn instant(&self, local: NaiveDateTime) -> DateTime<Utc> {
        match self.zone.from_local_datetime(&local) {
            LocalResult::Single(at) | LocalResult::Ambiguous(at, _) => at.with_timezone(&Utc),
            LocalResult::None => self.instant(local + chrono::Duration::hours(1)),
        }
    }

    /// The instant a date-only due date means: 09:00 business time that day.
    pub fn due_on(&self, date: NaiveDate) -> DateTime<Utc> {
        self.instant(date.and_time(DEFAULT_DUE_TIME))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn new_york() -> BusinessTime {
        BusinessTime::new(chrono_tz::America::New_York)
    }

    #[test]
    fn a_date_only_due_date_is_nine_in_the_morning_business_time() {
        let winter = new_york().due_on(NaiveDate::from_ymd_opt(2026, 1, 15).unwrap());
        assert_eq!(winter.to_rfc3339(), "2026-01-15T14:00:00+00:00");
        let summer = new_york().due_on(NaiveDate::from_ymd_opt(2026, 7, 15).unwrap());
        assert_eq!(summer.to_rfc3339(), "2026-07-15T13:00:00+00:00");
    }

    #[test]
    fn late_evening_utc_is_still_the_same_business_day() {
        let instant = DateTime::parse_from_rfc3339("2026-11-24T03:30:00Z").unwrap().with_timezone(&Utc);
        assert_eq!(new_york().date_of(instant), NaiveDate::from_ymd_opt(2026, 11, 23).unwrap());
    }

    #[test]
    fn a_skipped_wall_clock_reading_moves_an_hour_later() {
        let skipped = NaiveDate::from_ymd_opt(2026, 3, 8).unwrap().and_hms_opt(2, 30, 0).unwrap();
        assert_eq!(new_york().instant(skipped).to_rfc3339(), "2026-03-08T07:30:00+00:00");
    }
}
