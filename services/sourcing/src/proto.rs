//! Stored rows as the protos carry them: for the gRPC answers and for the events alike.

use eris_platform::{
    text,
    values::{date, decimal_text, optional_date, timestamp},
};
use eris_proto::sourcing::v1::{RateCode, Rfp, RfpOutcome, RfpQuote, Supplier, SupplierContact, Utility};

use crate::{
    db::{
        rfps::{QuoteRow, RfpRow},
        suppliers::{SupplierContactRow, SupplierRow},
        utilities::{RateCodeRow, UtilityRow},
    },
    domain::{
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

/// A record's fields as its proto message carries them, made by `proto_fields!` from the
/// record's field table.
pub(crate) trait ProtoFields<P>: Sized {
    /// The message with these fields, its other fields taken from `rest`.
    fn into_proto(self, rest: P) -> P;

    /// Reads the named fields of a request's message, each checked; the others keep their
    /// defaults (never written: a save writes only the fields it names).
    fn read<S: AsRef<str>>(message: &P, named: &[S]) -> Result<Self>;
}

macro_rules! proto_fields {
    ($(#[$meta:meta])* $name:ident: $proto:ident { $($field:ident: $ty:ty => $convert:expr),* $(,)? }) => {
        impl ProtoFields<$proto> for $name {
            fn into_proto(self, rest: $proto) -> $proto {
                $proto { $($field: $convert.to_proto(self.$field),)* ..rest }
            }

            fn read<S: AsRef<str>>(message: &$proto, named: &[S]) -> Result<Self> {
                let mut fields = Self::default();
                for field in named {
                    match field.as_ref() {
                        $(stringify!($field) => fields.$field = $convert.parse(&message.$field)?,)*
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
    let f = row.fields;
    Rfp {
        rfp_id: row.rfp_id,
        company_id: row.company_id,
        company_name: row.company_name,
        len: f.len,
        address: f.address,
        city: f.city,
        state: f.state,
        zip: f.zip,
        commodity: Commodity::proto_of_name(&f.commodity).into(),
        start_date: optional_date(f.start_date),
        return_date: Some(date(f.return_date)),
        return_time: f.return_time.format("%H:%M").to_string(),
        supplier_ids: f.supplier_ids,
        terms: f.terms,
        products: f.products,
        fee: decimal_text(f.fee),
        account_ids: f.account_ids,
        owner_user_id: row.owner_user_id,
        outcome: outcome_to_proto(&row.outcome).into(),
        won_quote_id: row.won_quote_id.unwrap_or_default(),
        version: row.version,
        update_time: Some(timestamp(row.updated_at)),
    }
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
