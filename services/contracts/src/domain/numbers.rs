//! Exact amounts as contracts use them: rates and fees to 5 fraction digits, percentages from 0
//! to 100, money rounded to cents half away from zero.

use eris_platform::values::parse_decimal;
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

/// A number that may be negative (a true-up or a drop pays back), with `digits` digits before the
/// point and at most `scale` after; currency signs and spaces are ignored.
pub fn signed(label: &str, text: &str, digits: u32, scale: usize) -> Result<Option<Decimal>> {
    let cleaned: String = text.chars().filter(|c| !matches!(c, '$' | ' ' | '\u{a0}')).collect();
    let (negative, unsigned) = match cleaned.strip_prefix('-') {
        Some(rest) => (true, rest),
        None => match cleaned.strip_prefix('(').and_then(|rest| rest.strip_suffix(')')) {
            Some(rest) => (true, rest),
            None => (false, cleaned.as_str()),
        },
    };
    let value = parse_decimal(label, unsigned, digits, scale)?;
    Ok(value.map(|v| if negative { -v } else { v }))
}

/// Dollars and cents, half away from zero.
pub fn cents(value: Decimal) -> Decimal {
    value.round_dp_with_strategy(2, RoundingStrategy::MidpointAwayFromZero)
}

/// A volume as stored: 4 fraction digits.
pub fn volume(value: Decimal) -> Decimal {
    value.round_dp_with_strategy(4, RoundingStrategy::MidpointAwayFromZero).normalize()
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

    #[test]
    fn signed_amounts_read_minus_signs_parentheses_and_dollar_signs() {
        assert_eq!(signed("Payment Actual", "-$1,250.50", 14, 2).unwrap().unwrap().to_string(), "-1250.50");
        assert_eq!(signed("Payment Actual", "(12.5)", 14, 2).unwrap().unwrap().to_string(), "-12.5");
        assert!(signed("Payment Actual", "--1", 14, 2).is_err());
        assert!(signed("Payment Actual", "12.345", 14, 2).is_err());
    }

    #[test]
    fn cents_round_half_away_from_zero() {
        assert_eq!(cents("2.345".parse().unwrap()).to_string(), "2.35");
        assert_eq!(cents("-2.345".parse().unwrap()).to_string(), "-2.35");
        assert_eq!(cents("2.344".parse().unwrap()).to_string(), "2.34");
    }
}
