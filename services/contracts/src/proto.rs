//! Stored rows as the protos carry them: for the gRPC answers and for the events alike.

use chrono::NaiveDate;
use eris_platform::{
    money,
    values::{date, decimal_text, optional_date, parse_date, timestamp},
};
use eris_proto::{
    common::v1::Date,
    contracts::v1::{Contract, DrPayment, Hedge, Payment, ProjectionBasis},
};
use rust_decimal::Decimal;

use crate::{
    db::{
        contracts::ContractRow,
        hedges::{HedgeRow, HedgeValues},
        payments::{DrPaymentRow, PaymentRow, PaymentValues},
    },
    domain::{
        // The field tables name their kinds and their lists.
        fields::*,
        hedge_fields::{TypedHedge, hedge_field_table},
        kinds::*,
        payment_fields::{TypedPayment, payment_field_table},
        vocabulary::PAYMENT_TYPES,
        vocabulary::{Basis, Commodity},
    },
    error::{Result, invalid},
};

/// How a field of the table reads from and writes to the proto `Contract`.
trait ProtoKind: Kind {
    type Proto;
    fn to_proto(&self, stored: Self::Stored) -> Self::Proto;
    fn read(&self, proto: &Self::Proto) -> Result<Self::Typed>;
}

/// Kinds the proto carries as they are stored (`$stored`) or typed, unchanged.
macro_rules! same_in_proto {
    ($proto:ty: $($kind:ty),*) => {$(
        impl ProtoKind for $kind {
            type Proto = $proto;
            fn to_proto(&self, stored: Self::Stored) -> $proto {
                stored.into()
            }
            fn read(&self, proto: &$proto) -> Result<Self::Typed> {
                Ok(proto.clone().into())
            }
        }
    )*};
}

same_in_proto!(String: Line, Paragraphs, Choice, StateCode, BlockType);
same_in_proto!(bool: Flag);
same_in_proto!(Vec<i64>: Accounts);
same_in_proto!(i32: StatusIndex, RequiredYear, HedgeTerm);

/// Kinds the proto carries as a number, 0 for none.
macro_rules! zero_for_none {
    ($proto:ty: $($kind:ty),*) => {$(
        impl ProtoKind for $kind {
            type Proto = $proto;
            fn to_proto(&self, stored: Self::Stored) -> $proto {
                stored.unwrap_or_default()
            }
            fn read(&self, proto: &$proto) -> Result<$proto> {
                Ok(*proto)
            }
        }
    )*};
}

zero_for_none!(i64: Id);
zero_for_none!(i32: Term, OptionalYear);

/// Kinds the proto carries as decimal text.
macro_rules! decimal_in_proto {
    ($($kind:ty),*) => {$(
        impl ProtoKind for $kind {
            type Proto = String;
            fn to_proto(&self, stored: Option<Decimal>) -> String {
                decimal_text(stored)
            }
            fn read(&self, proto: &String) -> Result<String> {
                Ok(proto.clone())
            }
        }
    )*};
}

decimal_in_proto!(Rate, Percent, Usage);

impl ProtoKind for Money {
    type Proto = String;
    fn to_proto(&self, stored: Option<Decimal>) -> String {
        money::optional_text(stored)
    }
    fn read(&self, proto: &String) -> Result<String> {
        Ok(proto.clone())
    }
}

impl ProtoKind for RequiredMonth {
    type Proto = i32;
    fn to_proto(&self, stored: i16) -> i32 {
        i32::from(stored)
    }
    fn read(&self, proto: &i32) -> Result<i32> {
        Ok(*proto)
    }
}

impl ProtoKind for OptionalMonth {
    type Proto = i32;
    fn to_proto(&self, stored: Option<i16>) -> i32 {
        stored.map(i32::from).unwrap_or_default()
    }
    fn read(&self, proto: &i32) -> Result<i32> {
        Ok(*proto)
    }
}

/// Kinds the proto carries as an optional date.
macro_rules! date_in_proto {
    ($($kind:ty),*) => {$(
        impl ProtoKind for $kind {
            type Proto = Option<Date>;
            fn to_proto(&self, stored: Option<NaiveDate>) -> Option<Date> {
                optional_date(stored)
            }
            fn read(&self, proto: &Option<Date>) -> Result<Option<NaiveDate>> {
                Ok(parse_date(self.0, proto.as_ref())?)
            }
        }
    )*};
}

date_in_proto!(Day, MonthStart);

impl ProtoKind for CommodityKind {
    type Proto = i32;
    fn to_proto(&self, stored: String) -> i32 {
        Commodity::proto_of_name(&stored).into()
    }
    fn read(&self, proto: &i32) -> Result<Option<Commodity>> {
        Ok(Commodity::from_proto(*proto)?)
    }
}

impl ProtoKind for BasisKind {
    type Proto = i32;
    fn to_proto(&self, stored: String) -> i32 {
        match Basis::from_name(&stored) {
            Basis::Fee => ProjectionBasis::Fee,
            Basis::Rate => ProjectionBasis::Rate,
        }
        .into()
    }
    fn read(&self, proto: &i32) -> Result<Option<Basis>> {
        match ProjectionBasis::try_from(*proto) {
            Ok(ProjectionBasis::Unspecified) => Ok(None),
            Ok(ProjectionBasis::Fee) => Ok(Some(Basis::Fee)),
            Ok(ProjectionBasis::Rate) => Ok(Some(Basis::Rate)),
            Err(_) => Err(invalid("Projection basis must be Fee or Rate.")),
        }
    }
}

/// A contract as stored, and a contract as sent, by the field table.
macro_rules! contract_conversions {
    ($($field:ident: $kind:ident $(($($arg:expr),*))?, $scope:ident;)*) => {
        pub fn contract_to_proto(row: ContractRow) -> Contract {
            let f = row.fields;
            let c = row.computed;
            Contract {
                $($field: $kind $(($($arg),*))?.to_proto(f.$field),)*
                contract_id: row.contract_id,
                company_id: row.company_id,
                company_name: row.company_name,
                previous_status: i32::from(row.previous_status),
                beta: row.beta,
                file_name: row.file_name,
                annual_volume: decimal_text(Some(c.annual_volume)),
                term_volume: decimal_text(Some(c.term_volume)),
                annual_fee_total: money::text(c.annual_fee_total),
                term_fee_total: money::text(c.term_fee_total),
                end_date: optional_date(c.end_date),
                version: row.version,
                update_time: Some(timestamp(row.updated_at)),
                creator_user_id: row.created_by,
                create_time: Some(timestamp(row.created_at)),
                auto_inactive_date: row.auto_inactive_on.map(date),
            }
        }

        /// The fields of a contract a caller sent, as typed.
        pub fn typed_contract(c: &Contract) -> Result<TypedContract> {
            Ok(TypedContract { $($field: $kind $(($($arg),*))?.read(&c.$field)?,)* })
        }
    };
}
contract_field_table!(contract_conversions);

pub fn payment_to_proto(row: PaymentRow) -> Payment {
    Payment {
        payment_id: row.payment_id,
        contract_id: row.contract_id,
        version: row.version,
        update_time: Some(timestamp(row.updated_at)),
        ..payment_values_to_proto(row.values)
    }
}

/// A record's values as the protos carry them and back, from its field table:
/// `table!(record_proto, Values, Typed, Proto, to_proto, from_proto)`. The proto's other fields
/// (ids, versions, times) are left at their defaults for the caller to fill.
macro_rules! record_proto {
    ($values:ident, $typed:ident, $proto:ident, $to:ident, $from:ident | $($field:ident: $kind:ident $(($($arg:expr),*))?;)*) => {
        pub fn $to(values: $values) -> $proto {
            $proto { $($field: $kind $(($($arg),*))?.to_proto(values.$field),)* ..Default::default() }
        }

        pub fn $from(proto: &$proto) -> Result<$typed> {
            Ok($typed { $($field: $kind $(($($arg),*))?.read(&proto.$field)?,)* })
        }
    };
}
payment_field_table!(record_proto, PaymentValues, TypedPayment, Payment, payment_values_to_proto, typed_payment);
hedge_field_table!(record_proto, HedgeValues, TypedHedge, Hedge, hedge_values_to_proto, typed_hedge);

pub fn dr_payment_to_proto(row: DrPaymentRow) -> DrPayment {
    DrPayment {
        dr_payment_id: row.dr_payment_id,
        contract_id: row.contract_id,
        amount: money::text(row.amount),
        date: Some(date(row.paid_on)),
        period: row.period,
    }
}

pub fn hedge_to_proto(row: HedgeRow) -> Hedge {
    Hedge {
        hedge_id: row.hedge_id,
        contract_id: row.contract_id,
        creator_user_id: row.created_by,
        create_time: Some(timestamp(row.created_at)),
        modifier_user_id: row.updated_by,
        update_time: Some(timestamp(row.updated_at)),
        version: row.version,
        ..hedge_values_to_proto(row.values)
    }
}
