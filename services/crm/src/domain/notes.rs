//! Notes on a company: who adds them and what they may say.

use chrono::NaiveDate;
use eris_platform::auth::Caller;

use crate::{
    State,
    access::{self, require},
    db::{self, notes::NoteRow},
    error::{Result, invalid},
};

/// The services a note may be about.
pub const NOTE_SERVICES: &[&str] = &["Energy Efficiencies", "DR", "Bill Management", "Brokerage", "All"];

/// A new note, as read from a request.
pub struct NewNote {
    pub company_id: i64,
    pub text: String,
    pub service: String,
    pub follow_up: Option<NaiveDate>,
}

impl State {
    /// Adds a note to a company the caller may read and edit.
    pub(crate) async fn create_note(&self, caller: &Caller, note: NewNote) -> Result<NoteRow> {
        self.readable_company(caller, note.company_id).await?;
        require(access::may_edit_companies(caller))?;
        if note.text.is_empty() {
            return Err(invalid("Write the note first."));
        }
        let service = if note.service.is_empty() { "All" } else { note.service.as_str() };
        if !NOTE_SERVICES.contains(&service) {
            return Err(invalid(format!("{service} is not a note service.")));
        }
        let row =
            db::notes::insert_note(&self.pool, note.company_id, caller.user_id, &note.text, service, note.follow_up)
                .await?;
        Ok(row)
    }

    /// A company's notes, newest first, before the note id of the previous page's last one.
    pub(crate) async fn list_notes(
        &self,
        caller: &Caller,
        company_id: i64,
        before: Option<i64>,
        limit: i64,
    ) -> Result<Vec<NoteRow>> {
        self.readable_company(caller, company_id).await?;
        Ok(db::notes::list_notes(&self.pool, company_id, before, limit).await?)
    }
}
