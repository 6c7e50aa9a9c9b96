//! SQL of the sourcing schema, one function per query.

pub mod rate_types;
pub mod rfps;
pub mod suppliers;
pub mod utilities;

use sqlx::{PgConnection, Postgres, QueryBuilder, query_builder::Separated};

/// A record's editable columns and the binds of its fields, made by `columns!` from its field table.
pub trait Columns {
    /// The editable columns, in the order `bind` binds them.
    const COLUMNS: &'static str;

    /// Binds every editable field, in the order of `COLUMNS`.
    fn bind<'q>(&'q self, values: &mut Separated<'_, 'q, Postgres, &'static str>);
}

macro_rules! columns {
    ($(#[$meta:meta])* $name:ident: $proto:ident {
        $first:ident: $first_ty:ty => $first_convert:expr $(, $field:ident: $ty:ty => $convert:expr)* $(,)?
    }) => {
        impl $crate::db::Columns for $name {
            const COLUMNS: &'static str = concat!(stringify!($first) $(, ", ", stringify!($field))*);

            fn bind<'q>(
                &'q self,
                values: &mut sqlx::query_builder::Separated<'_, 'q, sqlx::Postgres, &'static str>,
            ) {
                values.push_bind(&self.$first);
                $(values.push_bind(&self.$field);)*
            }
        }
    };
}
use columns;

/// Inserts a record into `table`: its fields, who saved it and the ids of what it belongs to;
/// answers the `returning` column.
async fn insert_fields<F: Columns>(
    db: &mut PgConnection,
    table: &str,
    owners: &[(&str, i64)],
    fields: &F,
    user_id: i64,
    returning: &str,
) -> sqlx::Result<i64> {
    let owner_columns: String = owners.iter().map(|(column, _)| format!("{column}, ")).collect();
    let mut builder =
        QueryBuilder::new(format!("insert into {table} ({owner_columns}updated_by, {}) values (", F::COLUMNS));
    let mut values = builder.separated(", ");
    for (_, id) in owners {
        values.push_bind(*id);
    }
    values.push_bind(user_id);
    fields.bind(&mut values);
    builder.push(") returning ").push(returning);
    builder.build_query_scalar().fetch_one(db).await
}

/// Writes a record's fields (the row is locked by the caller's transaction); answers the new
/// version.
async fn update_fields<F: Columns>(
    db: &mut PgConnection,
    table: &str,
    (id_column, id): (&str, i64),
    fields: &F,
    user_id: i64,
) -> sqlx::Result<i64> {
    let mut builder = QueryBuilder::new(format!("update {table} set ({}) = row(", F::COLUMNS));
    fields.bind(&mut builder.separated(", "));
    builder
        .push("), version = version + 1, updated_at = now(), updated_by = ")
        .push_bind(user_id)
        .push(format!(" where {id_column} = "))
        .push_bind(id)
        .push(" returning version");
    builder.build_query_scalar().fetch_one(db).await
}
