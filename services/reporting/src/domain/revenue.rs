//! Forecast and Actual Revenue By Supplier: a year's projected payments (by projected month) or
//! payments received (by the month received), added up by the contract's supplier.

use eris_platform::db::Db;
use std::collections::HashMap;

use eris_platform::{Error as PlatformError, auth::Caller};
use rust_decimal::Decimal;

use crate::{access, db, error::Result};

/// The years a report may ask for.
pub const YEARS: std::ops::RangeInclusive<i32> = 1900..=2200;
/// The name shown for contracts that name no supplier.
pub const NO_SUPPLIER: &str = "No supplier";

/// One supplier's row: twelve months and their total.
#[derive(Debug, Clone, PartialEq)]
pub struct SupplierRow {
    pub supplier_id: i64,
    pub name: String,
    pub monthly: [Decimal; 12],
    pub total: Decimal,
}

/// The report: its rows, largest total first, and the totals by month and of the year.
#[derive(Debug, Clone, PartialEq)]
pub struct Revenue {
    pub year: i32,
    pub suppliers: Vec<SupplierRow>,
    pub month_totals: [Decimal; 12],
    pub total: Decimal,
}

pub async fn revenue_by_supplier(pool: &Db, caller: &Caller, year: i32, actual: bool) -> Result<Revenue> {
    let report = if actual { access::Report::ActualRevenue } else { access::Report::ForecastRevenue };
    access::require(caller, report)?;
    if !YEARS.contains(&year) {
        return Err(PlatformError::InvalidArgument("The year must be between 1900 and 2200.".into()).into());
    }
    let found = db::revenue::revenue_by_supplier(pool, year, actual, access::companies_limited_to(caller)).await?;
    Ok(tabulate(year, found))
}

/// Lays months out by supplier and adds them up.
pub fn tabulate(year: i32, found: Vec<db::revenue::MonthRevenue>) -> Revenue {
    let mut rows: HashMap<i64, SupplierRow> = HashMap::new();
    for (supplier_id, name, month, amount) in found {
        let row = rows.entry(supplier_id).or_insert_with(|| SupplierRow {
            supplier_id,
            name: match (supplier_id, name) {
                (0, _) => NO_SUPPLIER.to_owned(),
                (_, Some(name)) => name,
                // A supplier the read models have not heard of yet (never changed since).
                (id, None) => format!("Supplier {id}"),
            },
            monthly: [Decimal::ZERO; 12],
            total: Decimal::ZERO,
        });
        row.monthly[(month - 1) as usize] += amount;
        row.total += amount;
    }
    let mut suppliers: Vec<SupplierRow> = rows.into_values().collect();
    suppliers.sort_by(|a, b| b.total.cmp(&a.total).then_with(|| a.name.cmp(&b.name)));
    let mut month_totals = [Decimal::ZERO; 12];
    for row in &suppliers {
        for (sum, value) in month_totals.iter_mut().zip(row.monthly) {
            *sum += value;
        }
    }
    let total = month_totals.iter().sum();
    Revenue { year, suppliers, month_totals, total }
}

/// The years to offer: those with payments the caller may see, and `this_year`, latest first
/// (the revenue reports' year select: Management's).
pub async fn revenue_years(pool: &Db, caller: &Caller, this_year: i32) -> Result<Vec<i32>> {
    access::require(caller, access::Report::ForecastRevenue)?;
    let mut years = db::revenue::revenue_years(pool, access::companies_limited_to(caller)).await?;
    years.push(this_year);
    years.retain(|year| YEARS.contains(year));
    years.sort_unstable_by(|a, b| b.cmp(a));
    years.dedup();
    Ok(years)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn money(text: &str) -> Decimal {
        text.parse().unwrap()
    }

    #[test]
    fn months_are_laid_out_by_supplier_and_added_up() {
        let found = vec![
            (7, Some("Keystone".to_owned()), 1, money("10.50")),
            (7, Some("Keystone".to_owned()), 12, money("4.25")),
            (0, None, 1, money("1.00")),
            (9, None, 3, money("30")),
        ];
        let revenue = tabulate(2026, found);
        let names: Vec<&str> = revenue.suppliers.iter().map(|s| s.name.as_str()).collect();
        assert_eq!(names, ["Supplier 9", "Keystone", NO_SUPPLIER]);
        assert_eq!(revenue.suppliers[1].monthly[11], money("4.25"));
        assert_eq!(revenue.suppliers[1].total, money("14.75"));
        assert_eq!(revenue.month_totals[0], money("11.50"));
        assert_eq!(revenue.total, money("45.75"));
    }
}
