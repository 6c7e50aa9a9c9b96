//! Storage of the contracts schema: one module per table family, plain SQL.

pub mod contracts;
pub mod hedges;
pub mod payments;
pub mod statements;

/// A record's columns and the binds of its values in their order, from its field table:
/// `table!(record_columns, Values, "leading columns, ", "trailing columns")`.
macro_rules! record_columns {
    ($values:ident, $lead:literal, $trail:literal | $($field:ident: $kind:ident $(($($arg:expr),*))?;)*) => {
        /// Every column of a row.
        const COLUMNS: &str = concat!($lead, $(stringify!($field), ", ",)* $trail);

        /// The columns of the values, and who wrote them.
        const WRITTEN: &str = concat!($(stringify!($field), ", ",)* "updated_by");

        /// Binds the values in the order of `WRITTEN`.
        fn push_values<'a>(
            list: &mut sqlx::query_builder::Separated<'_, 'a, sqlx::Postgres, &'static str>,
            values: &'a $values,
        ) {
            $(list.push_bind(&values.$field);)*
        }
    };
}
pub(crate) use record_columns;
