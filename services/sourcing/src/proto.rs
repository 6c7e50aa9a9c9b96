//! Stored rows as the protos carry them: for the gRPC answers and for the events alike.

use eris_platform::values::{date, decimal_text, optional_date, timestamp};
use eris_proto::sourcing::v1::{RateCode, Rfp, RfpOutcome, RfpQuote, Supplier, SupplierContact, Utility};

use crate::{
    db::{
        rfps::{QuoteRow, RfpRow},
        suppliers::{SupplierContactRow, SupplierRow},
        utilities::{RateCodeRow, UtilityRow},
    },
    domain::vocabulary::{Commodity, Outcome},
};

pub(crate) fn supplier_to_proto(row: SupplierRow) -> Supplier {
    Supplier {
        supplier_id: row.supplier_id,
        commodity: Commodity::proto_of_name(&row.fields.commodity).into(),
        name: row.fields.name,
        broker_agreement_status: row.fields.broker_agreement_status,
        archived: row.archived,
        version: row.version,
        update_time: Some(timestamp(row.updated_at)),
    }
}

pub(crate) fn supplier_contact_to_proto(row: SupplierContactRow) -> SupplierContact {
    let fields = row.fields;
    SupplierContact {
        supplier_contact_id: row.supplier_contact_id,
        supplier_id: row.supplier_id,
        commodity: Commodity::proto_of_name(&fields.commodity).into(),
        name: fields.name,
        contact_type: fields.contact_type,
        email: fields.email,
        support: fields.support,
        pricing_desk: fields.pricing_desk,
        office_phone: fields.office_phone,
        cell_phone: fields.cell_phone,
        version: row.version,
        update_time: Some(timestamp(row.updated_at)),
    }
}

pub(crate) fn utility_to_proto(row: UtilityRow) -> Utility {
    Utility {
        utility_id: row.utility_id,
        commodity: Commodity::proto_of_name(&row.fields.commodity).into(),
        name: row.fields.name,
        state: row.fields.state,
        zone: row.fields.zone,
        rto: row.fields.rto,
        version: row.version,
        update_time: Some(timestamp(row.updated_at)),
    }
}

pub(crate) fn rate_code_to_proto(row: RateCodeRow) -> RateCode {
    RateCode { matrix: row.matrix, tariff: row.tariff, description: row.description }
}

fn outcome_to_proto(name: &str) -> RfpOutcome {
    match Outcome::from_name(name) {
        Some(Outcome::Won) => RfpOutcome::Won,
        Some(Outcome::Lost) => RfpOutcome::Lost,
        _ => RfpOutcome::Open,
    }
}

pub(crate) fn rfp_to_proto(row: RfpRow) -> Rfp {
    let f = row.fields;
    Rfp {
        rfp_id: row.rfp_id,
        company_id: row.company_id,
        company_name: row.company_name,
        len: f.len,
        address: f.address,
        city: f.city,
        state: f.state,
        zip: f.zip,
        commodity: Commodity::proto_of_name(&f.commodity).into(),
        start_date: optional_date(f.start_date),
        return_date: Some(date(f.return_date)),
        return_time: f.return_time.format("%H:%M").to_string(),
        supplier_ids: f.supplier_ids,
        terms: f.terms,
        products: f.products,
        fee: decimal_text(f.fee),
        account_ids: f.account_ids,
        owner_user_id: row.owner_user_id,
        outcome: outcome_to_proto(&row.outcome).into(),
        won_quote_id: row.won_quote_id.unwrap_or_default(),
        version: row.version,
        update_time: Some(timestamp(row.updated_at)),
    }
}

pub(crate) fn quote_to_proto(row: QuoteRow) -> RfpQuote {
    RfpQuote {
        quote_id: row.quote_id,
        rfp_id: row.rfp_id,
        supplier_id: row.supplier_id,
        term_months: row.term_months,
        product: row.product,
        rate: row.rate.normalize().to_string(),
        fee: decimal_text(row.fee),
        notes: row.notes,
        receive_time: Some(timestamp(row.received_at)),
    }
}
