//! Stored rows as the protos carry them, for the gRPC answers and the events alike, and proto
//! values read back into the domain's: dates, timestamps, ids, and the converters that read each
//! company field (named in the field table of `domain::company_record`).

use chrono::{DateTime, NaiveDate, Utc};
use eris_proto::{
    common::v1::Date,
    crm::v1::{Account, AccountCommodity as ProtoCommodity, Company, Contact, DrStatus, OpenState, PrimaryStatus},
};
use rust_decimal::Decimal;

use crate::{
    db::{accounts::AccountRow, companies::CompanyRow, contacts::ContactRow},
    domain::{
        account_record::{
            AccountCommodity, AccountFields, account_fields, annual_load_factor, parse_kw, parse_percent,
        },
        company_record::{CompanyRecord, company_fields, parse_amount, primary_from_name, primary_name},
        contact_record::{ContactFields, contact_fields, contact_type, email, priority},
        text,
    },
    error::{Result, invalid},
};

pub use eris_platform::values::{date, optional_date, timestamp};

/// A proto date as a stored one (see `eris_platform::values::parse_date`).
pub fn parse_date(label: &str, value: Option<&Date>) -> Result<Option<NaiveDate>> {
    Ok(eris_platform::values::parse_date(label, value)?)
}

/// A proto timestamp as an instant, between 1900 and 2200.
pub fn parse_timestamp(label: &str, value: Option<&prost_types::Timestamp>) -> Result<DateTime<Utc>> {
    Ok(eris_platform::values::parse_timestamp(label, value)?)
}

/// An optional id: 0 means none.
pub fn optional_id(value: i64) -> Option<i64> {
    (value > 0).then_some(value)
}

/// How one field is read from a request and written to a response.
pub(crate) trait Converter<T, P> {
    fn to_proto(&self, value: T) -> P;
    fn parse(&self, value: &P) -> Result<T>;
}

/// One line of text: label, most characters.
pub(crate) struct Text(pub &'static str, pub usize);

impl Converter<String, String> for Text {
    fn to_proto(&self, value: String) -> String {
        value
    }

    fn parse(&self, value: &String) -> Result<String> {
        Ok(text::line(value, self.0, self.1, false)?)
    }
}

/// One line of text that may be absent (stored as none when empty).
pub(crate) struct OptionalText(pub &'static str, pub usize);

impl Converter<Option<String>, String> for OptionalText {
    fn to_proto(&self, value: Option<String>) -> String {
        value.unwrap_or_default()
    }

    fn parse(&self, value: &String) -> Result<Option<String>> {
        let value = text::line(value, self.0, self.1, false)?;
        Ok((!value.is_empty()).then_some(value))
    }
}

/// A short code, upper case (the domain checks it is a known one).
pub(crate) struct Code(pub &'static str, pub usize);

impl Converter<String, String> for Code {
    fn to_proto(&self, value: String) -> String {
        value
    }

    fn parse(&self, value: &String) -> Result<String> {
        Ok(text::line(value, self.0, self.1, false)?.to_uppercase())
    }
}

/// A date that is always there.
pub(crate) struct RequiredDate(pub &'static str);

impl Converter<NaiveDate, Option<Date>> for RequiredDate {
    fn to_proto(&self, value: NaiveDate) -> Option<Date> {
        Some(date(value))
    }

    /// Unset reads as the zero date, which a create replaces with today.
    fn parse(&self, value: &Option<Date>) -> Result<NaiveDate> {
        Ok(parse_date(self.0, value.as_ref())?.unwrap_or_default())
    }
}

/// A date that may be absent.
pub(crate) struct OptionalDate(pub &'static str);

impl Converter<Option<NaiveDate>, Option<Date>> for OptionalDate {
    fn to_proto(&self, value: Option<NaiveDate>) -> Option<Date> {
        optional_date(value)
    }

    fn parse(&self, value: &Option<Date>) -> Result<Option<NaiveDate>> {
        parse_date(self.0, value.as_ref())
    }
}

/// A primary status, stored by name.
pub(crate) struct Status(pub &'static str);

impl Converter<Option<String>, i32> for Status {
    fn to_proto(&self, value: Option<String>) -> i32 {
        primary_from_name(value.as_deref()).into()
    }

    fn parse(&self, value: &i32) -> Result<Option<String>> {
        let status =
            PrimaryStatus::try_from(*value).map_err(|_| invalid(format!("{} is not a known status.", self.0)))?;
        Ok(primary_name(status).map(str::to_owned))
    }
}

/// Secondary statuses (the domain checks them against their primary).
pub(crate) struct Statuses(pub &'static str);

impl Converter<Vec<String>, Vec<String>> for Statuses {
    fn to_proto(&self, value: Vec<String>) -> Vec<String> {
        value
    }

    fn parse(&self, value: &Vec<String>) -> Result<Vec<String>> {
        if value.len() > 10 {
            return Err(invalid(format!("{} lists too many statuses.", self.0)));
        }
        value.iter().map(|status| Ok(text::line(status, self.0, 100, true)?)).collect()
    }
}

/// An amount as a decimal string: label, digits before the point the column holds.
pub(crate) struct Amount(pub &'static str, pub u32);

impl Converter<Option<Decimal>, String> for Amount {
    fn to_proto(&self, value: Option<Decimal>) -> String {
        value.map(|v| v.normalize().to_string()).unwrap_or_default()
    }

    fn parse(&self, value: &String) -> Result<Option<Decimal>> {
        parse_amount(self.0, value, self.1)
    }
}

/// An id of another record; 0 means none.
pub(crate) struct Id(pub &'static str);

impl Converter<Option<i64>, i64> for Id {
    fn to_proto(&self, value: Option<i64>) -> i64 {
        value.unwrap_or(0)
    }

    fn parse(&self, value: &i64) -> Result<Option<i64>> {
        if *value < 0 {
            return Err(invalid(format!("{} is not a valid id.", self.0)));
        }
        Ok(optional_id(*value))
    }
}

/// A yes/no flag.
pub(crate) struct Flag;

impl Converter<bool, bool> for Flag {
    fn to_proto(&self, value: bool) -> bool {
        value
    }

    fn parse(&self, value: &bool) -> Result<bool> {
        Ok(*value)
    }
}

/// A company's proto conversion, field by field from the field table.
macro_rules! company_proto {
    ($($field:ident: $ty:ty => $convert:expr),* $(,)?) => {
        /// A stored company as the API shows it.
        pub fn company_to_proto(row: CompanyRow) -> Company {
            let record = row.record;
            Company {
                company_id: row.company_id,
                $($field: $convert.to_proto(record.$field),)*
                total_kwh: row.total_kwh.normalize().to_string(),
                total_therms: row.total_therms.normalize().to_string(),
                version: row.version,
                update_time: Some(timestamp(row.updated_at)),
                update_user_id: row.updated_by.unwrap_or(0),
            }
        }

        /// Reads the named fields of a request's company; the others keep their defaults.
        pub fn company_fields_of(company: &Company, named: &[String]) -> Result<CompanyRecord> {
            let mut record = CompanyRecord::default();
            for field in named {
                match field.as_str() {
                    $(stringify!($field) => record.$field = $convert.parse(&company.$field)?,)*
                    other => return Err(invalid(format!("{other} is not a company field."))),
                }
            }
            Ok(record)
        }
    };
}
company_fields!(company_proto);

pub(crate) fn decimal(value: Decimal) -> String {
    value.normalize().to_string()
}

pub(crate) fn optional_decimal(value: Option<Decimal>) -> String {
    value.map(decimal).unwrap_or_default()
}

/// The account's commodity, stored by name ("Electric" or "Gas").
pub(crate) struct AccountCommodityName;

impl Converter<String, i32> for AccountCommodityName {
    fn to_proto(&self, value: String) -> i32 {
        let electric = value == AccountCommodity::Electric.name();
        if electric { ProtoCommodity::Electric } else { ProtoCommodity::Gas }.into()
    }

    fn parse(&self, value: &i32) -> Result<String> {
        match ProtoCommodity::try_from(*value) {
            Ok(ProtoCommodity::Electric) => Ok(AccountCommodity::Electric.name().into()),
            Ok(ProtoCommodity::Gas) => Ok(AccountCommodity::Gas.name().into()),
            _ => Err(invalid("Commodity must be Electric or Gas.")),
        }
    }
}

/// Whether the account is open, stored as "Open" or "Closed".
pub(crate) struct OpenStateName;

impl Converter<String, i32> for OpenStateName {
    fn to_proto(&self, value: String) -> i32 {
        if value == "Closed" { OpenState::Closed } else { OpenState::Open }.into()
    }

    fn parse(&self, value: &i32) -> Result<String> {
        match OpenState::try_from(*value) {
            Ok(OpenState::Closed) => Ok("Closed".into()),
            Ok(OpenState::Open | OpenState::Unspecified) => Ok("Open".into()),
            Err(_) => Err(invalid("Open State must be Open or Closed.")),
        }
    }
}

/// A DR account's registration, stored by name; none when unknown.
pub(crate) struct DrStatusName;

impl Converter<Option<String>, i32> for DrStatusName {
    fn to_proto(&self, value: Option<String>) -> i32 {
        match value.as_deref() {
            Some("Registered") => DrStatus::Registered,
            Some("Unregistered") => DrStatus::Unregistered,
            _ => DrStatus::Unspecified,
        }
        .into()
    }

    fn parse(&self, value: &i32) -> Result<Option<String>> {
        match DrStatus::try_from(*value) {
            Ok(DrStatus::Registered) => Ok(Some("Registered".into())),
            Ok(DrStatus::Unregistered) => Ok(Some("Unregistered".into())),
            Ok(DrStatus::Unspecified) => Ok(None),
            Err(_) => Err(invalid("DR Status must be Registered or Unregistered.")),
        }
    }
}

/// A percent from 0 to 100 (with or without a % sign).
pub(crate) struct Percent(pub &'static str);

impl Converter<Option<Decimal>, String> for Percent {
    fn to_proto(&self, value: Option<Decimal>) -> String {
        optional_decimal(value)
    }

    fn parse(&self, value: &String) -> Result<Option<Decimal>> {
        parse_percent(self.0, value)
    }
}

/// A kW, PLC or NSPL value.
pub(crate) struct Kw(pub &'static str);

impl Converter<Option<Decimal>, String> for Kw {
    fn to_proto(&self, value: Option<Decimal>) -> String {
        optional_decimal(value)
    }

    fn parse(&self, value: &String) -> Result<Option<Decimal>> {
        parse_kw(self.0, value)
    }
}

/// An account's proto conversion, field by field from the field table.
macro_rules! account_proto {
    ($($field:ident: $ty:ty => $convert:expr),* $(,)?) => {
        /// A stored account as the API shows it, with its computed annual usage and load factor.
        pub(crate) fn account_to_proto(row: AccountRow) -> Account {
            let electric = row.fields.commodity == AccountCommodity::Electric.name();
            let has_usage = row.usage_updated_at.is_some();
            let annual = |shown: bool| if shown && has_usage { decimal(row.annual_usage) } else { String::new() };
            let fields = row.fields;
            Account {
                account_id: row.account_id,
                company_id: row.company_id,
                $($field: $convert.to_proto(fields.$field),)*
                annual_kwh: annual(electric),
                annual_therms: annual(!electric),
                load_factor: if electric {
                    optional_decimal(annual_load_factor(row.annual_usage, row.peak_kw))
                } else {
                    String::new()
                },
                usage_update_time: row.usage_updated_at.map(timestamp),
                version: row.version,
                update_time: Some(timestamp(row.updated_at)),
            }
        }

        /// Reads the named fields of a request's account, each checked; the others keep their
        /// defaults.
        pub(crate) fn account_fields_of(account: &Account, named: &[String]) -> Result<AccountFields> {
            let mut fields = AccountFields::default();
            for field in named {
                match field.as_str() {
                    $(stringify!($field) => fields.$field = $convert.parse(&account.$field)?,)*
                    other => return Err(invalid(format!("{other} cannot be changed here."))),
                }
            }
            Ok(fields)
        }
    };
}
account_fields!(account_proto);

/// Text checked by a rule of the record's own (an e-mail address, a contact type).
pub(crate) struct Checked(pub fn(&str) -> Result<String>);

impl Converter<String, String> for Checked {
    fn to_proto(&self, value: String) -> String {
        value
    }

    fn parse(&self, value: &String) -> Result<String> {
        (self.0)(value)
    }
}

/// A contact's priority, 1 (highest) to 15; 0 for none.
pub(crate) struct Priority;

impl Converter<Option<i16>, i32> for Priority {
    fn to_proto(&self, value: Option<i16>) -> i32 {
        value.map(i32::from).unwrap_or(0)
    }

    fn parse(&self, value: &i32) -> Result<Option<i16>> {
        priority(*value)
    }
}

/// A contact's proto conversion, field by field from the field table.
macro_rules! contact_proto {
    ($($field:ident: $ty:ty => $convert:expr),* $(,)?) => {
        /// A contact as the protos carry it.
        pub(crate) fn contact_to_proto(row: ContactRow) -> Contact {
            let fields = row.fields;
            Contact {
                contact_id: row.contact_id,
                company_id: row.company_id,
                $($field: $convert.to_proto(fields.$field),)*
                version: row.version,
                update_time: Some(timestamp(row.updated_at)),
            }
        }

        /// Reads the named fields of a request's contact, each checked; the others keep their
        /// defaults.
        pub(crate) fn contact_fields_of(contact: &Contact, named: &[String]) -> Result<ContactFields> {
            let mut fields = ContactFields::default();
            for field in named {
                match field.as_str() {
                    $(stringify!($field) => fields.$field = $convert.parse(&contact.$field)?,)*
                    other => return Err(invalid(format!("{other} cannot be changed here."))),
                }
            }
            Ok(fields)
        }
    };
}
contact_fields!(contact_proto);
