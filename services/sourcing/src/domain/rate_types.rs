//! Rate types: names contracts choose from.

use eris_platform::{auth::Caller, text};
use eris_proto::sourcing::v1::{RateType, directory_event::Entry};

use crate::{
    State,
    access::{self, require},
    db::{self, rate_types::RATE_TYPE_NAME_KEY},
    error::{Error, Result, not_found, unless_taken},
    events::{DirectoryEventKind, record_directory_event},
};

/// A rate type's name as typed.
pub fn rate_type_name(name: &str) -> Result<String> {
    Ok(text::line(name, "Rate Type", 100, true)?)
}

impl State {
    pub(crate) async fn list_rate_types(&self, caller: &Caller) -> Result<Vec<String>> {
        require(access::may_read_directories(caller))?;
        Ok(db::rate_types::list_rate_types(&self.pool).await?)
    }

    pub(crate) async fn create_rate_type(&self, caller: &Caller, name: String) -> Result<String> {
        require(access::may_change_directories(caller))?;
        let mut tx = self.pool.begin().await?;
        let taken = unless_taken(RATE_TYPE_NAME_KEY, Error::RateTypeExists);
        let name = db::rate_types::insert_rate_type(&mut tx, &name, caller.user_id).await.map_err(taken)?;
        let entry = Entry::RateType(RateType { name: name.clone() });
        record_directory_event(&mut tx, caller, 0, DirectoryEventKind::Created, entry, Vec::new()).await?;
        tx.commit().await?;
        Ok(name)
    }

    pub(crate) async fn delete_rate_type(&self, caller: &Caller, name: &str) -> Result<()> {
        require(access::may_change_directories(caller))?;
        let mut tx = self.pool.begin().await?;
        let name = db::rate_types::delete_rate_type(&mut tx, name).await?.ok_or_else(|| not_found("Rate type"))?;
        let entry = Entry::RateType(RateType { name });
        record_directory_event(&mut tx, caller, 0, DirectoryEventKind::Deleted, entry, Vec::new()).await?;
        tx.commit().await?;
        Ok(())
    }
}
