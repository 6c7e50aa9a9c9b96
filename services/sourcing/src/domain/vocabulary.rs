//! Sourcing's vocabularies: the commodity, shared with contracts.

pub use eris_platform::vocabulary::Commodity;

/// Where an RFP stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Outcome {
    Open,
    Won,
    Lost,
}

impl Outcome {
    pub fn name(self) -> &'static str {
        match self {
            Self::Open => "Open",
            Self::Won => "Won",
            Self::Lost => "Lost",
        }
    }

    pub fn from_name(name: &str) -> Option<Self> {
        [Self::Open, Self::Won, Self::Lost].into_iter().find(|o| o.name() == name)
    }
}
