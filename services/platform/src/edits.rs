//! Field-level edits: which field of a record changed, at which version, by whom and from what.
//!
//! Two people editing one record must both keep their edits. A save names fields and carries the
//! version its caller read; it is refused only when a field it changes was changed by someone
//! else after that version. A field the caller sends back unchanged from what they read (a whole
//! record saved by an older client, say) is not a change of theirs: the newer value stays. Every
//! service keeps its log in a `field_edit` table of its own schema (created by its migrations).

use sqlx::PgConnection;

/// A change of one field: (field, old value, new value), each as text.
pub type Change = (String, String, String);

/// One field a save would change: its stored value now and the value the caller wants, as text.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Proposed {
    pub field: String,
    pub current: String,
    pub wanted: String,
}

/// A logged change of one field.
#[derive(Debug, Clone, PartialEq, Eq, sqlx::FromRow)]
pub struct Edit {
    pub field: String,
    pub version: i64,
    pub user_id: i64,
    pub old_value: String,
}

/// What a save may write, decided against the edits made since the version its caller read.
#[derive(Debug, Default, Clone, PartialEq, Eq)]
pub struct Merge {
    /// Fields to write.
    pub apply: Vec<String>,
    /// Fields the caller changed that someone else changed after the caller read them.
    pub conflicts: Vec<String>,
}

/// A record's editable fields, as the edit log sees them.
pub trait Fields: Clone {
    /// Every field as text, in a fixed order.
    fn field_values(&self) -> Vec<(&'static str, String)>;

    /// Copies one field from `from`; false for a name that is not a field.
    fn copy_field(&mut self, from: &Self, field: &str) -> bool;
}

/// The fields that differ between two versions of a record: (field, old, new).
pub fn changes<F: Fields>(before: &F, after: &F) -> Vec<Change> {
    before
        .field_values()
        .into_iter()
        .zip(after.field_values())
        .filter(|((_, old), (_, new))| old != new)
        .map(|((field, old), (_, new))| (field.to_owned(), old, new))
        .collect()
}

/// The named fields a save proposes: each one's stored text beside the text it would have.
pub fn proposed<F: Fields>(before: &F, wanted: &F, named: &[String]) -> Vec<Proposed> {
    before
        .field_values()
        .into_iter()
        .zip(wanted.field_values())
        .filter(|((field, _), _)| named.iter().any(|n| n == field))
        .map(|((field, current), (_, wanted))| Proposed { field: field.to_owned(), current, wanted })
        .collect()
}

/// What a save of named fields comes to.
#[derive(Debug)]
pub enum Saved<F> {
    /// Nothing differs from what is stored.
    Unchanged,
    /// Write `after`; log `changes`.
    Changed { after: F, changes: Vec<Change> },
    /// Fields the caller changed that someone else changed after the caller read them.
    Conflict(Vec<String>),
    /// A name that is not one of the record's fields.
    UnknownField(String),
}

impl<F> Saved<F> {
    /// What to write: `None` when nothing changes; a conflict or an unknown field as the error a
    /// client sees ("Someone else changed the city of this account…" is ABORTED, REST 409).
    pub fn into_write(self, what: &str) -> crate::Result<Option<(F, Vec<Change>)>> {
        match self {
            Saved::Unchanged => Ok(None),
            Saved::Changed { after, changes } => Ok(Some((after, changes))),
            Saved::Conflict(fields) => Err(crate::Error::Stale(conflict_message(what, &fields))),
            Saved::UnknownField(field) => {
                Err(crate::Error::InvalidArgument(format!("{field} cannot be changed here.")))
            }
        }
    }
}

/// A save of named fields: the values in `fields` of the fields in `named`, and the version its
/// caller read (0: as stored now).
#[derive(Debug)]
pub struct Patch<F> {
    pub record_id: i64,
    pub version: i64,
    pub fields: F,
    pub named: Vec<String>,
}

/// Decides `patch` by `caller` over `before`, stored as `current` version, whose row the
/// caller's transaction holds locked.
pub async fn save<F: Fields>(
    db: &mut PgConnection,
    resource: &str,
    caller: i64,
    before: &F,
    current: i64,
    patch: &Patch<F>,
) -> sqlx::Result<Saved<F>> {
    let copied = |fields: &[String]| -> Result<F, String> {
        let mut record = before.clone();
        match fields.iter().find(|field| !record.copy_field(&patch.fields, field)) {
            Some(unknown) => Err(unknown.clone()),
            None => Ok(record),
        }
    };
    let wanted = match copied(&patch.named) {
        Ok(wanted) => wanted,
        Err(unknown) => return Ok(Saved::UnknownField(unknown)),
    };
    let version = if patch.version > 0 { patch.version } else { current };
    let proposed = proposed(before, &wanted, &patch.named);
    let merge = decide(db, resource, patch.record_id, version, caller, &proposed).await?;
    if !merge.conflicts.is_empty() {
        return Ok(Saved::Conflict(merge.conflicts));
    }
    let after = match copied(&merge.apply) {
        Ok(after) => after,
        Err(unknown) => return Ok(Saved::UnknownField(unknown)),
    };
    let changes = changes(before, &after);
    Ok(if changes.is_empty() { Saved::Unchanged } else { Saved::Changed { after, changes } })
}

/// Decides a save. `edits` are the changes logged after the version read, oldest first.
pub fn merge(proposed: &[Proposed], edits: &[Edit], caller: i64) -> Merge {
    let mut decided = Merge::default();
    for change in proposed.iter().filter(|p| p.wanted != p.current) {
        let since: Vec<&Edit> = edits.iter().filter(|e| e.field == change.field).collect();
        let by_others = since.iter().any(|e| e.user_id != caller);
        if !by_others {
            decided.apply.push(change.field.clone());
        } else if since.first().is_some_and(|first| first.old_value == change.wanted) {
            // The value the caller read, sent back: not theirs to change; the newer value stays.
        } else {
            decided.conflicts.push(change.field.clone());
        }
    }
    decided
}

/// The edits of a record's fields after `version`, oldest first.
#[tracing::instrument(skip_all)]
pub async fn edits_since(
    db: &mut PgConnection,
    resource: &str,
    record_id: i64,
    version: i64,
    fields: &[String],
) -> sqlx::Result<Vec<Edit>> {
    sqlx::query_as(
        "select field, version, user_id, old_value from field_edit \
         where resource = $1 and record_id = $2 and version > $3 and field = any($4) \
         order by version, field_edit_id",
    )
    .bind(resource)
    .bind(record_id)
    .bind(version)
    .bind(fields)
    .fetch_all(db)
    .await
}

/// Reads the edits since `version` and decides the save, in the caller's transaction (which
/// holds the record's row lock, so no edit can slip in between).
pub async fn decide(
    db: &mut PgConnection,
    resource: &str,
    record_id: i64,
    version: i64,
    caller: i64,
    proposed: &[Proposed],
) -> sqlx::Result<Merge> {
    let changing: Vec<String> = proposed.iter().filter(|p| p.wanted != p.current).map(|p| p.field.clone()).collect();
    if changing.is_empty() {
        return Ok(Merge::default());
    }
    let edits = edits_since(db, resource, record_id, version, &changing).await?;
    Ok(merge(proposed, &edits, caller))
}

/// Logs the changed fields of a save that made `version`: (field, old value, new value).
#[tracing::instrument(skip_all)]
pub async fn record(
    db: &mut PgConnection,
    resource: &str,
    record_id: i64,
    version: i64,
    user_id: i64,
    changes: &[Change],
) -> sqlx::Result<()> {
    if changes.is_empty() {
        return Ok(());
    }
    let fields: Vec<&str> = changes.iter().map(|(field, _, _)| field.as_str()).collect();
    let olds: Vec<&str> = changes.iter().map(|(_, old, _)| old.as_str()).collect();
    sqlx::query(
        "insert into field_edit (resource, record_id, version, user_id, field, old_value) \
         select $1, $2, $3, $4, field, old from unnest($5::text[], $6::text[]) as change (field, old)",
    )
    .bind(resource)
    .bind(record_id)
    .bind(version)
    .bind(user_id)
    .bind(fields)
    .bind(olds)
    .execute(db)
    .await?;
    Ok(())
}

/// Forgets a deleted record's edits.
#[tracing::instrument(skip_all)]
pub async fn forget(db: &mut PgConnection, resource: &str, record_id: i64) -> sqlx::Result<()> {
    sqlx::query("delete from field_edit where resource = $1 and record_id = $2")
        .bind(resource)
        .bind(record_id)
        .execute(db)
        .await?;
    Ok(())
}

/// Why a save was refused: "Someone else changed the city and zip of this company after you
/// opened it. Their value is shown now." Field names are read as words.
pub fn conflict_message(what: &str, fields: &[String]) -> String {
    let words: Vec<String> = fields.iter().map(|field| field.replace('_', " ")).collect();
    let named = match words.as_slice() {
        [] => "fields".into(),
        [one] => one.clone(),
        [rest @ .., last] => format!("{} and {last}", rest.join(", ")),
    };
    format!("Someone else changed the {named} of this {what} after you opened it. Their value is shown now.")
}

/// The field names of an update mask, each once, in a fixed order.
pub fn named_fields(mut paths: Vec<String>) -> Vec<String> {
    paths.sort_unstable();
    paths.dedup();
    paths
}

#[cfg(test)]
mod tests {
    use super::*;

    fn proposed(field: &str, current: &str, wanted: &str) -> Proposed {
        Proposed { field: field.into(), current: current.into(), wanted: wanted.into() }
    }

    fn edit(field: &str, version: i64, user_id: i64, old_value: &str) -> Edit {
        Edit { field: field.into(), version, user_id, old_value: old_value.into() }
    }

    #[test]
    fn a_field_nobody_else_touched_is_written() {
        let decided = merge(&[proposed("zip", "10001", "10002")], &[edit("city", 3, 7, "Albany")], 8);
        assert_eq!(decided, Merge { apply: vec!["zip".into()], conflicts: vec![] });
    }

    #[test]
    fn a_field_someone_else_changed_since_is_a_conflict() {
        let decided = merge(&[proposed("city", "Troy", "Utica")], &[edit("city", 3, 7, "Albany")], 8);
        assert_eq!(decided, Merge { apply: vec![], conflicts: vec!["city".into()] });
    }

    #[test]
    fn the_callers_own_later_edits_are_no_conflict() {
        let decided = merge(&[proposed("city", "Troy", "Utica")], &[edit("city", 3, 8, "Albany")], 8);
        assert_eq!(decided.apply, vec!["city".to_owned()]);
    }

    #[test]
    fn a_value_sent_back_as_read_keeps_the_newer_value() {
        // Read "Albany" at version 2; someone made it "Troy"; a whole-record save sends "Albany" back.
        let decided = merge(&[proposed("city", "Troy", "Albany")], &[edit("city", 3, 7, "Albany")], 8);
        assert_eq!(decided, Merge::default());
    }

    #[test]
    fn unchanged_values_are_neither_written_nor_conflicts() {
        let decided = merge(&[proposed("city", "Troy", "Troy")], &[edit("city", 3, 7, "Albany")], 8);
        assert_eq!(decided, Merge::default());
    }

    #[test]
    fn a_conflict_message_names_the_fields_in_words() {
        let fields = vec!["city".to_owned(), "electric_usage".to_owned(), "zip".to_owned()];
        assert_eq!(
            conflict_message("company", &fields),
            "Someone else changed the city, electric usage and zip of this company after you opened it. Their value is shown now."
        );
        assert_eq!(named_fields(vec!["b".into(), "a".into(), "b".into()]), vec!["a", "b"]);
    }
}
