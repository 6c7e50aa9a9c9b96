//! What each company call does: reads by the caller's visibility, saves by field with the status
//! rules, deletes, mass updates and team assignments, each with its History and event.

use chrono::NaiveDate;
use eris_platform::{
    auth::Caller,
    edits::{self, Change, Fields as _, Patch},
    outbox::EventKind as _,
};
use sqlx::PgConnection;

use crate::{
    State,
    access::{self, require},
    db::{
        self,
        companies::{CompanyQuery, CompanyRow, PageFrom},
    },
    domain::company_record::{Commodity, CompanyOrder, CompanyRecord, FIELDS, TeamAssignment, Visible},
    error::{Error, Result, invalid},
    events::{CompanyEventKind, company_deleted_event, company_event},
};

/// An error for a company that is not there or not visible to the caller; both read the same.
pub fn company_not_found() -> Error {
    Error::Platform(eris_platform::Error::not_found("Company"))
}

/// Applies the named fields of `patch` to `before` with the status rules: a changed primary status
/// clears its secondaries (unless new ones are named too), and an area changes only under Prospect.
pub fn apply(before: &CompanyRecord, patch: &CompanyRecord, named: &[String]) -> Result<CompanyRecord> {
    let mut after = before.clone();
    for field in named {
        if !after.copy_field(patch, field) {
            return Err(invalid(format!("{field} is not a company field.")));
        }
    }
    let is_named = |field: &str| named.iter().any(|n| n == field);
    for (primary, secondaries, old_primary, field) in [
        (
            &after.primary_electric_status,
            &mut after.secondary_electric_statuses,
            &before.primary_electric_status,
            "secondary_electric_statuses",
        ),
        (
            &after.primary_gas_status,
            &mut after.secondary_gas_statuses,
            &before.primary_gas_status,
            "secondary_gas_statuses",
        ),
        (
            &after.primary_dr_status,
            &mut after.secondary_dr_statuses,
            &before.primary_dr_status,
            "secondary_dr_statuses",
        ),
    ] {
        if primary != old_primary && !is_named(field) {
            secondaries.clear();
        }
    }
    for (commodity, field, changed) in [
        (
            Commodity::Electric,
            "electric_area_utility_id",
            after.electric_area_utility_id != before.electric_area_utility_id,
        ),
        (Commodity::Gas, "gas_area_utility_id", after.gas_area_utility_id != before.gas_area_utility_id),
        (Commodity::Dr, "dr_area_utility_id", after.dr_area_utility_id != before.dr_area_utility_id),
    ] {
        if is_named(field) && changed && !after.area_editable(commodity) {
            let label = commodity.label();
            return Err(invalid(format!("The {label} area can be changed only while the {label} status is Prospect.")));
        }
    }
    after.validate()?;
    Ok(after)
}

/// The edit log's name for companies.
const RESOURCE: &str = "company";

/// Most companies one mass update may change.
pub const MAX_BATCH: usize = 5000;

/// A page of companies.
pub struct CompanyPage {
    pub rows: Vec<CompanyRow>,
    /// The last row's position in the order, for the next page's token; none on the last page.
    pub next: Option<CompanyRow>,
    /// How many match, when asked (at most the limit asked for).
    pub total: Option<Total>,
}

/// How many companies match a search.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Total {
    pub size: i64,
    /// More match than `size`: counting stopped at the limit asked for.
    pub exceeds: bool,
}

/// Whether a page says how many match in all.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Counting {
    No,
    All,
    /// Counted up to this many; more are said to exceed it.
    UpTo(i64),
}

impl State {
    /// A company the caller may read.
    pub(crate) async fn readable_company(&self, caller: &Caller, company_id: i64) -> Result<CompanyRow> {
        db::companies::select_company(&self.pool, company_id, access::companies_limited_to(caller))
            .await?
            .ok_or_else(company_not_found)
    }

    /// The ids of the companies the caller may see, up to `max` (more than `max`: `Many`).
    pub(crate) async fn visible_company_ids(&self, caller: &Caller, max: Option<usize>) -> Result<Visible> {
        let Some(user_id) = access::companies_limited_to(caller) else { return Ok(Visible::All) };
        let limit = max.map(|max| max as i64 + 1);
        let ids = db::companies::team_company_ids(&self.pool, user_id, limit).await?;
        Ok(if max.is_some_and(|max| ids.len() > max) { Visible::Many } else { Visible::These(ids) })
    }

    /// Those of `company_ids` the caller may see, in the order given, without repeats.
    pub(crate) async fn filter_visible(&self, caller: &Caller, company_ids: &[i64]) -> Result<Vec<i64>> {
        if company_ids.len() > 5000 {
            return Err(invalid("Ask about at most 5000 companies at once."));
        }
        let mut given = company_ids.to_vec();
        given.dedup();
        let visible = match access::companies_limited_to(caller) {
            None => db::companies::existing_companies(&self.pool, &given).await?,
            Some(user_id) => db::companies::team_companies_among(&self.pool, user_id, &given).await?,
        };
        let mut seen = Vec::with_capacity(visible.len());
        for id in company_ids {
            if visible.contains(id) && !seen.contains(id) {
                seen.push(*id);
            }
        }
        Ok(seen)
    }

    /// One page of the companies the caller may see, `after` the given row position.
    pub(crate) async fn list_companies(
        &self,
        caller: &Caller,
        mut query: CompanyQuery,
        order: CompanyOrder,
        after: Option<db::companies::Position>,
        limit: i64,
        counting: Counting,
    ) -> Result<CompanyPage> {
        query.visible_to = access::companies_limited_to(caller);
        // How the page is found quickest depends on how many match: counted no further than the
        // total wanted, and at least far enough to choose how to find the page.
        let plan_needs = PageFrom::MATCHES_LIMIT + 1;
        let cap = match counting {
            Counting::All => None,
            Counting::No => Some(plan_needs),
            Counting::UpTo(most) => Some(most.saturating_add(1).max(plan_needs)),
        };
        let (total, mut rows) = match cap {
            // As the search drawer counts (an unbounded total is counted apart, without gathering).
            Some(cap) if order.is_by_name() && cap <= plan_needs => {
                db::companies::list_companies_counted(&self.pool, &query, after, limit + 1, cap).await?
            }
            _ => {
                let total = db::companies::count_companies(&self.pool, &query, cap).await?;
                if total == 0 {
                    (0, Vec::new())
                } else {
                    let from = PageFrom::for_total(total);
                    let rows = db::companies::list_companies(&self.pool, &query, order, after, limit + 1, from).await?;
                    (total, rows)
                }
            }
        };
        let next = if rows.len() as i64 > limit {
            rows.truncate(limit as usize);
            rows.last().cloned()
        } else {
            None
        };
        let total = match counting {
            Counting::No => None,
            Counting::All => Some(Total { size: total, exceeds: false }),
            Counting::UpTo(most) => Some(Total { size: total.min(most), exceeds: total > most }),
        };
        Ok(CompanyPage { rows, next, total })
    }

    /// Adds a company. Without an entry date it enters today (business time).
    pub(crate) async fn create_company(&self, caller: &Caller, mut fields: CompanyRecord) -> Result<CompanyRow> {
        require(access::may_edit_companies(caller))?;
        if fields.entry_date == NaiveDate::default() {
            fields.entry_date = self.business.today();
        }
        let named: Vec<String> = FIELDS.iter().map(|f| (*f).to_owned()).collect();
        let empty = CompanyRecord { entry_date: fields.entry_date, ..Default::default() };
        let record = apply(&empty, &fields, &named)?;
        self.require_active_users(caller, new_team_members(&empty, &record)).await?;
        let mut tx = self.pool.begin().await?;
        let row = db::companies::insert_company(&mut *tx, &record, caller.user_id).await?;
        let changes = record.changes_since(&empty);
        record_change(&mut tx, CompanyEventKind::Created, caller, &row, &changes).await?;
        tx.commit().await?;
        tracing::info!(company_id = row.company_id, by = caller.user_id, "created company");
        Ok(row)
    }

    /// Saves the named fields. Refused only when a field it changes was changed by someone else
    /// after `patch.version`; fields nobody else touched are written whatever the version. Without
    /// a version (0) the caller is taken to have read the company as it is now.
    pub(crate) async fn update_company(&self, caller: &Caller, patch: Patch<CompanyRecord>) -> Result<CompanyRow> {
        require(access::may_edit_companies(caller))?;
        if patch.named.is_empty() {
            return Err(invalid("Name at least one field to change in update_mask."));
        }
        let mut tx = self.pool.begin().await?;
        let before =
            db::companies::select_company_for_update(&mut *tx, patch.record_id).await?.ok_or_else(company_not_found)?;
        let wanted = apply(&before.record, &patch.fields, &patch.named)?;
        let proposed = edits::proposed(&before.record, &wanted, &patch.named);
        // Without a version the caller is taken to have read the company as it is now.
        let version = if patch.version > 0 { patch.version } else { before.version };
        let merge = edits::decide(&mut tx, RESOURCE, patch.record_id, version, caller.user_id, &proposed).await?;
        if !merge.conflicts.is_empty() {
            return Err(Error::Conflict { what: "company", fields: merge.conflicts });
        }
        let after = apply(&before.record, &patch.fields, &merge.apply)?;
        let changes = after.changes_since(&before.record);
        if changes.is_empty() {
            return Ok(before);
        }
        self.require_active_users(caller, new_team_members(&before.record, &after)).await?;
        let row = db::companies::update_company(&mut *tx, patch.record_id, &after, caller.user_id).await?;
        record_change(&mut tx, CompanyEventKind::Updated, caller, &row, &changes).await?;
        tx.commit().await?;
        Ok(row)
    }

    /// Deletes a company with its notes, tasks and call bank entries.
    pub(crate) async fn delete_company(&self, caller: &Caller, company_id: i64) -> Result<()> {
        require(access::may_delete_companies(caller))?;
        let mut tx = self.pool.begin().await?;
        if !db::companies::delete_company(&mut *tx, company_id).await? {
            return Err(company_not_found());
        }
        edits::forget(&mut tx, RESOURCE, company_id).await?;
        eris_platform::outbox::insert(&mut *tx, &[company_deleted_event(company_id, caller.user_id)]).await?;
        tx.commit().await?;
        tracing::info!(company_id, by = caller.user_id, "deleted company with its notes, tasks and call bank entries");
        Ok(())
    }

    /// Sets or clears team roles on many companies in one transaction, in set-based statements
    /// whatever the number of companies. Answers how many companies changed.
    pub(crate) async fn assign_teams(
        &self,
        caller: &Caller,
        company_ids: &[i64],
        assignments: &[TeamAssignment],
    ) -> Result<i64> {
        require(access::may_assign_teams(caller))?;
        if company_ids.is_empty() || company_ids.len() > MAX_BATCH {
            return Err(invalid(format!("Select between 1 and {MAX_BATCH} companies.")));
        }
        if assignments.is_empty() {
            return Err(invalid("Choose at least one role to set."));
        }
        let mut ids = company_ids.to_vec();
        ids.sort_unstable();
        ids.dedup();
        self.require_active_users(caller, assignments.iter().filter_map(|assignment| assignment.user_id)).await?;
        let mut tx = self.pool.begin().await?;
        let before = db::companies::select_companies_for_update(&mut *tx, &ids).await?;
        if before.len() != ids.len() {
            return Err(company_not_found());
        }
        for assignment in assignments {
            if !TEAM_ROLE_FIELDS.contains(&assignment.field) {
                return Err(invalid("Each assignment needs a role."));
            }
        }
        let updated = db::companies::assign_team_roles(&mut *tx, &ids, assignments, caller.user_id).await?;
        let before: std::collections::HashMap<i64, CompanyRow> =
            before.into_iter().map(|row| (row.company_id, row)).collect();
        let mut changed = Vec::with_capacity(updated.len());
        for row in &updated {
            let old = &before[&row.company_id];
            changed.push((row, row.record.changes_since(&old.record)));
        }
        record_changes(&mut tx, CompanyEventKind::TeamsAssigned, caller, &changed).await?;
        tx.commit().await?;
        tracing::info!(updated = updated.len(), by = caller.user_id, "assigned teams");
        Ok(updated.len() as i64)
    }
}

impl State {
    /// Adds an affiliate name; names are unique whatever their case.
    pub(crate) async fn create_affiliate(&self, caller: &Caller, name: String) -> Result<String> {
        require(access::may_add_affiliates(caller))?;
        if name.is_empty() {
            return Err(invalid("Enter the affiliate's name."));
        }
        if db::companies::affiliate_exists(&self.pool, &name).await? {
            return Err(Error::AffiliateExists);
        }
        db::companies::insert_affiliate(&self.pool, &name, caller.user_id).await.map_err(|error| {
            if eris_platform::error::is_constraint_violation(&error, db::companies::AFFILIATE_NAME_KEY) {
                Error::AffiliateExists
            } else {
                error.into()
            }
        })
    }
}

/// The team-role fields a mass update may set.
pub const TEAM_ROLE_FIELDS: &[&str] =
    &["inside_user_id", "closer_user_id", "analyst_user_id", "admin_user_id", "customer_care_user_id"];

/// The team members of a company, role by role.
fn team(record: &CompanyRecord) -> [Option<i64>; 7] {
    [
        record.inside_user_id,
        record.closer_user_id,
        record.analyst_user_id,
        record.admin_user_id,
        record.customer_care_user_id,
        record.support_analyst1_user_id,
        record.support_analyst2_user_id,
    ]
}

/// Team members `after` sets that `before` did not have in that role: they must be active users
/// (members made inactive later stay until someone changes the role).
fn new_team_members(before: &CompanyRecord, after: &CompanyRecord) -> Vec<i64> {
    team(after).into_iter().zip(team(before)).filter(|(new, old)| new != old).filter_map(|(new, _)| new).collect()
}

/// Writes the History entry, the field edits and the outbox event of one change, in the caller's
/// transaction.
async fn record_change(
    tx: &mut PgConnection,
    kind: CompanyEventKind,
    caller: &Caller,
    row: &CompanyRow,
    changes: &[Change],
) -> Result<()> {
    record_changes(tx, kind, caller, &[(row, changes.to_vec())]).await
}

/// The same for many companies at once, in one statement per table.
async fn record_changes(
    tx: &mut PgConnection,
    kind: CompanyEventKind,
    caller: &Caller,
    changed: &[(&CompanyRow, Vec<Change>)],
) -> Result<()> {
    let changed: Vec<_> = changed.iter().filter(|(_, changes)| !changes.is_empty()).collect();
    if changed.is_empty() {
        return Ok(());
    }
    let history: Vec<(i64, &[Change])> =
        changed.iter().map(|(row, changes)| (row.company_id, changes.as_slice())).collect();
    db::companies::insert_changes(&mut *tx, &kind.words(), caller.user_id, &history).await?;
    if kind != CompanyEventKind::Created {
        let edits: Vec<(i64, i64, &[Change])> =
            changed.iter().map(|(row, changes)| (row.company_id, row.version, changes.as_slice())).collect();
        db::companies::insert_field_edits(&mut *tx, RESOURCE, caller.user_id, &edits).await?;
    }
    let now = chrono::Utc::now();
    let events: Vec<eris_platform::outbox::Event> =
        changed.iter().map(|(row, changes)| company_event(kind, caller.user_id, now, row, changes)).collect();
    eris_platform::outbox::insert(&mut *tx, &events).await?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::domain::company_record::*;
    use eris_proto::crm::v1::PrimaryStatus;
    use rust_decimal::Decimal;

    #[test]
    fn secondary_statuses_must_belong_to_their_primary() {
        let ok = check_secondaries(Commodity::Electric, PrimaryStatus::Opportunity, &["Pricing Sent".into()]);
        assert!(ok.is_ok());
        let wrong = check_secondaries(Commodity::Electric, PrimaryStatus::Customer, &["Hot Lead".into()]);
        assert_eq!(wrong.unwrap_err().to_string(), "Hot Lead is not a valid electric secondary status for Customer.");
        let none = check_secondaries(Commodity::Gas, PrimaryStatus::Unspecified, &["New".into()]);
        assert!(none.is_err(), "no options without a primary status");
        assert!(check_secondaries(Commodity::Dr, PrimaryStatus::Dead, &["Registered".into()]).is_ok());
        assert!(check_secondaries(Commodity::Dr, PrimaryStatus::Prospect, &["Hot Lead".into()]).is_err());
    }

    #[test]
    fn amounts_accept_thousands_separators_where_they_belong() {
        assert_eq!(parse_amount("Electric usage", "1,250,000", 14).unwrap(), Some(Decimal::from(1_250_000)));
        assert_eq!(parse_amount("Electric usage", " ", 14).unwrap(), None);
        assert_eq!(parse_amount("Gas usage", "12.5", 14).unwrap(), Some(Decimal::new(125, 1)));
        for nonsense in ["1,2,3,4", "12,34", ",123", "1 000", "lots", "1e5", "0x10", "1.2.3", "."] {
            let refused = parse_amount("Gas usage", nonsense, 14).unwrap_err().to_string();
            assert_eq!(refused, "Gas usage must be a number.", "{nonsense}");
        }
        assert_eq!(parse_amount("Gas usage", "-3", 14).unwrap_err().to_string(), "Gas usage cannot be negative.");
    }

    #[test]
    fn amounts_stay_within_their_column() {
        assert!(parse_amount("DR reduction", "999999999999.99", 12).is_ok());
        let huge = parse_amount("DR reduction", "1000000000000", 12).unwrap_err().to_string();
        assert_eq!(huge, "DR reduction must be below 1000000000000.");
        assert!(parse_amount("DR reduction", "1.234", 12).is_err());
    }

    #[test]
    fn a_changed_primary_status_clears_its_secondaries_unless_new_ones_come_with_it() {
        let before = CompanyRecord {
            name: "Acme".into(),
            primary_electric_status: Some("Prospect".into()),
            secondary_electric_statuses: vec!["Hot Lead".into()],
            ..Default::default()
        };
        let patch = CompanyRecord { primary_electric_status: Some("Customer".into()), ..Default::default() };
        let after = apply(&before, &patch, &["primary_electric_status".into()]).unwrap();
        assert!(after.secondary_electric_statuses.is_empty());
        let with = CompanyRecord { secondary_electric_statuses: vec!["Contracted - New".into()], ..patch };
        let named = ["primary_electric_status".into(), "secondary_electric_statuses".into()];
        assert_eq!(apply(&before, &with, &named).unwrap().secondary_electric_statuses, vec!["Contracted - New"]);
    }

    #[test]
    fn an_area_changes_only_under_prospect() {
        let before =
            CompanyRecord { name: "Acme".into(), primary_gas_status: Some("Customer".into()), ..Default::default() };
        let patch = CompanyRecord { gas_area_utility_id: Some(4), ..Default::default() };
        let refused = apply(&before, &patch, &["gas_area_utility_id".into()]).unwrap_err().to_string();
        assert_eq!(refused, "The gas area can be changed only while the gas status is Prospect.");
    }

    #[test]
    fn orders_are_one_sortable_field_and_a_direction() {
        assert_eq!(CompanyOrder::parse("").unwrap(), CompanyOrder::BY_NAME);
        assert_eq!(CompanyOrder::parse("city desc").unwrap(), CompanyOrder { field: "city", descending: true });
        assert!(CompanyOrder::parse("name; drop table company").is_err());
        assert!(CompanyOrder::parse("version").is_err());
    }

    #[test]
    fn every_field_is_listed_once() {
        let mut names = FIELDS.to_vec();
        names.sort_unstable();
        names.dedup();
        assert_eq!(names.len(), FIELDS.len());
        assert_eq!(CompanyRecord::default().field_values().len(), FIELDS.len());
    }

    #[test]
    fn there_are_59_state_codes() {
        assert_eq!(US_STATES.len(), 59);
        assert!(US_STATES.contains(&"DC") && US_STATES.contains(&"PR"));
    }
}
