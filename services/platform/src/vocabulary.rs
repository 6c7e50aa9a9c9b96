//! Product words more than one service stores, each named once.

/// What a utility, supplier, contact or contract serves, as stored ("Electric", "Gas", "DR").
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
