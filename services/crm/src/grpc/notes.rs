//! NoteService: requests read into the domain's types, answers written back.

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
    db::notes::NoteRow,
    domain::{notes::NewNote, text},
    error::invalid,
    proto::{optional_date, parse_date, timestamp},
};

pub(crate) struct NoteApi(pub(crate) Arc<State>);

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
        let limit = page_size(size, 100, 500)?;
        let before = decode_token(&page_token)?.and_then(|value| value.as_i64());
        let mut rows = self.0.list_notes(&caller, company_id, before, limit + 1).await?;
        let next_page_token = finish_page(&mut rows, limit, |last| json!(last.note_id));
        Ok(Response::new(ListNotesResponse { notes: rows.into_iter().map(note_to_proto).collect(), next_page_token }))
    }

    #[tracing::instrument(skip_all)]
    async fn create_note(&self, request: Request<CreateNoteRequest>) -> Result<Response<CreateNoteResponse>, Status> {
        let caller = caller(&request)?.clone();
        let note = request.into_inner().note.ok_or_else(|| invalid("note is required."))?;
        let new = NewNote {
            company_id: note.company_id,
            text: text::paragraphs(&note.text, "Note", 10_000, false)?,
            service: text::line(&note.service, "Service", 50, false)?,
            follow_up: parse_date("Follow-up date", note.follow_up_date.as_ref())?,
        };
        let row = self.0.create_note(&caller, new).await?;
        Ok(Response::new(CreateNoteResponse { note: Some(note_to_proto(row)) }))
    }
}
