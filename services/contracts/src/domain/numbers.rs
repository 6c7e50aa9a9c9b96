//! Exact amounts as contracts use them: rates and fees to 5 fraction digits, percentages from 0
//! to 100, volumes to 4 (money is `eris_platform::money`'s).

use eris_platform::{money, values::parse_decimal};
use rust_decimal::{Decimal, RoundingStrategy};

use crate::error::{Result, invalid};

/// A rate or fee per kWh or therm: at most 5 fraction digits, below 10,000,000.
pub fn rate(label: &str, text: &str) -> Result<Option<Decimal>> {
    Ok(parse_decimal(label, text, 7, 5)?)
}

/// A percentage from 0 to 100, at most 4 fraction digits.
pub fn percent(label: &str, text: &str) -> Result<Option<Decimal>> {
    let value = parse_decimal(label, text, 3, 4)?;
    if value.is_some_and(|v| v > Decimal::ONE_HUNDRED) {
        return Err(invalid(format!("{label} must be between 0 and 100.")));
    }
    Ok(value)
}

/// A volume as stored: 4 fraction digits.
pub fn volume(value: Decimal) -> Decimal {
    value.round_dp_with_strategy(4, RoundingStrategy::MidpointAwayFromZero).normalize()
}

/// The one formula of projected payments, for both bases (spec 2 section 5).
/// The projected payment of a row: usage x split / 100 x the fee or rate, in cents; zero when the
/// fee or rate is missing or the usage or split is not known.
pub fn projected_payment(usage: Option<Decimal>, split: Option<Decimal>, price: Option<Decimal>) -> Decimal {
    match (usage, split, price) {
        (Some(usage), Some(split), Some(price)) => money::cents(usage * split / Decimal::ONE_HUNDRED * price),
        _ => Decimal::ZERO,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rates_keep_five_fraction_digits_exactly() {
        assert_eq!(rate("Fee", "0.00525").unwrap().unwrap().to_string(), "0.00525");
        assert!(rate("Fee", "0.000001").is_err());
        assert!(rate("Fee", "-0.1").is_err());
        assert!(rate("Fee", "99999999").is_err());
        assert!(rate("Fee", "1e3").is_err());
    }

    #[test]
    fn percentages_are_between_0_and_100() {
        assert_eq!(percent("Revenue Split", "50").unwrap(), Some(Decimal::from(50)));
        assert!(percent("Revenue Split", "100.5").is_err());
        assert_eq!(percent("Revenue Split", "").unwrap(), None);
    }
}
