//! Utilities: the commodities they serve, and who reads them.

use eris_platform::auth::Caller;

use crate::{
    State,
    access::{self},
    db::{self, utilities::UtilityRow},
    error::Result,
};

/// What a utility serves, as stored.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Commodity {
    Electric,
    Gas,
    Dr,
}

impl Commodity {
    /// The stored name.
    pub fn name(self) -> &'static str {
        match self {
            Self::Electric => "Electric",
            Self::Gas => "Gas",
            Self::Dr => "DR",
        }
    }

    /// From the stored name.
    pub fn from_name(name: &str) -> Option<Self> {
        [Self::Electric, Self::Gas, Self::Dr].into_iter().find(|c| c.name() == name)
    }
}

impl State {
    /// Every utility of a commodity (all when `None`), by name, then state.
    pub(crate) async fn list_utilities(
        &self,
        caller: &Caller,
        commodity: Option<Commodity>,
    ) -> Result<Vec<UtilityRow>> {
        if !access::may_read_utilities(caller) {
            return Err(eris_platform::Error::forbidden().into());
        }
        Ok(db::utilities::list_utilities(&self.pool, commodity.map(Commodity::name)).await?)
    }
}
