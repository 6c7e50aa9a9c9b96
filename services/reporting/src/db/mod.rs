//! SQL of the reporting schema, one function per query.

pub mod commissions;
pub mod contract_reports;
pub mod margin;
pub mod projection;
pub mod renewals;
pub mod revenue;

use sqlx::{Postgres, QueryBuilder};

/// Restricts rows to those whose `company_column` names a company the reader may open, when the
/// reader is limited to the companies naming `limited_to` in a team role (the one Sales rule of
/// `access::companies_limited_to`, kept as SQL in this one place).
pub(crate) fn push_open_companies(
    builder: &mut QueryBuilder<'_, Postgres>,
    company_column: &str,
    limited_to: Option<i64>,
) {
    if let Some(user_id) = limited_to {
        builder
            .push(format!(" and {company_column} in (select company_id from company where team_user_ids @> array["))
            .push_bind(user_id)
            .push("::bigint])");
    }
}
