//! Product words more than one service stores, each named once.

/// The months' names, January first.
pub const MONTHS: [&str; 12] = [
    "January",
    "February",
    "March",
    "April",
    "May",
    "June",
    "July",
    "August",
    "September",
    "October",
    "November",
    "December",
];

/// A contract's statuses' labels, by their number (the labels of the proto's `ContractStatus`).
pub const CONTRACT_STATUSES: [&str; 4] = eris_proto::contracts::v1::ContractStatus::LABELS;

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

impl Commodity {
    /// A proto commodity (the sourcing package's, which every service's messages use); `None`
    /// for unspecified.
    pub fn from_proto(value: i32) -> crate::Result<Option<Self>> {
        use eris_proto::sourcing::v1::Commodity as Proto;
        match Proto::try_from(value) {
            Ok(Proto::Electric) => Ok(Some(Self::Electric)),
            Ok(Proto::Gas) => Ok(Some(Self::Gas)),
            Ok(Proto::Dr) => Ok(Some(Self::Dr)),
            Ok(Proto::Unspecified) => Ok(None),
            Err(_) => Err(crate::Error::InvalidArgument("Commodity must be Electric, Gas or DR.".into())),
        }
    }

    /// The stored name of a proto commodity; empty for unspecified or a number no commodity has.
    pub fn name_of_proto(value: i32) -> &'static str {
        Self::from_proto(value).ok().flatten().map_or("", Self::name)
    }

    /// A stored name as the proto's commodity; unspecified for any other name.
    pub fn proto_of_name(name: &str) -> eris_proto::sourcing::v1::Commodity {
        use eris_proto::sourcing::v1::Commodity as Proto;
        match Self::from_name(name) {
            Some(Self::Electric) => Proto::Electric,
            Some(Self::Gas) => Proto::Gas,
            Some(Self::Dr) => Proto::Dr,
            None => Proto::Unspecified,
        }
    }
}
