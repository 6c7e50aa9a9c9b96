//! Stored rows as the protos carry them: for the gRPC answers and for the events alike.

use eris_platform::values::{date, decimal_text, optional_date, timestamp};
use eris_proto::{
    contracts::v1::{Contract, DrPayment, Hedge, Payment, ProjectionBasis},
    sourcing::v1::Commodity as ProtoCommodity,
};

use crate::{
    db::{
        contracts::ContractRow,
        hedges::HedgeRow,
        payments::{DrPaymentRow, PaymentRow},
    },
    domain::vocabulary::{Basis, Commodity},
};

/// A stored commodity name as the proto's.
pub fn commodity_to_proto(name: &str) -> ProtoCommodity {
    match Commodity::from_name(name) {
        Some(Commodity::Electric) => ProtoCommodity::Electric,
        Some(Commodity::Gas) => ProtoCommodity::Gas,
        Some(Commodity::Dr) => ProtoCommodity::Dr,
        None => ProtoCommodity::Unspecified,
    }
}

pub fn contract_to_proto(row: ContractRow) -> Contract {
    let f = row.fields;
    let c = row.computed;
    let money = |value: rust_decimal::Decimal| format!("{:.2}", value);
    Contract {
        contract_id: row.contract_id,
        company_id: row.company_id,
        company_name: row.company_name,
        inside_sales_user_id: f.inside_sales_user_id.unwrap_or_default(),
        closer1_user_id: f.closer1_user_id.unwrap_or_default(),
        closer2_user_id: f.closer2_user_id.unwrap_or_default(),
        analyst_user_id: f.analyst_user_id.unwrap_or_default(),
        support_analyst1_user_id: f.support_analyst1_user_id.unwrap_or_default(),
        support_analyst2_user_id: f.support_analyst2_user_id.unwrap_or_default(),
        affiliate: f.affiliate,
        commodity: commodity_to_proto(&f.commodity).into(),
        utility_id: f.utility_id.unwrap_or_default(),
        state: f.state,
        date_signed: optional_date(f.date_signed),
        signed_through: f.signed_through,
        provider_supplier_id: f.provider_supplier_id.unwrap_or_default(),
        pricing_type: f.pricing_type,
        contract_type: f.contract_type,
        supplier_id: f.supplier_id.unwrap_or_default(),
        start_date: optional_date(f.start_date),
        term_months: f.term_months.unwrap_or_default(),
        contract_rate: decimal_text(f.contract_rate),
        rate_type: f.rate_type,
        fee: decimal_text(f.fee),
        billing_type: f.billing_type,
        tax_exempt: decimal_text(f.tax_exempt),
        green_power: f.green_power,
        payment_schedule: f.payment_schedule,
        revenue_split: decimal_text(f.revenue_split),
        notes: f.notes,
        capacity_percentage: decimal_text(f.capacity_percentage),
        energy_percentage: decimal_text(f.energy_percentage),
        jmi_percentage: decimal_text(f.jmi_percentage),
        account_ids: f.account_ids,
        status: i32::from(f.status),
        previous_status: i32::from(row.previous_status),
        beta: row.beta,
        file_name: row.file_name,
        annual_volume: decimal_text(Some(c.annual_volume)),
        term_volume: decimal_text(Some(c.term_volume)),
        annual_fee_total: money(c.annual_fee_total),
        term_fee_total: money(c.term_fee_total),
        end_date: optional_date(c.end_date),
        version: row.version,
        update_time: Some(timestamp(row.updated_at)),
        creator_user_id: row.created_by,
        create_time: Some(timestamp(row.created_at)),
        auto_inactive_date: row.auto_inactive_on.map(eris_platform::values::date),
        projection_basis: match Basis::from_name(&f.projection_basis) {
            Basis::Fee => ProjectionBasis::Fee,
            Basis::Rate => ProjectionBasis::Rate,
        }
        .into(),
    }
}

/// Dollars with cents, or empty.
pub fn money(value: Option<rust_decimal::Decimal>) -> String {
    value.map(|v| format!("{v:.2}")).unwrap_or_default()
}

pub fn payment_to_proto(row: PaymentRow) -> Payment {
    let p = row.values;
    Payment {
        payment_id: row.payment_id,
        contract_id: row.contract_id,
        projected_month: i32::from(p.projected_month),
        projected_year: p.projected_year,
        revenue_split: decimal_text(p.revenue_split),
        projected_usage: decimal_text(p.projected_usage),
        projected_payment: money(p.projected_payment),
        payment_month: p.payment_month.map(i32::from).unwrap_or_default(),
        payment_year: p.payment_year.unwrap_or_default(),
        usage_actual: decimal_text(p.usage_actual),
        payment_actual: money(p.payment_actual),
        payment_type: p.payment_type,
        version: row.version,
        update_time: Some(timestamp(row.updated_at)),
    }
}

pub fn dr_payment_to_proto(row: DrPaymentRow) -> DrPayment {
    DrPayment {
        dr_payment_id: row.dr_payment_id,
        contract_id: row.contract_id,
        amount: format!("{:.2}", row.amount),
        date: Some(date(row.paid_on)),
        period: row.period,
    }
}

pub fn hedge_to_proto(row: HedgeRow) -> Hedge {
    let h = row.values;
    Hedge {
        hedge_id: row.hedge_id,
        contract_id: row.contract_id,
        block_type: h.block_type,
        signed_date: optional_date(h.signed_date),
        start_month: optional_date(h.start_month),
        term_months: h.term_months,
        rate: decimal_text(h.rate),
        fee: decimal_text(h.fee),
        creator_user_id: row.created_by,
        create_time: Some(timestamp(row.created_at)),
        modifier_user_id: row.updated_by,
        update_time: Some(timestamp(row.updated_at)),
        version: row.version,
    }
}
