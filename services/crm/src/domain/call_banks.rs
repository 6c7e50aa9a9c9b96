//! Call banks: lists of companies a rep works through, their fields, and who manages and works them.

use chrono::NaiveDate;
use eris_platform::{
    auth::Caller,
    edits::{self, Patch, Saved},
};

use crate::{
    State,
    access::{self, require},
    db::{self, call_banks::CallBankRow},
    error::{Error, Result, invalid, not_found},
};

/// The kinds of call bank.
pub const SERVICE_TYPES: &[&str] = &["Brokerage", "Demand Response", "Follow Up", "Contract Renewal"];
/// The team roles a call bank is for.
pub const REP_TYPES: &[&str] = &["Inside", "Admin", "Closer", "Analyst", "Customer Care"];
/// Most companies one call bank holds.
pub const MAX_COMPANIES: usize = 10_000;
/// The edit log's name for call banks.
const RESOURCE: &str = "call_bank";

/// A call bank's editable fields.
#[derive(Debug, Clone, PartialEq, sqlx::FromRow)]
pub struct CallBankFields {
    pub name: String,
    pub service_type: String,
    pub assignee_user_id: i64,
    pub rep_type: String,
    pub due_date: NaiveDate,
}

impl edits::Fields for CallBankFields {
    fn field_values(&self) -> Vec<(&'static str, String)> {
        vec![
            ("name", self.name.clone()),
            ("service_type", self.service_type.clone()),
            ("assignee_user_id", self.assignee_user_id.to_string()),
            ("rep_type", self.rep_type.clone()),
            ("due_date", self.due_date.to_string()),
        ]
    }

    fn copy_field(&mut self, from: &Self, field: &str) -> bool {
        match field {
            "name" => self.name = from.name.clone(),
            "service_type" => self.service_type = from.service_type.clone(),
            "assignee_user_id" => self.assignee_user_id = from.assignee_user_id,
            "rep_type" => self.rep_type = from.rep_type.clone(),
            "due_date" => self.due_date = from.due_date,
            _ => return false,
        }
        true
    }
}

/// One of the listed options, as listed.
pub fn one_of(value: &str, options: &[&str], message: &str) -> Result<String> {
    options.iter().find(|option| **option == value.trim()).map(|o| (*o).to_owned()).ok_or_else(|| invalid(message))
}

fn call_bank_not_found() -> Error {
    not_found("Call bank")
}

impl State {
    /// A call bank the caller may work: Management any, others their own.
    pub(crate) async fn workable_call_bank(&self, caller: &Caller, call_bank_id: i64) -> Result<CallBankRow> {
        let bank = db::call_banks::select_call_bank(&self.pool, call_bank_id).await?;
        bank.filter(|bank| access::may_work_call_bank(caller, bank.fields.assignee_user_id))
            .ok_or_else(call_bank_not_found)
    }

    pub(crate) async fn call_bank(&self, call_bank_id: i64) -> Result<CallBankRow> {
        db::call_banks::select_call_bank(&self.pool, call_bank_id).await?.ok_or_else(call_bank_not_found)
    }

    /// The call banks of an assignee (only Management names another, or none for all).
    pub(crate) async fn list_call_banks(&self, caller: &Caller, asked: Option<i64>) -> Result<Vec<CallBankRow>> {
        let assignee = if access::may_view_others_work(caller) {
            asked
        } else {
            require(asked.is_none_or(|id| id == caller.user_id))?;
            Some(caller.user_id)
        };
        Ok(db::call_banks::list_call_banks(&self.pool, assignee).await?)
    }

    pub(crate) async fn create_call_bank(&self, caller: &Caller, fields: CallBankFields) -> Result<CallBankRow> {
        require(access::may_manage_call_banks(caller))?;
        self.require_active_users(caller, [fields.assignee_user_id]).await?;
        let id = db::call_banks::insert_call_bank(&self.pool, &fields, caller.user_id).await?;
        self.call_bank(id).await
    }

    /// Saves the named fields; refused only when a field it changes was changed by someone else
    /// after `patch.version` (0: as stored now).
    pub(crate) async fn update_call_bank(&self, caller: &Caller, patch: Patch<CallBankFields>) -> Result<CallBankRow> {
        require(access::may_manage_call_banks(caller))?;
        if patch.named.is_empty() {
            return Err(invalid("Name at least one field to change in update_mask."));
        }
        let mut tx = self.pool.begin().await?;
        let before = db::call_banks::select_call_bank_for_update(&mut tx, patch.record_id)
            .await?
            .ok_or_else(call_bank_not_found)?;
        if patch.named.iter().any(|field| field == "assignee_user_id")
            && patch.fields.assignee_user_id != before.fields.assignee_user_id
        {
            self.require_active_users(caller, [patch.fields.assignee_user_id]).await?;
        }
        let (id, user) = (patch.record_id, caller.user_id);
        let saved = edits::save(&mut tx, RESOURCE, user, &before.fields, before.version, &patch);
        match saved.await? {
            Saved::Unchanged => {}
            Saved::Changed { after, changes } => {
                let version = db::call_banks::update_call_bank(&mut *tx, id, &after, user).await?;
                edits::record(&mut tx, RESOURCE, id, version, user, &changes).await?;
            }
            Saved::Conflict(fields) => return Err(Error::Conflict { what: "call bank", fields }),
            Saved::UnknownField(field) => return Err(invalid(format!("{field} cannot be changed here."))),
        }
        tx.commit().await?;
        self.call_bank(patch.record_id).await
    }

    pub(crate) async fn delete_call_bank(&self, caller: &Caller, call_bank_id: i64) -> Result<()> {
        require(access::may_manage_call_banks(caller))?;
        let mut tx = self.pool.begin().await?;
        if !db::call_banks::delete_call_bank(&mut *tx, call_bank_id).await? {
            return Err(call_bank_not_found());
        }
        edits::forget(&mut tx, RESOURCE, call_bank_id).await?;
        tx.commit().await?;
        Ok(())
    }

    /// Replaces a call bank's companies (statuses kept unless given).
    pub(crate) async fn set_call_bank_companies(
        &self,
        caller: &Caller,
        call_bank_id: i64,
        company_ids: &[i64],
        statuses: &[Option<String>],
    ) -> Result<CallBankRow> {
        require(access::may_manage_call_banks(caller))?;
        self.call_bank(call_bank_id).await?;
        if company_ids.len() > MAX_COMPANIES {
            return Err(invalid(format!("A call bank holds at most {MAX_COMPANIES} companies.")));
        }
        let mut tx = self.pool.begin().await?;
        db::call_banks::set_members(&mut tx, call_bank_id, company_ids, statuses, caller.user_id).await?;
        tx.commit().await?;
        self.call_bank(call_bank_id).await
    }

    /// Sets one company's status in a call bank the caller works.
    pub(crate) async fn set_call_bank_company_status(
        &self,
        caller: &Caller,
        call_bank_id: i64,
        company_id: i64,
        status: &str,
    ) -> Result<CallBankRow> {
        self.workable_call_bank(caller, call_bank_id).await?;
        let visible_to = access::companies_limited_to(caller);
        let updated = db::call_banks::update_member_status(
            &self.pool,
            call_bank_id,
            company_id,
            status,
            caller.user_id,
            visible_to,
        );
        if !updated.await? {
            return Err(not_found("Company in this call bank"));
        }
        self.call_bank(call_bank_id).await
    }
}
