//! The Renewal Tracker and the renewal alerts.

use super::*;
use crate::domain::renewals::{self, RenewalFilter};

pub(super) async fn list_renewals(
    state: &State,
    request: Request<ListRenewalsRequest>,
) -> Result<Response<ListRenewalsResponse>, Status> {
    let caller = caller(&request)?;
    let message = request.get_ref();
    let filter = RenewalFilter {
        closer_user_id: message.closer_user_id,
        analyst_user_id: message.analyst_user_id,
        until: parse_date("End date", message.end_date.as_ref())?,
    };
    let today = state.business.today();
    let (rows, more) = renewals::renewals(&state.pool, caller, &filter, today).await?;
    Ok(Response::new(ListRenewalsResponse {
        rows: rows
            .into_iter()
            .map(|row| {
                let r = row.record;
                RenewalRow {
                    contract_id: r.contract_id,
                    company_id: r.company_id,
                    company_name: r.company_name,
                    company_closer: r.company_closer,
                    company_analyst: r.company_analyst,
                    affiliate: r.affiliate,
                    supplier: r.supplier,
                    commodity: r.commodity,
                    utility: r.utility,
                    end_date: Some(date(r.end_date)),
                    annual_volume: r.annual_volume,
                    term_fee_total: r.term_fee_total,
                    contract_type: r.contract_type,
                    remaining_months: row.remaining_months,
                }
            })
            .collect(),
        more,
    }))
}

pub(super) async fn list_renewal_alerts(
    state: &State,
    request: Request<ListRenewalAlertsRequest>,
) -> Result<Response<ListRenewalAlertsResponse>, Status> {
    let caller = caller(&request)?;
    let per_window = request.get_ref().per_window_limit;
    if per_window < 0 {
        return Err(Status::invalid_argument("per_window_limit must not be negative."));
    }
    let today = state.business.today();
    let (alerts, window_counts) = if per_window > 0 {
        let (alerts, counts) = renewals::first_alerts(&state.pool, caller, today, per_window.into()).await?;
        let counts = counts.into_iter().map(|(window, count)| RenewalWindowCount {
            window_days: window as i32,
            count: i32::try_from(count).unwrap_or(i32::MAX),
        });
        (alerts, counts.collect())
    } else {
        (renewals::alerts(&state.pool, caller, today).await?, Vec::new())
    };
    Ok(Response::new(ListRenewalAlertsResponse {
        window_counts,
        alerts: alerts
            .into_iter()
            .map(|alert| RenewalAlert {
                contract_id: alert.record.contract_id,
                company_id: alert.record.company_id,
                company_name: alert.record.company_name,
                commodity: alert.record.commodity,
                supplier: alert.record.supplier,
                end_date: Some(date(alert.record.end_date)),
                days_left: alert.days_left,
                window_days: alert.window_days,
            })
            .collect(),
    }))
}
