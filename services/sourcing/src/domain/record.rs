//! What every field table makes: the stored record, its field names and its History text. A
//! table (`utility_record.rs`, `supplier_record.rs`, `rfp_record.rs`) lists each field once: its
//! name (the column, the proto field and the update-mask path), its stored type, and how the API
//! reads and writes it (the converters of `proto.rs`). `db/` makes the columns and binds from it,
//! `proto.rs` the proto conversion and the update-mask reader.

use chrono::{NaiveDate, NaiveTime};
use eris_platform::values::decimal_text;
use rust_decimal::Decimal;

/// The record, its field names and their text, from a field table.
macro_rules! record {
    ($(#[$meta:meta])* $name:ident: $proto:ident { $($field:ident: $ty:ty => $convert:expr),* $(,)? }) => {
        $(#[$meta])*
        #[derive(Debug, Clone, Default, PartialEq, Eq, sqlx::FromRow)]
        pub struct $name {
            $(pub $field: $ty,)*
        }

        impl $name {
            /// The fields a save may name, in the table's order.
            pub const FIELDS: &[&str] = &[$(stringify!($field)),*];
        }

        /// Every field as text, for History, events and conflict checks.
        impl eris_platform::edits::Fields for $name {
            fn field_values(&self) -> Vec<(&'static str, String)> {
                vec![$((stringify!($field), $crate::domain::record::FieldText::text(&self.$field)),)*]
            }

            fn copy_field(&mut self, from: &Self, field: &str) -> bool {
                match field {
                    $(stringify!($field) => self.$field.clone_from(&from.$field),)*
                    _ => return false,
                }
                true
            }
        }
    };
}
pub(crate) use record;

/// A field's value as History shows it: none as empty.
pub trait FieldText {
    fn text(&self) -> String;
}

impl FieldText for String {
    fn text(&self) -> String {
        self.clone()
    }
}

impl FieldText for Option<NaiveDate> {
    fn text(&self) -> String {
        self.map(|d| d.to_string()).unwrap_or_default()
    }
}

impl FieldText for NaiveDate {
    fn text(&self) -> String {
        self.to_string()
    }
}

impl FieldText for NaiveTime {
    fn text(&self) -> String {
        self.format("%H:%M").to_string()
    }
}

impl FieldText for Option<Decimal> {
    fn text(&self) -> String {
        decimal_text(*self)
    }
}

/// A list as its items joined by ", ".
impl<T: ToString> FieldText for Vec<T> {
    fn text(&self) -> String {
        self.iter().map(ToString::to_string).collect::<Vec<_>>().join(", ")
    }
}
