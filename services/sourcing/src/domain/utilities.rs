//! Utilities: the commodities they serve, their rate codes, who reads and who changes them.

use eris_platform::{
    auth::Caller,
    edits::{self, Patch},
    text,
};
use eris_proto::sourcing::v1::directory_event::Entry;

use crate::{
    State,
    access::{self, require},
    db::{
        self,
        utilities::{RateCodeRow, UTILITY_NAME_KEY, UtilityFields, UtilityRow},
    },
    domain::vocabulary::Commodity,
    error::{Error, Result, invalid, not_found, unless_taken},
    events::{DirectoryEventKind, record_directory_event},
    proto::{rate_code_to_proto, utility_to_proto},
};

/// The edit log's name for utilities.
const RESOURCE: &str = "utility";
/// Most rate codes one utility has.
pub const MAX_RATE_CODES: usize = 500;

/// Rate codes as typed: each trimmed and checked, empty rows dropped, at most `MAX_RATE_CODES`.
pub fn rate_codes(codes: &[(String, String, String)]) -> Result<Vec<RateCodeRow>> {
    let mut checked = Vec::with_capacity(codes.len());
    for (matrix, tariff, description) in codes {
        let code = RateCodeRow {
            matrix: text::line(matrix, "Matrix", 200, false)?,
            tariff: text::line(tariff, "Tariff", 200, false)?,
            description: text::line(description, "Desc", 1000, false)?,
        };
        if !(code.matrix.is_empty() && code.tariff.is_empty() && code.description.is_empty()) {
            checked.push(code);
        }
    }
    if checked.len() > MAX_RATE_CODES {
        return Err(invalid(format!("A utility can have at most {MAX_RATE_CODES} rate codes.")));
    }
    Ok(checked)
}

fn utility_not_found() -> Error {
    not_found("Utility")
}

impl State {
    /// Every utility of a commodity (all when `None`), by name, then state.
    pub(crate) async fn list_utilities(
        &self,
        caller: &Caller,
        commodity: Option<Commodity>,
    ) -> Result<Vec<UtilityRow>> {
        require(access::may_read_directories(caller))?;
        Ok(db::utilities::list_utilities(&self.pool, commodity.map(Commodity::name)).await?)
    }

    pub(crate) async fn get_utility(&self, caller: &Caller, utility_id: i64) -> Result<UtilityRow> {
        require(access::may_read_directories(caller))?;
        db::utilities::select_utility(&self.pool, utility_id).await?.ok_or_else(utility_not_found)
    }

    pub(crate) async fn create_utility(&self, caller: &Caller, fields: UtilityFields) -> Result<UtilityRow> {
        require(access::may_change_directories(caller))?;
        let mut tx = self.pool.begin().await?;
        let taken = unless_taken(UTILITY_NAME_KEY, Error::UtilityExists);
        let utility_id = db::utilities::insert_utility(&mut tx, &fields, caller.user_id).await.map_err(taken)?;
        let row = db::utilities::select_utility(&mut *tx, utility_id).await?.ok_or_else(utility_not_found)?;
        let entry = Entry::Utility(utility_to_proto(row.clone()));
        record_directory_event(&mut tx, caller, utility_id, DirectoryEventKind::Created, entry, Vec::new()).await?;
        tx.commit().await?;
        Ok(row)
    }

    /// Saves the named fields; refused only when a field it changes was changed by someone else
    /// after `patch.version`.
    pub(crate) async fn update_utility(&self, caller: &Caller, patch: Patch<UtilityFields>) -> Result<UtilityRow> {
        require(access::may_change_directories(caller))?;
        if patch.named.is_empty() {
            return Err(invalid("Name at least one field to change in update_mask."));
        }
        let mut tx = self.pool.begin().await?;
        let before =
            db::utilities::select_utility_for_update(&mut tx, patch.record_id).await?.ok_or_else(utility_not_found)?;
        let saved = edits::save(&mut tx, RESOURCE, caller.user_id, &before.fields, before.version, &patch);
        let Some((after, changes)) = saved.await?.into_write("utility")? else {
            return Ok(before);
        };
        let taken = unless_taken(UTILITY_NAME_KEY, Error::UtilityExists);
        let version =
            db::utilities::update_utility(&mut tx, patch.record_id, &after, caller.user_id).await.map_err(taken)?;
        edits::record(&mut tx, RESOURCE, patch.record_id, version, caller.user_id, &changes).await?;
        let row = db::utilities::select_utility(&mut *tx, patch.record_id).await?.ok_or_else(utility_not_found)?;
        let entry = Entry::Utility(utility_to_proto(row.clone()));
        record_directory_event(&mut tx, caller, row.utility_id, DirectoryEventKind::Updated, entry, Vec::new()).await?;
        tx.commit().await?;
        Ok(row)
    }

    pub(crate) async fn list_rate_codes(&self, caller: &Caller, utility_id: i64) -> Result<Vec<RateCodeRow>> {
        self.get_utility(caller, utility_id).await?;
        Ok(db::utilities::list_rate_codes(&self.pool, utility_id).await?)
    }

    /// Replaces the utility's rate codes with `codes`, under the utility's row lock so two saves
    /// never interleave their lists.
    pub(crate) async fn replace_rate_codes(
        &self,
        caller: &Caller,
        utility_id: i64,
        codes: Vec<RateCodeRow>,
    ) -> Result<Vec<RateCodeRow>> {
        require(access::may_change_directories(caller))?;
        let mut tx = self.pool.begin().await?;
        let utility =
            db::utilities::select_utility_for_update(&mut tx, utility_id).await?.ok_or_else(utility_not_found)?;
        db::utilities::replace_rate_codes(&mut tx, utility_id, &codes).await?;
        let saved = db::utilities::list_rate_codes(&mut *tx, utility_id).await?;
        let entry = Entry::Utility(utility_to_proto(utility));
        let codes = saved.iter().cloned().map(rate_code_to_proto).collect();
        record_directory_event(&mut tx, caller, utility_id, DirectoryEventKind::RateCodesReplaced, entry, codes)
            .await?;
        tx.commit().await?;
        Ok(saved)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    use eris_proto::sourcing::v1::Utility;

    use crate::proto::ProtoFields;

    /// A utility's fields as typed, read as a create reads them.
    fn utility_fields(
        name: &str,
        state: &str,
        commodity: Option<Commodity>,
        zone: &str,
        rto: &str,
    ) -> Result<UtilityFields> {
        let utility = Utility {
            name: name.into(),
            state: state.into(),
            commodity: commodity.map_or(0, |c| Commodity::proto_of_name(c.name()).into()),
            zone: zone.into(),
            rto: rto.into(),
            ..Default::default()
        };
        UtilityFields::read(&utility, UtilityFields::FIELDS)
    }

    #[test]
    fn a_utility_needs_a_name_a_two_letter_state_and_a_commodity() {
        let fields = utility_fields(" PECO ", "pa", Some(Commodity::Electric), "PECO", "PJM").unwrap();
        assert_eq!(
            (fields.name.as_str(), fields.state.as_str(), fields.commodity.as_str()),
            ("PECO", "PA", "Electric")
        );
        assert_eq!(
            utility_fields("", "PA", Some(Commodity::Gas), "", "").unwrap_err().to_string(),
            "Utility is required."
        );
        assert_eq!(
            utility_fields("PECO", "P1", Some(Commodity::Gas), "", "").unwrap_err().to_string(),
            "State must be a two-letter code."
        );
        assert!(utility_fields("PECO", "PA", None, "", "").is_err());
        assert!(utility_fields("PE\u{0}CO", "PA", Some(Commodity::Gas), "", "").is_err());
    }

    #[test]
    fn rate_codes_drop_empty_rows_and_are_bounded() {
        let row = |m: &str| (m.to_owned(), String::new(), String::new());
        assert_eq!(rate_codes(&[row("GS"), row(" "), row("LP")]).unwrap().len(), 2);
        let many: Vec<_> = (0..=MAX_RATE_CODES).map(|i| row(&i.to_string())).collect();
        assert!(rate_codes(&many).is_err());
    }
}
