//! Contacts of companies: their types and priority, and saves by field.

use crate::{
    State,
    access::{self, require},
    db::{
        self,
        contacts::{ContactFields, ContactRow},
    },
    error::{Error, Result, invalid, not_found},
    events::record_contact_event,
};
use eris_platform::{
    auth::Caller,
    edits::{self, Patch},
    text,
};

const RESOURCE: &str = "contact";
/// The kinds of contact (spec 2 section 9).
pub const CONTACT_TYPES: &[&str] =
    &["All", "Brokerage", "Demand Response", "Bill Management", "DR – Primary", "DR – Event", "DR – Payment", "Other"];
/// The spec's text for a priority outside 1 to 15.
pub const PRIORITY_RULE: &str = "Contact Priority should be between 1 and 15 with 1 being the highest priority";

impl edits::Fields for ContactFields {
    fn field_values(&self) -> Vec<(&'static str, String)> {
        vec![
            ("first_name", self.first_name.clone()),
            ("last_name", self.last_name.clone()),
            ("email", self.email.clone()),
            ("title", self.title.clone()),
            ("office_phone", self.office_phone.clone()),
            ("cell_phone", self.cell_phone.clone()),
            ("contact_type", self.contact_type.clone()),
            ("priority", self.priority.map(|p| p.to_string()).unwrap_or_default()),
        ]
    }

    fn copy_field(&mut self, from: &Self, field: &str) -> bool {
        match field {
            "first_name" => self.first_name.clone_from(&from.first_name),
            "last_name" => self.last_name.clone_from(&from.last_name),
            "email" => self.email.clone_from(&from.email),
            "title" => self.title.clone_from(&from.title),
            "office_phone" => self.office_phone.clone_from(&from.office_phone),
            "cell_phone" => self.cell_phone.clone_from(&from.cell_phone),
            "contact_type" => self.contact_type.clone_from(&from.contact_type),
            "priority" => self.priority = from.priority,
            _ => return false,
        }
        true
    }
}

/// A priority as sent: 0 means not ranked; otherwise 1 to 15.
pub fn priority(value: i32) -> Result<Option<i16>> {
    match value {
        0 => Ok(None),
        1..=15 => Ok(Some(value as i16)),
        _ => Err(invalid(PRIORITY_RULE)),
    }
}

/// A contact type: empty, or one of the spec's kinds ("DR - Event" typed with a hyphen is read
/// as the spec's en dash).
pub fn contact_type(value: &str) -> Result<String> {
    let value = text::line(value, "Contact Type", 50, false)?;
    if value.is_empty() {
        return Ok(value);
    }
    let dashed = value.replace(" - ", " – ");
    CONTACT_TYPES.iter().find(|t| t.eq_ignore_ascii_case(&dashed)).map(|t| (*t).to_owned()).ok_or_else(|| {
        invalid("Contact Type must be All, Brokerage, Demand Response, Bill Management, DR – Primary, DR – Event, DR – Payment or Other.")
    })
}

/// An e-mail address: one @ with something on each side and a dot in the domain.
pub fn email(value: &str) -> Result<String> {
    let value = text::line(value, "Email", 254, false)?;
    let shaped = eris_platform::text::looks_like_email(&value);
    if value.is_empty() || shaped { Ok(value) } else { Err(invalid("Email must be an e-mail address.")) }
}

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
        record_contact_event(&mut tx, caller, "created", &row).await?;
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
        record_contact_event(&mut tx, caller, "updated", &row).await?;
        tx.commit().await?;
        Ok(row)
    }

    pub(crate) async fn delete_contact(&self, caller: &Caller, contact_id: i64) -> Result<()> {
        self.readable_contact(caller, contact_id).await?;
        require(access::may_change_contacts(caller))?;
        let mut tx = self.pool.begin().await?;
        let row = db::contacts::delete_contact(&mut tx, contact_id).await?.ok_or_else(contact_not_found)?;
        record_contact_event(&mut tx, caller, "deleted", &row).await?;
        tx.commit().await?;
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn priority_is_one_to_fifteen_in_the_spec_words() {
        assert_eq!(priority(0).unwrap(), None);
        assert_eq!(priority(15).unwrap(), Some(15));
        assert_eq!(priority(16).unwrap_err().to_string(), PRIORITY_RULE);
        assert_eq!(priority(-1).unwrap_err().to_string(), PRIORITY_RULE);
    }

    #[test]
    fn contact_types_are_the_spec_kinds() {
        assert_eq!(contact_type("dr - event").unwrap(), "DR – Event");
        assert_eq!(contact_type("").unwrap(), "");
        assert!(contact_type("Boss").is_err());
    }

    #[test]
    fn emails_are_address_shaped() {
        assert!(email("ann@acme.com").is_ok());
        for bad in ["ann", "ann@acme", "@acme.com", "a nn@acme.com"] {
            assert!(email(bad).is_err(), "{bad}");
        }
    }
}
