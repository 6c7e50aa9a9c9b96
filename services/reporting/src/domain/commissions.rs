//! Commission reconciliation (Management): what each supplier was projected to pay in a year
//! against what came, the months whose payment was due and has not come, and the contract months
//! that differ most. Broker tools sell this; the spec's reports stop at revenue by supplier.

use chrono::{Datelike, NaiveDate};
use eris_platform::db::Db;
use eris_platform::{Error as PlatformError, auth::Caller};
use rust_decimal::Decimal;

use crate::{
    db::{
        self,
        commissions::{MonthRecord, Scope, SupplierSums},
    },
    domain::revenue::{NO_SUPPLIER, YEARS},
    error::Result,
};

/// Most contract months answered.
pub const ROW_LIMIT: i64 = 2000;
/// The name of the year's totals.
pub const ALL_SUPPLIERS: &str = "All suppliers";

/// A supplier's year (or the whole year's).
#[derive(Debug, Clone, PartialEq)]
pub struct Totals {
    pub supplier_id: i64,
    pub name: String,
    pub projected: Decimal,
    pub actual: Decimal,
    pub missing_months: i64,
    pub missing_amount: Decimal,
}

impl Totals {
    pub fn variance(&self) -> Decimal {
        self.actual - self.projected
    }
}

/// The reconciliation.
#[derive(Debug, Clone, PartialEq)]
pub struct Reconciliation {
    pub year: i32,
    pub suppliers: Vec<Totals>,
    pub total: Totals,
    pub months: Vec<MonthRecord>,
    pub more: bool,
}

/// The first month not yet due on `today`: this month (its payment may still come).
pub fn due_before(today: NaiveDate) -> (i32, i32) {
    (today.year(), today.month() as i32)
}

pub async fn reconcile(
    pool: &Db,
    caller: &Caller,
    year: i32,
    supplier_id: i64,
    today: NaiveDate,
) -> Result<Reconciliation> {
    crate::access::require(caller, crate::access::Report::CommissionReconciliation)?;
    if !YEARS.contains(&year) {
        return Err(PlatformError::InvalidArgument("The year must be between 1900 and 2200.".into()).into());
    }
    if supplier_id < 0 {
        return Err(PlatformError::not_found("Supplier").into());
    }
    let scope = Scope { year, supplier_id: (supplier_id > 0).then_some(supplier_id), due_before: due_before(today) };
    let sums = db::commissions::supplier_sums(pool, scope).await?;
    let mut months = db::commissions::differing_months(pool, scope, ROW_LIMIT + 1).await?;
    let more = months.len() as i64 > ROW_LIMIT;
    months.truncate(ROW_LIMIT as usize);
    Ok(tabulate(year, sums, months, more))
}

/// Names the suppliers and adds up the year.
pub fn tabulate(year: i32, sums: Vec<SupplierSums>, months: Vec<MonthRecord>, more: bool) -> Reconciliation {
    let suppliers: Vec<Totals> = sums
        .into_iter()
        .map(|s| Totals {
            supplier_id: s.supplier_id,
            name: match (s.supplier_id, s.name) {
                (0, _) => NO_SUPPLIER.to_owned(),
                (_, Some(name)) => name,
                (id, None) => format!("Supplier {id}"),
            },
            projected: s.projected,
            actual: s.actual,
            missing_months: s.missing_months,
            missing_amount: s.missing_amount,
        })
        .collect();
    let total = suppliers.iter().fold(
        Totals {
            supplier_id: 0,
            name: ALL_SUPPLIERS.to_owned(),
            projected: Decimal::ZERO,
            actual: Decimal::ZERO,
            missing_months: 0,
            missing_amount: Decimal::ZERO,
        },
        |mut total, s| {
            total.projected += s.projected;
            total.actual += s.actual;
            total.missing_months += s.missing_months;
            total.missing_amount += s.missing_amount;
            total
        },
    );
    Reconciliation { year, suppliers, total, months, more }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_year_adds_up_its_suppliers_and_names_them() {
        let sums = |supplier_id, name: Option<&str>, projected: i64, actual: i64, missing| SupplierSums {
            supplier_id,
            name: name.map(str::to_owned),
            projected: Decimal::new(projected, 2),
            actual: Decimal::new(actual, 2),
            missing_months: missing,
            missing_amount: Decimal::new(missing * 1000, 2),
        };
        let year = tabulate(
            2026,
            vec![sums(7, Some("Keystone"), 30000, 25050, 1), sums(0, None, 1000, 0, 1), sums(9, None, 500, 500, 0)],
            Vec::new(),
            false,
        );
        let names: Vec<&str> = year.suppliers.iter().map(|s| s.name.as_str()).collect();
        assert_eq!(names, ["Keystone", NO_SUPPLIER, "Supplier 9"]);
        assert_eq!(year.suppliers[0].variance(), Decimal::new(-4950, 2));
        assert_eq!(
            (year.total.projected, year.total.actual, year.total.missing_months),
            (Decimal::new(31500, 2), Decimal::new(25550, 2), 2)
        );
        assert_eq!(due_before(NaiveDate::from_ymd_opt(2026, 11, 25).unwrap()), (2026, 11));
    }
}
