//! Sourcing's vocabularies: the commodity, shared with contracts.

pub use eris_platform::vocabulary::Commodity;
