//! Money, one way in every service: dollars and cents rounded half away from zero, written with
//! two fraction digits ("1250.50"), read from what people type ("-$1,250.50", "(12.5)").

use rust_decimal::{Decimal, RoundingStrategy};

use crate::{Result, values::parse_decimal};

/// Dollars and cents, half away from zero.
pub fn cents(value: Decimal) -> Decimal {
    value.round_dp_with_strategy(2, RoundingStrategy::MidpointAwayFromZero)
}

/// An amount as the APIs write it: in cents, always two fraction digits.
pub fn text(value: Decimal) -> String {
    let mut value = cents(value);
    value.rescale(2);
    value.to_string()
}

/// `text` of an amount, or empty for none.
pub fn optional_text(value: Option<Decimal>) -> String {
    value.map(text).unwrap_or_default()
}

/// An amount as typed: at most 14 digits before the point and 2 after; negative with a minus
/// sign or in parentheses (a true-up or a drop pays back); currency signs and spaces ignored.
pub fn parse(label: &str, typed: &str) -> Result<Option<Decimal>> {
    signed(label, typed, 14, 2)
}

/// A number that may be negative, with `digits` digits before the point and at most `scale`
/// after, read the way `parse` reads an amount (usages are read so too).
pub fn signed(label: &str, typed: &str, digits: u32, scale: usize) -> Result<Option<Decimal>> {
    let cleaned: String = typed.chars().filter(|c| !matches!(c, '$' | ' ' | '\u{a0}')).collect();
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

#[cfg(test)]
mod tests {
    use super::*;

    fn dec(text: &str) -> Decimal {
        text.parse().unwrap()
    }

    #[test]
    fn amounts_read_minus_signs_parentheses_and_dollar_signs() {
        assert_eq!(parse("Payment Actual", "-$1,250.50").unwrap().unwrap().to_string(), "-1250.50");
        assert_eq!(parse("Payment Actual", "(12.5)").unwrap().unwrap().to_string(), "-12.5");
        assert!(parse("Payment Actual", "--1").is_err());
        assert!(parse("Payment Actual", "12.345").is_err());
        assert_eq!(parse("Payment Actual", "").unwrap(), None);
    }

    #[test]
    fn cents_round_half_away_from_zero() {
        assert_eq!(cents(dec("2.345")).to_string(), "2.35");
        assert_eq!(cents(dec("-2.345")).to_string(), "-2.35");
        assert_eq!(cents(dec("2.344")).to_string(), "2.34");
    }

    #[test]
    fn amounts_are_written_in_cents_with_two_digits() {
        assert_eq!(text(dec("12")), "12.00");
        assert_eq!(text(dec("-0.005")), "-0.01");
        assert_eq!(text(dec("1234.5")), "1234.50");
        assert_eq!(optional_text(None), "");
    }
}
