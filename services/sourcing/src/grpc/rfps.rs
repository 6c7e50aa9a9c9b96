//! RfpService: requests for pricing, their quotes and spreadsheets.

use std::sync::Arc;

use chrono::NaiveDate;
use eris_platform::{
    auth::caller,
    edits::{Patch, named_fields},
    text,
    values::{day_count, parse_date, parse_timestamp},
};
use eris_proto::sourcing::v1::{
    CreateRfpQuoteRequest, CreateRfpQuoteResponse, CreateRfpRequest, CreateRfpResponse, DeleteRfpQuoteRequest,
    DeleteRfpQuoteResponse, DeleteRfpRequest, DeleteRfpResponse, ExportRfpRequest, ExportRfpResponse,
    ExportRfpsRequest, ExportRfpsResponse, GetRfpRequest, GetRfpResponse, ListRfpQuotesRequest, ListRfpQuotesResponse,
    ListRfpsRequest, ListRfpsResponse, ListUserRfpsRequest, ListUserRfpsResponse, RfpOutcome, SetRfpOutcomeRequest,
    SetRfpOutcomeResponse, UpdateRfpRequest, UpdateRfpResponse, rfp_service_server::RfpService,
};
use tonic::{Request, Response, Status};

use crate::{
    State,
    db::rfps::{RfpFields, RfpQuery, RfpRow},
    domain::{rfps::TypedQuote, vocabulary::Outcome},
    error::{Result, invalid},
    proto::{ProtoFields, quote_to_proto, rfp_to_proto},
};

pub(crate) struct RfpApi(pub(crate) Arc<State>);

/// A page position as its token: "<return date>/<id>".
fn page_token(row: &RfpRow) -> String {
    format!("{}/{}", row.fields.return_date, row.rfp_id)
}

fn page_position(token: &str) -> Result<Option<(NaiveDate, i64)>> {
    if token.is_empty() {
        return Ok(None);
    }
    let refused = || invalid("page_token is not valid.");
    let (day, id) = token.split_once('/').ok_or_else(refused)?;
    let day = NaiveDate::parse_from_str(day, "%Y-%m-%d").map_err(|_| refused())?;
    Ok(Some((day, id.parse().map_err(|_| refused())?)))
}

fn query_of(company_id: i64, owner_user_id: i64, query: &str) -> Result<RfpQuery> {
    let text = text::line(query, "Search", 200, false)?;
    Ok(RfpQuery {
        company_id: (company_id > 0).then_some(company_id),
        owner_user_id: (owner_user_id > 0).then_some(owner_user_id),
        text: (!text.is_empty()).then_some(text),
        ..Default::default()
    })
}

#[tonic::async_trait]
impl RfpService for RfpApi {
    #[tracing::instrument(skip_all)]
    async fn list_rfps(&self, request: Request<ListRfpsRequest>) -> Result<Response<ListRfpsResponse>, Status> {
        let caller = caller(&request)?.clone();
        let request = request.into_inner();
        let limit = match request.page_size {
            size if size < 0 => return Err(invalid("page_size cannot be negative.").into()),
            0 => 50,
            size => i64::from(size.min(500)),
        };
        let query = query_of(request.company_id, request.owner_user_id, &request.query)?;
        let after = page_position(&request.page_token)?;
        let mut rows = self.0.list_rfps(&caller, query, after, limit + 1).await?;
        let next_page_token = if rows.len() as i64 > limit {
            rows.truncate(limit as usize);
            rows.last().map(page_token).unwrap_or_default()
        } else {
            String::new()
        };
        Ok(Response::new(ListRfpsResponse { rfps: rows.into_iter().map(rfp_to_proto).collect(), next_page_token }))
    }

    #[tracing::instrument(skip_all)]
    async fn get_rfp(&self, request: Request<GetRfpRequest>) -> Result<Response<GetRfpResponse>, Status> {
        let caller = caller(&request)?.clone();
        let row = self.0.get_rfp(&caller, request.get_ref().rfp_id).await?;
        Ok(Response::new(GetRfpResponse { rfp: Some(rfp_to_proto(row)) }))
    }

    #[tracing::instrument(skip_all)]
    async fn create_rfp(&self, request: Request<CreateRfpRequest>) -> Result<Response<CreateRfpResponse>, Status> {
        let caller = caller(&request)?.clone();
        let rfp = request.into_inner().rfp.ok_or_else(|| invalid("rfp is required."))?;
        if rfp.company_id <= 0 {
            return Err(invalid("LeadId is required.").into());
        }
        let read = |blank| RfpFields::read_onto(blank, &rfp, RfpFields::FIELDS);
        let row = self.0.create_rfp(&caller, rfp.company_id, read).await?;
        Ok(Response::new(CreateRfpResponse { rfp: Some(rfp_to_proto(row)) }))
    }

    #[tracing::instrument(skip_all)]
    async fn update_rfp(&self, request: Request<UpdateRfpRequest>) -> Result<Response<UpdateRfpResponse>, Status> {
        let caller = caller(&request)?.clone();
        let request = request.into_inner();
        let rfp = request.rfp.ok_or_else(|| invalid("rfp is required."))?;
        let named = named_fields(request.update_mask.map(|m| m.paths).unwrap_or_default());
        let read = |stored, named: &[String]| RfpFields::read_onto(stored, &rfp, named);
        let patch = Patch { record_id: rfp.rfp_id, version: rfp.version, fields: read, named };
        let row = self.0.update_rfp(&caller, patch).await?;
        Ok(Response::new(UpdateRfpResponse { rfp: Some(rfp_to_proto(row)) }))
    }

    #[tracing::instrument(skip_all)]
    async fn delete_rfp(&self, request: Request<DeleteRfpRequest>) -> Result<Response<DeleteRfpResponse>, Status> {
        let caller = caller(&request)?.clone();
        self.0.delete_rfp(&caller, request.get_ref().rfp_id).await?;
        Ok(Response::new(DeleteRfpResponse {}))
    }

    #[tracing::instrument(skip_all)]
    async fn list_user_rfps(
        &self,
        request: Request<ListUserRfpsRequest>,
    ) -> Result<Response<ListUserRfpsResponse>, Status> {
        let caller = caller(&request)?.clone();
        let request = request.into_inner();
        let from = parse_date("from", request.from.as_ref())?.ok_or_else(|| invalid("from is required."))?;
        let to = parse_date("to", request.to.as_ref())?.ok_or_else(|| invalid("to is required."))?;
        if request.per_day_limit != 0 {
            let per_day = request.per_day_limit.into();
            let (rows, counts) = self.0.list_user_rfps_per_day(&caller, request.user_id, (from, to), per_day).await?;
            return Ok(Response::new(ListUserRfpsResponse {
                rfps: rows.into_iter().map(rfp_to_proto).collect(),
                day_counts: counts.into_iter().map(day_count).collect(),
            }));
        }
        let rows = self.0.list_user_rfps(&caller, request.user_id, from, to).await?;
        Ok(Response::new(ListUserRfpsResponse {
            rfps: rows.into_iter().map(rfp_to_proto).collect(),
            day_counts: Vec::new(),
        }))
    }

    #[tracing::instrument(skip_all)]
    async fn list_rfp_quotes(
        &self,
        request: Request<ListRfpQuotesRequest>,
    ) -> Result<Response<ListRfpQuotesResponse>, Status> {
        let caller = caller(&request)?.clone();
        let rows = self.0.list_quotes(&caller, request.get_ref().rfp_id).await?;
        Ok(Response::new(ListRfpQuotesResponse { quotes: rows.into_iter().map(quote_to_proto).collect() }))
    }

    #[tracing::instrument(skip_all)]
    async fn create_rfp_quote(
        &self,
        request: Request<CreateRfpQuoteRequest>,
    ) -> Result<Response<CreateRfpQuoteResponse>, Status> {
        let caller = caller(&request)?.clone();
        let quote = request.into_inner().quote.ok_or_else(|| invalid("quote is required."))?;
        let received_at = match &quote.receive_time {
            Some(_) => Some(parse_timestamp("Received", quote.receive_time.as_ref())?),
            None => None,
        };
        let typed = TypedQuote {
            supplier_id: quote.supplier_id,
            term_months: quote.term_months,
            product: quote.product,
            rate: quote.rate,
            fee: quote.fee,
            notes: quote.notes,
            received_at,
        };
        let row = self.0.create_quote(&caller, quote.rfp_id, &typed).await?;
        Ok(Response::new(CreateRfpQuoteResponse { quote: Some(quote_to_proto(row)) }))
    }

    #[tracing::instrument(skip_all)]
    async fn delete_rfp_quote(
        &self,
        request: Request<DeleteRfpQuoteRequest>,
    ) -> Result<Response<DeleteRfpQuoteResponse>, Status> {
        let caller = caller(&request)?.clone();
        self.0.delete_quote(&caller, request.get_ref().quote_id).await?;
        Ok(Response::new(DeleteRfpQuoteResponse {}))
    }

    #[tracing::instrument(skip_all)]
    async fn set_rfp_outcome(
        &self,
        request: Request<SetRfpOutcomeRequest>,
    ) -> Result<Response<SetRfpOutcomeResponse>, Status> {
        let caller = caller(&request)?.clone();
        let request = request.into_inner();
        let outcome = match RfpOutcome::try_from(request.outcome) {
            Ok(RfpOutcome::Open) => Outcome::Open,
            Ok(RfpOutcome::Won) => Outcome::Won,
            Ok(RfpOutcome::Lost) => Outcome::Lost,
            _ => return Err(invalid("Outcome must be Open, Won or Lost.").into()),
        };
        let won = (request.won_quote_id > 0).then_some(request.won_quote_id);
        let row = self.0.set_outcome(&caller, request.rfp_id, outcome, won, request.version).await?;
        Ok(Response::new(SetRfpOutcomeResponse { rfp: Some(rfp_to_proto(row)) }))
    }

    #[tracing::instrument(skip_all)]
    async fn export_rfp(&self, request: Request<ExportRfpRequest>) -> Result<Response<ExportRfpResponse>, Status> {
        let caller = caller(&request)?.clone();
        let (file_name, content) = self.0.export_rfp(&caller, request.get_ref().rfp_id).await?;
        Ok(Response::new(ExportRfpResponse { file_name, content }))
    }

    #[tracing::instrument(skip_all)]
    async fn export_rfps(&self, request: Request<ExportRfpsRequest>) -> Result<Response<ExportRfpsResponse>, Status> {
        let caller = caller(&request)?.clone();
        let request = request.into_inner();
        let query = query_of(0, request.owner_user_id, &request.query)?;
        let content = self.0.export_rfps(&caller, query).await?;
        Ok(Response::new(ExportRfpsResponse { file_name: "RFPs.xlsx".into(), content }))
    }
}
