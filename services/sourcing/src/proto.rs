//! Stored rows as the protos carry them: for the gRPC answers and for the events alike.

use chrono::{NaiveDate, NaiveTime};
use eris_platform::{
    text,
    values::{date, decimal_text, optional_date, parse_date, parse_decimal, timestamp},
};
use eris_proto::common::v1::Date;
use eris_proto::sourcing::v1::{RateCode, Rfp, RfpOutcome, RfpQuote, Supplier, SupplierContact, Utility};
use rust_decimal::Decimal;

use crate::{
    db::{
        rfps::{QuoteRow, RfpRow},
        suppliers::{SupplierContactRow, SupplierRow},
        utilities::{RateCodeRow, UtilityRow},
    },
    domain::{
        rfp_record::{RfpFields, account_ids, parse_return_time, products, rfp_fields, supplier_ids, terms},
        supplier_record::{
            SupplierContactFields, SupplierFields, is_contact_type, looks_like_email, supplier_contact_fields,
            supplier_fields,
        },
        utility_record::{UtilityFields, utility_fields},
        vocabulary::{Commodity, Outcome},
    },
    error::{Result, invalid},
};

/// How the API reads a stored field from a request (checked) and writes it into an answer.
pub(crate) trait Converter<T, P> {
    fn to_proto(&self, value: T) -> P;
    fn parse(&self, value: &P) -> Result<T>;

    /// Reads a request's value into `field`.
    fn read_into(&self, value: &P, field: &mut T) -> Result<()> {
        *field = self.parse(value)?;
        Ok(())
    }
}

/// One line of text: label, most characters, whether it is required.
pub(crate) struct Text(pub &'static str, pub usize, pub bool);

impl Converter<String, String> for Text {
    fn to_proto(&self, value: String) -> String {
        value
    }

    fn parse(&self, value: &String) -> Result<String> {
        Ok(text::line(value, self.0, self.1, self.2)?)
    }
}

/// A state's two letters, in capitals: whether it is required, the refusal of other text.
pub(crate) struct StateCode(pub bool, pub &'static str);

impl Converter<String, String> for StateCode {
    fn to_proto(&self, value: String) -> String {
        value
    }

    fn parse(&self, value: &String) -> Result<String> {
        let state = text::line(value, "State", 2, self.0)?.to_uppercase();
        let two_letters = state.len() == 2 && state.chars().all(|c| c.is_ascii_uppercase());
        if !state.is_empty() && !two_letters {
            return Err(invalid(self.1));
        }
        Ok(state)
    }
}

/// Every commodity.
pub(crate) const ANY_COMMODITY: &[Commodity] = &[Commodity::Electric, Commodity::Gas, Commodity::Dr];
/// The commodities an RFP prices.
pub(crate) const PRICED_COMMODITIES: &[Commodity] = &[Commodity::Electric, Commodity::Gas];

/// A required commodity, stored by name: the commodities allowed, the refusal of others.
pub(crate) struct CommodityOf(pub &'static [Commodity], pub &'static str);

impl Converter<String, i32> for CommodityOf {
    fn to_proto(&self, value: String) -> i32 {
        Commodity::proto_of_name(&value).into()
    }

    fn parse(&self, value: &i32) -> Result<String> {
        match Commodity::from_proto(*value)? {
            Some(commodity) if self.0.contains(&commodity) => Ok(commodity.name().to_owned()),
            _ => Err(invalid(self.1)),
        }
    }
}

/// A commodity that may be unspecified (stored as empty).
pub(crate) struct OptionalCommodity;

impl Converter<String, i32> for OptionalCommodity {
    fn to_proto(&self, value: String) -> i32 {
        Commodity::proto_of_name(&value).into()
    }

    fn parse(&self, value: &i32) -> Result<String> {
        Ok(Commodity::from_proto(*value)?.map(Commodity::name).unwrap_or_default().to_owned())
    }
}

/// One line of text that, when given, passes a check: label, most characters, the check, its
/// refusal.
pub(crate) struct Checked(pub &'static str, pub usize, pub fn(&str) -> bool, pub &'static str);

impl Converter<String, String> for Checked {
    fn to_proto(&self, value: String) -> String {
        value
    }

    fn parse(&self, value: &String) -> Result<String> {
        let value = text::line(value, self.0, self.1, false)?;
        if !value.is_empty() && !(self.2)(&value) {
            return Err(invalid(self.3));
        }
        Ok(value)
    }
}

/// A date that may be absent.
pub(crate) struct OptionalDate(pub &'static str);

impl Converter<Option<NaiveDate>, Option<Date>> for OptionalDate {
    fn to_proto(&self, value: Option<NaiveDate>) -> Option<Date> {
        optional_date(value)
    }

    fn parse(&self, value: &Option<Date>) -> Result<Option<NaiveDate>> {
        Ok(parse_date(self.0, value.as_ref())?)
    }
}

/// A required date; a request that gives none keeps the date the reader starts from.
pub(crate) struct DateOrKept(pub &'static str);

impl Converter<NaiveDate, Option<Date>> for DateOrKept {
    fn to_proto(&self, value: NaiveDate) -> Option<Date> {
        Some(date(value))
    }

    fn parse(&self, value: &Option<Date>) -> Result<NaiveDate> {
        let mut day = NaiveDate::default();
        self.read_into(value, &mut day)?;
        Ok(day)
    }

    fn read_into(&self, value: &Option<Date>, field: &mut NaiveDate) -> Result<()> {
        if let Some(day) = parse_date(self.0, value.as_ref())? {
            *field = day;
        }
        Ok(())
    }
}

/// An RFP's return time, as "HH:MM".
pub(crate) struct ReturnTime;

impl Converter<NaiveTime, String> for ReturnTime {
    fn to_proto(&self, value: NaiveTime) -> String {
        value.format("%H:%M").to_string()
    }

    fn parse(&self, value: &String) -> Result<NaiveTime> {
        parse_return_time(value)
    }
}

/// An amount that may be absent: label, most digits, most decimals.
pub(crate) struct Amount(pub &'static str, pub u32, pub usize);

impl Converter<Option<Decimal>, String> for Amount {
    fn to_proto(&self, value: Option<Decimal>) -> String {
        decimal_text(value)
    }

    fn parse(&self, value: &String) -> Result<Option<Decimal>> {
        Ok(parse_decimal(self.0, value, self.1, self.2)?)
    }
}

/// A list, as stored and as the protos carry it, checked by its rule.
pub(crate) struct List<T: 'static>(pub fn(&[T]) -> Result<Vec<T>>);

impl<T> Converter<Vec<T>, Vec<T>> for List<T> {
    fn to_proto(&self, value: Vec<T>) -> Vec<T> {
        value
    }

    fn parse(&self, value: &Vec<T>) -> Result<Vec<T>> {
        (self.0)(value)
    }
}

/// A record's fields as its proto message carries them, made by `proto_fields!` from the
/// record's field table.
pub(crate) trait ProtoFields<P>: Sized + Default {
    /// The message with these fields, its other fields taken from `rest`.
    fn into_proto(self, rest: P) -> P;

    /// Reads the named fields of a request's message onto `fields`, each checked; the others
    /// keep their values.
    fn read_onto<S: AsRef<str>>(fields: Self, message: &P, named: &[S]) -> Result<Self>;

    /// Reads the named fields of a request's message, each checked; the others keep their
    /// defaults (never written: a save writes only the fields it names).
    fn read<S: AsRef<str>>(message: &P, named: &[S]) -> Result<Self> {
        Self::read_onto(Self::default(), message, named)
    }
}

macro_rules! proto_fields {
    ($(#[$meta:meta])* $name:ident: $proto:ident { $($field:ident: $ty:ty => $convert:expr),* $(,)? }) => {
        impl ProtoFields<$proto> for $name {
            fn into_proto(self, rest: $proto) -> $proto {
                $proto { $($field: $convert.to_proto(self.$field),)* ..rest }
            }

            fn read_onto<S: AsRef<str>>(mut fields: Self, message: &$proto, named: &[S]) -> Result<Self> {
                for field in named {
                    match field.as_ref() {
                        $(stringify!($field) => $convert.read_into(&message.$field, &mut fields.$field)?,)*
                        other => return Err(invalid(format!("{other} cannot be changed here."))),
                    }
                }
                Ok(fields)
            }
        }
    };
}
supplier_fields!(proto_fields);
supplier_contact_fields!(proto_fields);
utility_fields!(proto_fields);
rfp_fields!(proto_fields);

pub(crate) fn supplier_to_proto(row: SupplierRow) -> Supplier {
    row.fields.into_proto(Supplier {
        supplier_id: row.supplier_id,
        archived: row.archived,
        version: row.version,
        update_time: Some(timestamp(row.updated_at)),
        ..Default::default()
    })
}

pub(crate) fn supplier_contact_to_proto(row: SupplierContactRow) -> SupplierContact {
    row.fields.into_proto(SupplierContact {
        supplier_contact_id: row.supplier_contact_id,
        supplier_id: row.supplier_id,
        version: row.version,
        update_time: Some(timestamp(row.updated_at)),
        ..Default::default()
    })
}

pub(crate) fn utility_to_proto(row: UtilityRow) -> Utility {
    row.fields.into_proto(Utility {
        utility_id: row.utility_id,
        version: row.version,
        update_time: Some(timestamp(row.updated_at)),
        ..Default::default()
    })
}

pub(crate) fn rate_code_to_proto(row: RateCodeRow) -> RateCode {
    RateCode { matrix: row.matrix, tariff: row.tariff, description: row.description }
}

fn outcome_to_proto(name: &str) -> RfpOutcome {
    match Outcome::from_name(name) {
        Some(Outcome::Won) => RfpOutcome::Won,
        Some(Outcome::Lost) => RfpOutcome::Lost,
        _ => RfpOutcome::Open,
    }
}

pub(crate) fn rfp_to_proto(row: RfpRow) -> Rfp {
    row.fields.into_proto(Rfp {
        rfp_id: row.rfp_id,
        company_id: row.company_id,
        company_name: row.company_name,
        owner_user_id: row.owner_user_id,
        outcome: outcome_to_proto(&row.outcome).into(),
        won_quote_id: row.won_quote_id.unwrap_or_default(),
        version: row.version,
        update_time: Some(timestamp(row.updated_at)),
        ..Default::default()
    })
}

pub(crate) fn quote_to_proto(row: QuoteRow) -> RfpQuote {
    RfpQuote {
        quote_id: row.quote_id,
        rfp_id: row.rfp_id,
        supplier_id: row.supplier_id,
        term_months: row.term_months,
        product: row.product,
        rate: row.rate.normalize().to_string(),
        fee: decimal_text(row.fee),
        notes: row.notes,
        receive_time: Some(timestamp(row.received_at)),
    }
}
