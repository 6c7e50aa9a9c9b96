//! Tasks: their kinds and fields, who sees and changes them, and saves by field.

use chrono::{DateTime, Utc};
use eris_platform::{
    auth::Caller,
    edits::{self, Patch},
};

use crate::{
    State, access,
    db::{
        self,
        tasks::{TaskFields, TaskQuery, TaskRow},
    },
    error::{Error, Result, forbidden, invalid, not_found},
};

/// The kinds of task.
pub const TASK_TYPES: &[&str] = &["Brokerage", "Demand Response", "Follow Up", "Contract Renewal"];
/// Most people one task is assigned to.
pub const MAX_ASSIGNEES: usize = 50;
/// The fields a save may name.
pub const FIELDS: &[&str] = &["type", "subject", "description", "due_time", "status", "assignee_user_ids"];
/// The edit log's name for tasks.
const RESOURCE: &str = "task";

/// A task's type, if it is one of the kinds.
pub fn task_type(value: &str) -> Result<String> {
    TASK_TYPES
        .iter()
        .find(|t| **t == value.trim())
        .map(|t| (*t).to_owned())
        .ok_or_else(|| invalid("Type must be Brokerage, Demand Response, Follow Up or Contract Renewal."))
}

/// Assignees: at least one, at most `MAX_ASSIGNEES`, each once, in id order.
pub fn assignees(ids: &[i64]) -> Result<Vec<i64>> {
    if ids.iter().any(|id| *id <= 0) {
        return Err(invalid("An assignee id is not valid."));
    }
    let mut ids = ids.to_vec();
    ids.sort_unstable();
    ids.dedup();
    if ids.is_empty() {
        return Err(invalid("A task needs at least one assignee."));
    }
    if ids.len() > MAX_ASSIGNEES {
        return Err(invalid(format!("A task can be assigned to at most {MAX_ASSIGNEES} people.")));
    }
    Ok(ids)
}

impl edits::Fields for TaskFields {
    fn field_values(&self) -> Vec<(&'static str, String)> {
        let assignees: Vec<String> = self.assignee_user_ids.iter().map(i64::to_string).collect();
        vec![
            ("type", self.task_type.clone()),
            ("subject", self.subject.clone()),
            ("description", self.description.clone()),
            ("due_time", self.due_at.to_rfc3339()),
            ("status", self.status.clone()),
            ("assignee_user_ids", assignees.join(",")),
        ]
    }

    fn copy_field(&mut self, from: &Self, field: &str) -> bool {
        match field {
            "type" => self.task_type = from.task_type.clone(),
            "subject" => self.subject = from.subject.clone(),
            "description" => self.description = from.description.clone(),
            "due_time" => self.due_at = from.due_at,
            "status" => self.status = from.status.clone(),
            "assignee_user_ids" => self.assignee_user_ids = from.assignee_user_ids.clone(),
            _ => return false,
        }
        true
    }
}

/// Which tasks to list, before the caller's rights are applied.
pub struct TaskListing {
    pub query: TaskQuery,
    pub after: Option<(DateTime<Utc>, i64)>,
    pub limit: i64,
}

/// Why a Sales assignee's change to another field is refused.
pub const ASSIGNEE_ONLY: &str =
    "As an assignee you may change the task's status and add to its description, not rewrite the task.";

fn task_not_found() -> Error {
    not_found("Task")
}

impl State {
    /// A task the caller may see: Management any; others tasks assigned to or written by them,
    /// and tasks of companies they may read.
    pub(crate) async fn visible_task(&self, caller: &Caller, task_id: i64) -> Result<TaskRow> {
        let task = db::tasks::select_task(&self.pool, task_id).await?.ok_or_else(task_not_found)?;
        let own = task.fields.assignee_user_ids.contains(&caller.user_id) || task.author_user_id == caller.user_id;
        if access::sees_every_task(caller) || own {
            let mut tasks = [task];
            self.hide_unseen_company_names(caller, &mut tasks).await?;
            let [task] = tasks;
            return Ok(task);
        }
        match task.company_id {
            Some(company_id) if self.readable_company(caller, company_id).await.is_ok() => Ok(task),
            _ => Err(task_not_found()),
        }
    }

    /// A task of a company the caller may not see (a Sales user's own task about a company where
    /// they hold no team role) shows no company name.
    pub(crate) async fn hide_unseen_company_names(&self, caller: &Caller, tasks: &mut [TaskRow]) -> Result<()> {
        let Some(user_id) = access::companies_limited_to(caller) else {
            return Ok(());
        };
        let mut ids: Vec<i64> = tasks.iter().filter_map(|task| task.company_id).collect();
        ids.sort_unstable();
        ids.dedup();
        if ids.is_empty() {
            return Ok(());
        }
        let visible = db::companies::select_visible_ids(&self.pool, &ids, user_id).await?;
        for task in tasks {
            if task.company_id.is_some_and(|id| !visible.contains(&id)) {
                task.company_name = None;
            }
        }
        Ok(())
    }

    pub(crate) async fn create_task(
        &self,
        caller: &Caller,
        fields: TaskFields,
        company_id: Option<i64>,
    ) -> Result<TaskRow> {
        if let Some(company_id) = company_id {
            self.readable_company(caller, company_id).await?;
            access::require(access::may_edit_companies(caller))?;
        }
        self.require_active_users(caller, fields.assignee_user_ids.iter().copied()).await?;
        let mut tx = self.pool.begin().await?;
        let task_id = db::tasks::insert_task(&mut tx, &fields, company_id, caller.user_id).await?;
        let row = db::tasks::select_task(&mut *tx, task_id).await?.ok_or_else(|| invalid("The task was not saved."))?;
        tx.commit().await?;
        Ok(row)
    }

    /// Saves the named fields; refused only when a field it changes was changed by someone else
    /// after `patch.version`.
    pub(crate) async fn update_task(&self, caller: &Caller, patch: Patch<TaskFields>) -> Result<TaskRow> {
        if patch.named.is_empty() {
            return Err(invalid("Name at least one field to change in update_mask."));
        }
        let current = self.visible_task(caller, patch.record_id).await?;
        if !access::may_change_task(caller, &current.fields.assignee_user_ids, current.author_user_id) {
            return Err(forbidden());
        }
        if access::changes_only_status_and_comments(caller, current.author_user_id) {
            let now = edits::Fields::field_values(&current.fields);
            let wanted = edits::Fields::field_values(&patch.fields);
            for field in &patch.named {
                let value =
                    |values: &[(&str, String)]| values.iter().find(|(name, _)| name == field).map(|(_, v)| v.clone());
                let (was, will) = (value(&now), value(&wanted));
                let adds_comment = field == "description"
                    && will.as_deref().unwrap_or_default().starts_with(current.fields.description.trim_end());
                if field != "status" && was != will && !adds_comment {
                    return Err(eris_platform::Error::PermissionDenied(ASSIGNEE_ONLY.into()).into());
                }
            }
        }
        if patch.named.iter().any(|field| field == "assignee_user_ids") {
            let added =
                patch.fields.assignee_user_ids.iter().filter(|id| !current.fields.assignee_user_ids.contains(id));
            self.require_active_users(caller, added.copied()).await?;
        }
        let mut tx = self.pool.begin().await?;
        let before = db::tasks::select_task_for_update(&mut tx, patch.record_id).await?.ok_or_else(task_not_found)?;
        let saved = edits::save(&mut tx, RESOURCE, caller.user_id, &before.fields, before.version, &patch);
        let Some((after, changes)) = saved.await?.into_write("task")? else {
            return Ok(before);
        };
        let new_version = db::tasks::update_task(&mut tx, patch.record_id, &after, caller.user_id).await?;
        edits::record(&mut tx, RESOURCE, patch.record_id, new_version, caller.user_id, &changes).await?;
        let row = db::tasks::select_task(&mut *tx, patch.record_id).await?.ok_or_else(task_not_found)?;
        tx.commit().await?;
        let mut rows = [row];
        self.hide_unseen_company_names(caller, &mut rows).await?;
        let [row] = rows;
        Ok(row)
    }

    /// Tasks of a company the caller may read, or of an assignee (only Management names another).
    pub(crate) async fn list_tasks(&self, caller: &Caller, listing: TaskListing) -> Result<Vec<TaskRow>> {
        self.may_list(caller, &listing.query).await?;
        let mut rows = db::tasks::list_tasks(&self.pool, &listing.query, listing.after, listing.limit).await?;
        self.hide_unseen_company_names(caller, &mut rows).await?;
        Ok(rows)
    }

    /// The same tasks for a month calendar: the first `per_day` of each business day (1 to 50) in
    /// a range of at most 62 days, with each day's count.
    pub(crate) async fn list_tasks_per_day(
        &self,
        caller: &Caller,
        query: TaskQuery,
        per_day: i64,
    ) -> Result<(Vec<TaskRow>, eris_platform::values::DayCounts)> {
        let (Some(from), Some(to)) = (query.due_from, query.due_to) else {
            return Err(invalid("A list by day needs the start and end of its range."));
        };
        use eris_platform::values::{MAX_DAYS_BY_DAY, MAX_PER_DAY};
        if !(1..=MAX_PER_DAY).contains(&per_day) || to - from > chrono::Duration::days(MAX_DAYS_BY_DAY) {
            return Err(invalid("List at most 50 tasks a day over at most 62 days."));
        }
        self.may_list(caller, &query).await?;
        let zone = self.business.zone.name();
        let (mut rows, counts) = db::tasks::list_tasks_per_day(&self.pool, &query, zone, per_day).await?;
        self.hide_unseen_company_names(caller, &mut rows).await?;
        Ok((rows, counts))
    }

    /// Whether the caller may list the tasks a query names: a company's they may read, their own,
    /// or (Management) anyone's.
    async fn may_list(&self, caller: &Caller, query: &TaskQuery) -> Result<()> {
        match (query.company_id, query.assignee_user_id) {
            (Some(company_id), None) => {
                self.readable_company(caller, company_id).await?;
            }
            (None, Some(user_id)) => {
                if user_id != caller.user_id && !access::may_view_others_work(caller) {
                    return Err(forbidden());
                }
            }
            _ => return Err(invalid("Name either a company or an assignee.")),
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn assignees_are_bounded_and_sorted() {
        assert_eq!(assignees(&[3, 1, 3]).unwrap(), vec![1, 3]);
        assert!(assignees(&[]).is_err());
        assert!(assignees(&[-1]).is_err());
        let many: Vec<i64> = (1..=51).collect();
        assert_eq!(assignees(&many).unwrap_err().to_string(), "A task can be assigned to at most 50 people.");
    }

    #[test]
    fn types_are_the_four_kinds() {
        assert_eq!(task_type(" Follow Up ").unwrap(), "Follow Up");
        assert!(task_type("Party").is_err());
    }
}
