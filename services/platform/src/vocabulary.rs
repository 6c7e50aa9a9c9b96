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
