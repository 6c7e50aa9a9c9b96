//! Contacts of companies: their types and priority, and saves by field.

use crate::{
    State,
    access::{self, require},
    db::{self, contacts::ContactRow},
    domain::contact_record::ContactFields,
    error::{Error, Result, invalid, not_found},
    events::{ContactEventKind, record_contact_event},
};
use eris_platform::{
    auth::Caller,
    edits::{self, Patch},
};

const RESOURCE: &str = "contact";
/// The rule a stored contact keeps: it has a name.
pub fn validate(fields: &ContactFields) -> Result<()> {
    if fields.first_name.is_empty() && fields.last_name.is_empty() {
        return Err(invalid("A contact needs a first or last name."));
    }
    Ok(())
}

fn contact_not_found() -> Error {
    not_found("Contact")
}

impl State {
    /// A contact of a company the caller may read.
    pub(crate) async fn readable_contact(&self, caller: &Caller, contact_id: i64) -> Result<ContactRow> {
        let contact = db::contacts::select_contact(&self.pool, contact_id).await?.ok_or_else(contact_not_found)?;
        self.readable_company(caller, contact.company_id).await.map_err(super::accounts::hidden_as("Contact"))?;
        Ok(contact)
    }

    pub(crate) async fn list_contacts(
        &self,
        caller: &Caller,
        company_id: i64,
        after: Option<(String, String, i64)>,
        limit: i64,
    ) -> Result<Vec<ContactRow>> {
        self.readable_company(caller, company_id).await?;
        Ok(db::contacts::list_contacts(&self.pool, company_id, after, limit).await?)
    }

    pub(crate) async fn create_contact(
        &self,
        caller: &Caller,
        company_id: i64,
        fields: ContactFields,
    ) -> Result<ContactRow> {
        self.readable_company(caller, company_id).await?;
        require(access::may_change_contacts(caller))?;
        validate(&fields)?;
        let mut tx = self.pool.begin().await?;
        let row = db::contacts::insert_contact(&mut tx, company_id, &fields, caller.user_id).await?;
        record_contact_event(&mut tx, caller, ContactEventKind::Created, &row).await?;
        tx.commit().await?;
        Ok(row)
    }

    /// Saves the named fields; refused only when a field it changes was changed by someone else
    /// after `patch.version`.
    pub(crate) async fn update_contact(&self, caller: &Caller, patch: Patch<ContactFields>) -> Result<ContactRow> {
        if patch.named.is_empty() {
            return Err(invalid("Name at least one field to change in update_mask."));
        }
        self.readable_contact(caller, patch.record_id).await?;
        require(access::may_change_contacts(caller))?;
        let mut tx = self.pool.begin().await?;
        let before =
            db::contacts::select_contact_for_update(&mut tx, patch.record_id).await?.ok_or_else(contact_not_found)?;
        let saved = edits::save(&mut tx, RESOURCE, caller.user_id, &before.fields, before.version, &patch);
        let Some((after, changes)) = saved.await?.into_write("contact")? else {
            return Ok(before);
        };
        validate(&after)?;
        let row = db::contacts::update_contact(&mut tx, patch.record_id, &after, caller.user_id).await?;
        edits::record(&mut tx, RESOURCE, patch.record_id, row.version, caller.user_id, &changes).await?;
        record_contact_event(&mut tx, caller, ContactEventKind::Updated, &row).await?;
        tx.commit().await?;
        Ok(row)
    }

    pub(crate) async fn delete_contact(&self, caller: &Caller, contact_id: i64) -> Result<()> {
        self.readable_contact(caller, contact_id).await?;
        require(access::may_change_contacts(caller))?;
        let mut tx = self.pool.begin().await?;
        let row = db::contacts::delete_contact(&mut tx, contact_id).await?.ok_or_else(contact_not_found)?;
        record_contact_event(&mut tx, caller, ContactEventKind::Deleted, &row).await?;
        tx.commit().await?;
        Ok(())
    }
}
