use std::sync::Arc;

use eris_platform::auth::caller;
use eris_proto::crm::v1::{
    CreateNoteRequest, CreateNoteResponse, ListNotesRequest, ListNotesResponse, Note, note_service_server::NoteService,
};
use serde_json::json;
use tonic::{Request, Response, Status};

use super::{decode_token, finish_page, page_size};
use crate::{
    State,
    convert::{optional_date, parse_date, timestamp},
    db::{self, notes::NoteRow},
    error::{Error, forbidden, invalid},
    may_edit_companies,
};

pub(crate) struct NoteApi(pub(crate) Arc<State>);

/// The services a note may be about.
pub const NOTE_SERVICES: &[&str] = &["Energy Efficiencies", "DR", "Bill Management", "Brokerage", "All"];

fn note_to_proto(row: NoteRow) -> Note {
    Note {
        note_id: row.note_id,
        company_id: row.company_id,
        user_id: row.user_id,
        text: row.text,
        service: row.service,
        follow_up_date: optional_date(row.follow_up_date),
        create_time: Some(timestamp(row.created_at)),
    }
}

#[tonic::async_trait]
impl NoteService for NoteApi {
    #[tracing::instrument(skip_all)]
    async fn list_notes(&self, request: Request<ListNotesRequest>) -> Result<Response<ListNotesResponse>, Status> {
        let caller = caller(&request)?.clone();
        let ListNotesRequest { company_id, page_size: size, page_token } = request.into_inner();
        self.0.readable_company(&caller, company_id).await?;
        let limit = page_size(size, 100, 500)?;
        let before = decode_token(&page_token)?.and_then(|value| value.as_i64());
        let mut rows = db::notes::list_notes(&self.0.pool, company_id, before, limit + 1).await.map_err(Error::from)?;
        let next_page_token = finish_page(&mut rows, limit, |last| json!(last.note_id));
        Ok(Response::new(ListNotesResponse { notes: rows.into_iter().map(note_to_proto).collect(), next_page_token }))
    }

    #[tracing::instrument(skip_all)]
    async fn create_note(&self, request: Request<CreateNoteRequest>) -> Result<Response<CreateNoteResponse>, Status> {
        let caller = caller(&request)?.clone();
        let note = request.into_inner().note.ok_or_else(|| invalid("note is required."))?;
        self.0.readable_company(&caller, note.company_id).await?;
        if !may_edit_companies(&caller) {
            return Err(forbidden().into());
        }
        let text = note.text.trim();
        if text.is_empty() {
            return Err(invalid("Write the note first.").into());
        }
        if text.chars().count() > 10_000 {
            return Err(invalid("The note is too long.").into());
        }
        let service = if note.service.is_empty() { "All" } else { note.service.as_str() };
        if !NOTE_SERVICES.contains(&service) {
            return Err(invalid(format!("{service} is not a note service.")).into());
        }
        let follow_up = parse_date("Follow-up date", note.follow_up_date.as_ref())?;
        let row = db::notes::insert_note(&self.0.pool, note.company_id, caller.user_id, text, service, follow_up)
            .await
            .map_err(Error::from)?;
        Ok(Response::new(CreateNoteResponse { note: Some(note_to_proto(row)) }))
    }
}
