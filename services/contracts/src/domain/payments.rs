//! Commission payments of contracts (projected and actual), pasted rows, their totals, and DR
//! payment history. Everyone who may read a contract reads its payments; Management, Admin and
//! Customer Care change them; Management and Admin replace projected payments in bulk.

use chrono::NaiveDate;
use eris_platform::{auth::Caller, money};
use rust_decimal::Decimal;

use crate::{
    State,
    access::{self, require},
    db::{
        self,
        contracts::ContractRow,
        payments::{DrPaymentRow, PaymentRow, PaymentValues},
    },
    domain::{
        fields::ContractFields,
        numbers::{self, projected_payment},
        paste,
        vocabulary::Basis,
    },
    error::{Error, Result, invalid, not_found, stale},
    events::{Also, ContractEventKind, record_event},
};

pub const DR_PERIODS: [&str; 2] = ["Winter", "Summer"];
/// The most payments one call adds.
pub const MAX_PAYMENTS: usize = 5000;

/// One refusal naming every problem, one per line, the first 20 and how many more.
fn listed(mut problems: Vec<String>, what: &str) -> Error {
    let more = problems.len().saturating_sub(20);
    problems.truncate(20);
    if more > 0 {
        problems.push(format!("…and {more} more {what}."));
    }
    invalid(problems.join("\n"))
}

/// The payments of pasted rows (see `paste::read`). When a row cannot be read, every such row
/// is named, one per line, and no payment is made.
pub fn pasted_payments(text: &str, price: Option<Decimal>) -> Result<Vec<PaymentValues>> {
    let paste = paste::read(text, price);
    if !paste.problems.is_empty() {
        return Err(listed(paste.problems.iter().map(paste::Problem::text).collect(), "rows"));
    }
    if paste.rows.is_empty() {
        return Err(invalid("Paste at least one row."));
    }
    Ok(paste.rows.into_iter().map(|row| row.values).collect())
}

/// Volumes and revenues of a contract's payments: term volume and revenue are the sums over
/// every payment; annual ones are a twelve-month share of the term (term x 12 / the contract's
/// term, or of the months the payments span when the contract has no term).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Totals {
    pub annual_volume: Decimal,
    pub annual_revenue: Decimal,
    pub term_volume: Decimal,
    pub term_revenue: Decimal,
}

/// (projected, actual) totals.
pub fn totals(payments: &[PaymentRow], term_months: Option<i32>) -> (Totals, Totals) {
    let mut months: Vec<(i32, i16)> =
        payments.iter().map(|p| (p.values.projected_year, p.values.projected_month)).collect();
    months.sort_unstable();
    months.dedup();
    let span = term_months.filter(|t| *t > 0).map_or(months.len() as i64, i64::from);
    let annual = |term: Decimal| if span == 0 { Decimal::ZERO } else { term * Decimal::from(12) / Decimal::from(span) };
    let sum =
        |pick: fn(&PaymentValues) -> Option<Decimal>| payments.iter().filter_map(|p| pick(&p.values)).sum::<Decimal>();
    let make = |volume: Decimal, revenue: Decimal| Totals {
        annual_volume: numbers::volume(annual(volume)),
        annual_revenue: money::cents(annual(revenue)),
        term_volume: volume,
        term_revenue: revenue,
    };
    (
        make(sum(|p| p.projected_usage), sum(|p| p.projected_payment)),
        make(sum(|p| p.usage_actual), sum(|p| p.payment_actual)),
    )
}

/// A payment whose projected payment is to be recomputed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ProjectionUpdate {
    pub payment_id: i64,
    /// The version read; 0 skips the check.
    pub version: i64,
    /// The figure the caller expects, if it sent one.
    pub expected: Option<Decimal>,
}

/// (payment id, projected payment, version read) of each update, the projected payment computed
/// from the payment's usage and split by the contract's basis. A payment that is not the
/// contract's is left to the version check (it matches no row); an expected figure that differs
/// from the computed one refuses the whole update, naming every such payment.
pub fn recomputed(
    contract: &ContractFields,
    payments: &[PaymentRow],
    updates: &[ProjectionUpdate],
) -> Result<Vec<(i64, Decimal, i64)>> {
    let basis = Basis::from_name(&contract.projection_basis);
    let price = contract.price(basis);
    let by_id: std::collections::HashMap<i64, &PaymentRow> = payments.iter().map(|p| (p.payment_id, p)).collect();
    let mut problems = Vec::new();
    let mut computed = Vec::with_capacity(updates.len());
    for update in updates {
        let amount = by_id
            .get(&update.payment_id)
            .map_or(Decimal::ZERO, |p| projected_payment(p.values.projected_usage, p.values.revenue_split, price));
        if let Some(expected) = update.expected
            && by_id.contains_key(&update.payment_id)
            && expected != amount
        {
            problems.push(format!(
                "Payment {}: by the contract's {} its projected payment is {amount:.2}, not {expected:.2}.",
                update.payment_id,
                basis.name().to_lowercase(),
            ));
        }
        computed.push((update.payment_id, amount, update.version));
    }
    if !problems.is_empty() {
        return Err(listed(problems, "payments"));
    }
    Ok(computed)
}

fn payment_not_found() -> Error {
    not_found("Payment")
}

impl State {
    /// A contract the caller may change, locked until the transaction ends.
    async fn changeable_contract(&self, caller: &Caller, contract_id: i64) -> Result<ContractRow> {
        require(access::may_change_contracts(caller))?;
        self.readable_contract(caller, contract_id).await
    }

    pub(crate) async fn list_payments(
        &self,
        caller: &Caller,
        contract_id: i64,
    ) -> Result<(Vec<PaymentRow>, Totals, Totals)> {
        let contract = self.readable_contract(caller, contract_id).await?;
        let payments = db::payments::list_payments(&self.pool, contract_id).await?;
        let (projected, actual) = totals(&payments, contract.fields.term_months);
        Ok((payments, projected, actual))
    }

    /// Adds payments, all or none.
    pub(crate) async fn create_payments(
        &self,
        caller: &Caller,
        contract_id: i64,
        payments: Vec<PaymentValues>,
    ) -> Result<Vec<PaymentRow>> {
        if payments.is_empty() {
            return Err(invalid("Add at least one payment."));
        }
        if payments.len() > MAX_PAYMENTS {
            return Err(invalid(format!("Add at most {MAX_PAYMENTS} payments at a time.")));
        }
        self.changeable_contract(caller, contract_id).await?;
        self.add_payments(caller, contract_id, payments).await
    }

    /// Adds payments to a contract the caller may change, in one transaction with their event.
    async fn add_payments(
        &self,
        caller: &Caller,
        contract_id: i64,
        payments: Vec<PaymentValues>,
    ) -> Result<Vec<PaymentRow>> {
        let mut tx = self.pool.begin().await?;
        let contract = db::contracts::select_contract_for_update(&mut tx, contract_id)
            .await?
            .ok_or_else(|| not_found("Contract"))?;
        let added = db::payments::insert_payments(&mut tx, contract_id, &payments, caller.user_id).await?;
        let also = Also { payments: added.clone(), ..Default::default() };
        record_event(&mut tx, caller, ContractEventKind::PaymentAdded, &contract, also).await?;
        tx.commit().await?;
        Ok(added)
    }

    /// Adds the payments of pasted rows, their projected payments computed by the contract's
    /// projection basis.
    pub(crate) async fn paste_payments(
        &self,
        caller: &Caller,
        contract_id: i64,
        text: &str,
    ) -> Result<Vec<PaymentRow>> {
        let contract = self.changeable_contract(caller, contract_id).await?;
        let price = contract.fields.price(Basis::from_name(&contract.fields.projection_basis));
        // pasted_payments bounds the rows and refuses an empty paste; 5,000 rows are read off the
        // async threads.
        let text = text.to_owned();
        let payments = eris_platform::cpu::run("pasted payments", move || pasted_payments(&text, price)).await??;
        self.add_payments(caller, contract_id, payments).await
    }

    /// What a paste would add, and why any row cannot be, without adding anything: the screens'
    /// preview, by the same rules as `paste_payments`.
    pub(crate) async fn preview_paste(&self, caller: &Caller, contract_id: i64, text: &str) -> Result<paste::Paste> {
        let contract = self.changeable_contract(caller, contract_id).await?;
        let price = contract.fields.price(Basis::from_name(&contract.fields.projection_basis));
        let text = text.to_owned();
        Ok(eris_platform::cpu::run("pasted payments", move || paste::read(&text, price)).await?)
    }

    /// Changes a payment if it is still at `version`.
    pub(crate) async fn update_payment(
        &self,
        caller: &Caller,
        payment_id: i64,
        version: i64,
        values: &PaymentValues,
    ) -> Result<PaymentRow> {
        let read = db::payments::select_payment(&self.pool, payment_id).await?.ok_or_else(payment_not_found)?;
        self.changeable_contract(caller, read.contract_id).await?;
        let mut tx = self.pool.begin().await?;
        let contract = db::contracts::select_contract_for_update(&mut tx, read.contract_id)
            .await?
            .ok_or_else(payment_not_found)?;
        let Some(row) = db::payments::update_payment(&mut tx, payment_id, version, values, caller.user_id).await?
        else {
            return Err(match db::payments::select_payment(&mut *tx, payment_id).await? {
                Some(_) => stale("Someone else changed this payment meanwhile; it has been reloaded."),
                None => payment_not_found(),
            });
        };
        let also = Also { payments: vec![row.clone()], ..Default::default() };
        record_event(&mut tx, caller, ContractEventKind::PaymentUpdated, &contract, also).await?;
        tx.commit().await?;
        Ok(row)
    }

    pub(crate) async fn delete_payment(&self, caller: &Caller, payment_id: i64) -> Result<()> {
        let read = db::payments::select_payment(&self.pool, payment_id).await?.ok_or_else(payment_not_found)?;
        self.changeable_contract(caller, read.contract_id).await?;
        let mut tx = self.pool.begin().await?;
        let contract = db::contracts::select_contract_for_update(&mut tx, read.contract_id)
            .await?
            .ok_or_else(payment_not_found)?;
        let row = db::payments::select_payment(&mut *tx, payment_id).await?.ok_or_else(payment_not_found)?;
        db::payments::delete_payment(&mut tx, payment_id).await?;
        let also = Also { payments: vec![row], ..Default::default() };
        record_event(&mut tx, caller, ContractEventKind::PaymentDeleted, &contract, also).await?;
        tx.commit().await?;
        Ok(())
    }

    /// Recomputes the named payments' projected payments by the contract's projection basis, all
    /// or none, each only if still at the version read. A figure the caller expects is checked
    /// against the computed one, never stored as sent.
    pub(crate) async fn update_projected_payments(
        &self,
        caller: &Caller,
        contract_id: i64,
        updates: &[ProjectionUpdate],
    ) -> Result<Vec<PaymentRow>> {
        require(access::may_update_projected_payments(caller))?;
        if updates.is_empty() {
            return Err(invalid("Name at least one payment to update."));
        }
        if updates.len() > MAX_PAYMENTS * 4 {
            return Err(invalid("Too many payments in one update."));
        }
        let mut ids: Vec<i64> = updates.iter().map(|u| u.payment_id).collect();
        ids.sort_unstable();
        ids.dedup();
        if ids.len() != updates.len() {
            return Err(invalid("Name each payment once."));
        }
        self.readable_contract(caller, contract_id).await?;
        let mut tx = self.pool.begin().await?;
        let contract = db::contracts::select_contract_for_update(&mut tx, contract_id)
            .await?
            .ok_or_else(|| not_found("Contract"))?;
        let before = db::payments::list_payments(&mut *tx, contract_id).await?;
        let computed = recomputed(&contract.fields, &before, updates)?;
        let done = db::payments::set_projected_payments(&mut tx, contract_id, &computed, caller.user_id).await?;
        if done != updates.len() as u64 {
            return Err(stale(
                "Someone else changed or removed payments of this contract meanwhile; reload them and try again.",
            ));
        }
        let payments = db::payments::list_payments(&mut *tx, contract_id).await?;
        let changed = payments.iter().filter(|p| ids.binary_search(&p.payment_id).is_ok()).cloned();
        let also = Also { payments: changed.collect(), ..Default::default() };
        record_event(&mut tx, caller, ContractEventKind::PaymentUpdated, &contract, also).await?;
        tx.commit().await?;
        Ok(payments)
    }

    /// A DR contract the caller may read.
    async fn dr_contract(&self, caller: &Caller, contract_id: i64) -> Result<ContractRow> {
        let contract = self.readable_contract(caller, contract_id).await?;
        if contract.fields.commodity != "DR" {
            return Err(invalid("DR payment history is kept for DR contracts only."));
        }
        Ok(contract)
    }

    pub(crate) async fn list_dr_payments(&self, caller: &Caller, contract_id: i64) -> Result<Vec<DrPaymentRow>> {
        self.dr_contract(caller, contract_id).await?;
        Ok(db::payments::list_dr_payments(&self.pool, contract_id).await?)
    }

    pub(crate) async fn create_dr_payment(
        &self,
        caller: &Caller,
        contract_id: i64,
        amount: &str,
        paid_on: Option<NaiveDate>,
        period: &str,
    ) -> Result<DrPaymentRow> {
        require(access::may_change_contracts(caller))?;
        let amount = money::parse("Amount", amount)?.ok_or_else(|| invalid("Amount is required."))?;
        let paid_on = paid_on.ok_or_else(|| invalid("Date is required."))?;
        let period = DR_PERIODS
            .iter()
            .find(|p| p.eq_ignore_ascii_case(period.trim()))
            .ok_or_else(|| invalid("Period must be Winter or Summer."))?;
        let contract = self.dr_contract(caller, contract_id).await?;
        let mut tx = self.pool.begin().await?;
        let row =
            db::payments::insert_dr_payment(&mut tx, contract_id, amount, paid_on, period, caller.user_id).await?;
        let also = Also { dr_payment: Some(row.clone()), ..Default::default() };
        record_event(&mut tx, caller, ContractEventKind::DrPaymentAdded, &contract, also).await?;
        tx.commit().await?;
        Ok(row)
    }

    pub(crate) async fn delete_dr_payment(&self, caller: &Caller, dr_payment_id: i64) -> Result<()> {
        require(access::may_change_contracts(caller))?;
        let not_there = || not_found("DR payment");
        let row = db::payments::select_dr_payment(&self.pool, dr_payment_id).await?.ok_or_else(not_there)?;
        let contract = self.readable_contract(caller, row.contract_id).await?;
        let mut tx = self.pool.begin().await?;
        db::payments::delete_dr_payment(&mut tx, dr_payment_id).await?;
        let also = Also { dr_payment: Some(row), ..Default::default() };
        record_event(&mut tx, caller, ContractEventKind::DrPaymentDeleted, &contract, also).await?;
        tx.commit().await?;
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use chrono::Utc;

    use super::*;

    fn d(text: &str) -> Decimal {
        text.parse().unwrap()
    }

    #[test]
    fn the_projected_payment_is_usage_times_split_times_price_in_cents() {
        assert_eq!(projected_payment(Some(d("10000")), Some(d("50")), Some(d("0.005"))), d("25.00"));
        assert_eq!(projected_payment(Some(d("12345")), Some(d("33.3")), Some(d("0.00525"))), d("21.58"));
        assert_eq!(projected_payment(Some(d("10000")), Some(d("50")), None), Decimal::ZERO);
        assert_eq!(projected_payment(None, Some(d("50")), Some(d("0.005"))), Decimal::ZERO);
    }

    #[test]
    fn pasted_rows_become_payments_with_recomputed_projections() {
        let text = "1\t2026\t50\t10000\t999\t2\t2026\t9800\t24.50\tResidual\r\n\nFeb\t2026\t50%\t8,000\t\t\t\t\t\t\n";
        let payments = pasted_payments(text, Some(d("0.005"))).unwrap();
        assert_eq!(payments.len(), 2);
        assert_eq!(payments[0].projected_payment, Some(d("25.00")));
        assert_eq!((payments[0].payment_month, payments[0].payment_year), (Some(2), Some(2026)));
        assert_eq!(payments[0].payment_type, "Residual");
        assert_eq!((payments[1].projected_month, payments[1].projected_payment), (2, Some(d("20.00"))));
        assert_eq!(payments[1].payment_month, None);
    }

    #[test]
    fn a_row_that_does_not_parse_is_named_and_nothing_is_made() {
        let text = "1\t2026\t50\t10000\n13\t2026\t50\t10000\n3\t2026\tx\t1\n4\t2026\t50\t1\t\t\t\t\t\tBonus";
        let message = pasted_payments(text, Some(d("0.005"))).unwrap_err().to_string();
        assert_eq!(
            message,
            "Row 2: projected month \"13\" is not a month (1 to 12 or a month's name).\n\
             Row 3: revenue split \"x\" is not a number.\n\
             Row 4: payment type \"Bonus\" is not one of Residual, Upfront, True-up, Affiliate, Drop."
        );
        assert!(pasted_payments("1\t2\t3\t4\t5\t6\t7\t8\t9\t10\t11", None).is_err());
        assert_eq!(pasted_payments(" \n\n", None).unwrap_err().to_string(), "Paste at least one row.");
    }

    #[test]
    fn totals_are_term_sums_and_a_twelve_month_share() {
        let row = |month: i16, usage: &str, payment: &str, actual: Option<&str>| PaymentRow {
            payment_id: i64::from(month),
            contract_id: 1,
            values: PaymentValues {
                projected_month: month,
                projected_year: 2026,
                projected_usage: Some(d(usage)),
                projected_payment: Some(d(payment)),
                payment_actual: actual.map(d),
                ..Default::default()
            },
            version: 1,
            updated_at: Utc::now(),
        };
        let payments = [row(1, "1000", "5", Some("4.5")), row(2, "2000", "10", None), row(3, "3000", "15.01", None)];
        let (projected, actual) = totals(&payments, Some(24));
        assert_eq!((projected.term_volume, projected.term_revenue), (d("6000"), d("30.01")));
        assert_eq!((projected.annual_volume, projected.annual_revenue), (d("3000"), d("15.01")));
        assert_eq!((actual.term_revenue, actual.annual_revenue), (d("4.5"), d("2.25")));
        // Without a term, the months the payments span: 3.
        let (projected, _) = totals(&payments, None);
        assert_eq!(projected.annual_volume, d("24000"));
        assert_eq!(totals(&[], None).0, Totals::default());
    }
}
