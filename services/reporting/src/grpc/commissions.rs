//! The Commission Reconciliation report's calls.

use super::*;
use crate::domain::commissions::{self, Totals};

fn commission_totals(t: &Totals) -> CommissionTotals {
    CommissionTotals {
        supplier_id: t.supplier_id,
        supplier_name: t.name.clone(),
        projected: money(t.projected),
        actual: money(t.actual),
        variance: money(t.variance()),
        missing_months: t.missing_months as i32,
        missing_amount: money(t.missing_amount),
    }
}

pub(super) async fn get_commission_reconciliation(
    state: &State,
    request: Request<GetCommissionReconciliationRequest>,
) -> Result<Response<GetCommissionReconciliationResponse>, Status> {
    let caller = caller(&request)?;
    let message = request.get_ref();
    let today = state.business.today();
    let year = commissions::reconcile(&state.pool, caller, message.year, message.supplier_id, today).await?;
    let text = |value: Option<Decimal>| value.map(|v| v.normalize().to_string()).unwrap_or_default();
    let rows = year
        .months
        .into_iter()
        .map(|m| CommissionRow {
            contract_id: m.contract_id,
            payment_id: m.payment_id,
            company_id: m.company_id,
            company_name: m.company_name,
            supplier: m.supplier,
            month: m.month,
            usage_variance: text(m.usage_actual.zip(m.projected_usage).map(|(actual, projected)| actual - projected)),
            projected_usage: text(m.projected_usage),
            usage_actual: text(m.usage_actual),
            projected_payment: money(m.projected_payment.unwrap_or_default()),
            payment_actual: m.payment_actual.map(money).unwrap_or_default(),
            variance: money(m.payment_actual.unwrap_or_default() - m.projected_payment.unwrap_or_default()),
            missing: m.missing,
        })
        .collect();
    Ok(Response::new(GetCommissionReconciliationResponse {
        year: year.year,
        suppliers: year.suppliers.iter().map(commission_totals).collect(),
        total: Some(commission_totals(&year.total)),
        rows,
        more: year.more,
    }))
}
