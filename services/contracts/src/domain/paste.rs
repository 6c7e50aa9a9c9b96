//! Rows pasted from a spreadsheet into a contract's payments: each line read as the ten columns of
//! a payment, every row that cannot be read named in words. The Payments screens preview a paste
//! with these rules (PastePayments with `validate_only`) before adding it, so they exist here only.

use std::str::FromStr;

use rust_decimal::Decimal;

use crate::{
    db::payments::PaymentValues,
    domain::{
        numbers::projected_payment,
        vocabulary::{MONTHS, PAYMENT_TYPES},
    },
};

/// The most rows one paste may add.
pub const MAX_ROWS: usize = 5000;
/// The columns of a pasted row, in the spec's order: projected month, projected year, revenue
/// split, projected usage, projected payment (recomputed), payment month, payment year, usage
/// actual, payment actual, payment type.
pub const COLUMNS: usize = 10;
const MIN_YEAR: i32 = 1900;
const MAX_YEAR: i32 = 2200;
/// Amounts keep at most 14 digits before the point.
const MAX_WHOLE_DIGITS: usize = 14;

/// A row read, by its line in the pasted text (from 1).
#[derive(Debug, Clone, PartialEq)]
pub struct PastedRow {
    pub line: usize,
    pub values: PaymentValues,
}

/// Why a row cannot be added; line 0 is the paste as a whole.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Problem {
    pub line: usize,
    pub message: String,
}

impl Problem {
    /// "Row 3: projected month "13" is not a month …"
    pub fn text(&self) -> String {
        if self.line == 0 { self.message.clone() } else { format!("Row {}: {}", self.line, self.message) }
    }
}

/// A paste read: the rows that can be added and the problems of the others.
#[derive(Debug, Default)]
pub struct Paste {
    pub rows: Vec<PastedRow>,
    pub problems: Vec<Problem>,
}

/// Reads pasted text, one row a line (blank lines skipped), its projected payments computed from
/// `price` (the contract's fee or rate by its projection basis).
pub fn read(text: &str, price: Option<Decimal>) -> Paste {
    let mut paste = Paste::default();
    let text = text.replace("\r\n", "\n").replace('\r', "\n");
    for (index, line) in text.split('\n').enumerate() {
        if line.trim().is_empty() {
            continue;
        }
        let cells: Vec<&str> = line.split('\t').collect();
        match row(&cells, price) {
            Ok(values) => paste.rows.push(PastedRow { line: index + 1, values }),
            Err(message) => paste.problems.push(Problem { line: index + 1, message }),
        }
    }
    let count = paste.rows.len() + paste.problems.len();
    if count > MAX_ROWS {
        let message =
            format!("{} rows were pasted; at most {} can be added at once.", thousands(count), thousands(MAX_ROWS));
        paste.problems.insert(0, Problem { line: 0, message });
    }
    paste
}

/// The amount columns: their index, name, fraction digits and whether a percentage.
const AMOUNTS: [(usize, &str, usize, bool); 4] = [
    (2, "revenue split", 4, true),
    (3, "projected usage", 4, false),
    (7, "usage actual", 4, false),
    (8, "payment actual", 2, false),
];

fn row(cells: &[&str], price: Option<Decimal>) -> Result<PaymentValues, String> {
    if cells.len() > COLUMNS {
        // Fewer columns are read as empty trailing ones: editors trim trailing tabs.
        return Err(format!("it has {} columns; at most {COLUMNS} are expected, separated by tabs.", cells.len()));
    }
    let cell = |index: usize| cells.get(index).map(|c| c.trim()).unwrap_or_default();
    let projected_month = month_of(cell(0))
        .ok_or_else(|| format!("projected month \"{}\" is not a month (1 to 12 or a month's name).", cell(0)))?;
    let projected_year = year_of(cell(1))
        .ok_or_else(|| format!("projected year \"{}\" is not a year ({MIN_YEAR} to {MAX_YEAR}).", cell(1)))?;
    let mut amounts = [None; 4];
    for (slot, (index, column, scale, percent)) in AMOUNTS.into_iter().enumerate() {
        let typed = cell(index);
        let typed = if percent { typed.strip_suffix('%').unwrap_or(typed) } else { typed };
        amounts[slot] = amount(typed, scale, percent).map_err(|problem| match problem {
            AmountProblem::NotANumber => format!("{column} \"{}\" is not a number.", cell(index)),
            other => format!("{column} \"{}\": {}", cell(index), other.text(scale)),
        })?;
    }
    let [revenue_split, projected_usage, usage_actual, payment_actual] = amounts;
    let payment_month =
        match cell(5) {
            "" | "0" => None,
            typed => Some(month_of(typed).ok_or_else(|| {
                format!("payment month \"{typed}\" is not a month (1 to 12, a month's name, or empty).")
            })?),
        };
    let payment_year =
        match cell(6) {
            "" | "0" => None,
            typed => Some(year_of(typed).ok_or_else(|| {
                format!("payment year \"{typed}\" is not a year ({MIN_YEAR} to {MAX_YEAR}, or empty).")
            })?),
        };
    let payment_type = match cell(9) {
        "" => String::new(),
        typed => PAYMENT_TYPES
            .iter()
            .find(|t| t.eq_ignore_ascii_case(typed))
            .map(|t| (*t).to_owned())
            .ok_or_else(|| format!("payment type \"{typed}\" is not one of {}.", PAYMENT_TYPES.join(", ")))?,
    };
    Ok(PaymentValues {
        projected_month,
        projected_year,
        revenue_split,
        projected_usage,
        // The fifth column is never taken as pasted: it is computed from the row and the contract.
        projected_payment: Some(projected_payment(projected_usage, revenue_split, price)),
        payment_month,
        payment_year,
        usage_actual,
        payment_actual,
        payment_type,
    })
}

/// 1 to 12, a month's name or its first three letters.
fn month_of(text: &str) -> Option<i16> {
    if !text.is_empty() && text.len() <= 2 && text.bytes().all(|b| b.is_ascii_digit()) {
        return text.parse().ok().filter(|n| (1..=12).contains(n));
    }
    let lower = text.to_lowercase();
    MONTHS
        .iter()
        .position(|name| {
            let full = name.to_lowercase();
            full == lower || (lower.chars().count() == 3 && full.starts_with(&lower))
        })
        .map(|index| index as i16 + 1)
}

/// A four-digit year from 1900 to 2200.
fn year_of(text: &str) -> Option<i32> {
    if text.len() != 4 || !text.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    text.parse().ok().filter(|year| (MIN_YEAR..=MAX_YEAR).contains(year))
}

/// Why an amount cannot be stored.
enum AmountProblem {
    NotANumber,
    Negative,
    Percent,
    Decimals,
    TooLarge,
}

impl AmountProblem {
    fn text(&self, scale: usize) -> String {
        match self {
            Self::NotANumber => "is not a number.".into(),
            Self::Negative => "cannot be negative.".into(),
            Self::Percent => "must be between 0 and 100.".into(),
            Self::Decimals => format!("at most {scale} decimals."),
            Self::TooLarge => "too large.".into(),
        }
    }
}

/// An amount as people paste it: "$1,250.50", "-12", "(12)" and " 7 " are numbers; empty is none.
fn amount(typed: &str, scale: usize, percent: bool) -> Result<Option<Decimal>, AmountProblem> {
    let mut cleaned: String = typed.chars().filter(|c| !c.is_whitespace() && !matches!(c, ',' | '$')).collect();
    if cleaned.is_empty() {
        return Ok(None);
    }
    // "-12" and the accountants' "(12)" are both negative.
    let negative = match cleaned.strip_prefix('-') {
        Some(rest) => Some(rest.to_owned()),
        None => cleaned.strip_prefix('(').and_then(|rest| rest.strip_suffix(')')).map(str::to_owned),
    };
    let negative = match negative {
        Some(rest) => {
            cleaned = rest;
            true
        }
        None => false,
    };
    let (whole, fraction) = cleaned.split_once('.').unwrap_or((&cleaned, ""));
    let digits = |part: &str| part.bytes().all(|b| b.is_ascii_digit());
    if cleaned.is_empty() || (whole.is_empty() && fraction.is_empty()) || !digits(whole) || !digits(fraction) {
        return Err(AmountProblem::NotANumber);
    }
    let whole = whole.trim_start_matches('0');
    let fraction = fraction.trim_end_matches('0');
    let zero = whole.is_empty() && fraction.is_empty();
    if percent && negative && !zero {
        return Err(AmountProblem::Negative);
    }
    let over_a_hundred = || whole.len() == 3 && (whole > "100" || (whole == "100" && !fraction.is_empty()));
    if percent && (whole.len() > 3 || over_a_hundred()) {
        return Err(AmountProblem::Percent);
    }
    if fraction.len() > scale {
        return Err(AmountProblem::Decimals);
    }
    if whole.len() > MAX_WHOLE_DIGITS {
        return Err(AmountProblem::TooLarge);
    }
    let whole = if whole.is_empty() { "0" } else { whole };
    let text = if fraction.is_empty() { whole.to_owned() } else { format!("{whole}.{fraction}") };
    // At most 14 digits before the point and 4 after: always a Decimal.
    let value = Decimal::from_str(&text).map_err(|_| AmountProblem::TooLarge)?;
    Ok(Some(if negative { -value } else { value }))
}

/// 5000 as "5,000".
fn thousands(count: usize) -> String {
    let digits = count.to_string();
    let mut out = String::new();
    for (index, digit) in digits.chars().enumerate() {
        if index > 0 && (digits.len() - index).is_multiple_of(3) {
            out.push(',');
        }
        out.push(digit);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn dec(text: &str) -> Decimal {
        text.parse().unwrap()
    }

    #[test]
    fn a_row_is_read_with_its_projected_payment_computed() {
        let paste = read("Jan\t2026\t50%\t$1,000\t999\tFeb\t2026\t(12.5)\t-40\tresidual\n\n3\t2026", Some(dec("0.01")));
        assert_eq!(paste.problems, []);
        let first = &paste.rows[0];
        assert_eq!((first.line, first.values.projected_month, first.values.projected_year), (1, 1, 2026));
        assert_eq!(first.values.revenue_split, Some(dec("50")));
        assert_eq!(first.values.projected_payment, Some(dec("5.00")), "1,000 x 50% x 0.01; the 999 is ignored");
        assert_eq!((first.values.payment_month, first.values.payment_year), (Some(2), Some(2026)));
        assert_eq!((first.values.usage_actual, first.values.payment_actual), (Some(dec("-12.5")), Some(dec("-40"))));
        assert_eq!(first.values.payment_type, "Residual");
        assert_eq!((paste.rows[1].line, paste.rows[1].values.projected_month), (3, 3), "blank lines keep numbering");
    }

    #[test]
    fn every_unreadable_row_is_named_in_the_words_the_screen_shows() {
        let text = [
            "13\t2026",
            "Jan\t1800",
            "Jan\t2026\t101",
            "Jan\t2026\t-5",
            "Jan\t2026\t5\tabc",
            "Jan\t2026\t5\t1.23456",
            "Jan\t2026\t\t\t\t\t\t\t1.234",
            "Jan\t2026\t\t\t\tSmarch",
            "Jan\t2026\t\t\t\t\t26",
            "Jan\t2026\t\t\t\t\t\t\t\tBonus",
            "1\t2\t3\t4\t5\t6\t7\t8\t9\t10\t11",
            "Jan\t2026\t\t123456789012345",
        ]
        .join("\n");
        let messages: Vec<String> = read(&text, None).problems.iter().map(Problem::text).collect();
        assert_eq!(
            messages,
            [
                "Row 1: projected month \"13\" is not a month (1 to 12 or a month's name).",
                "Row 2: projected year \"1800\" is not a year (1900 to 2200).",
                "Row 3: revenue split \"101\": must be between 0 and 100.",
                "Row 4: revenue split \"-5\": cannot be negative.",
                "Row 5: projected usage \"abc\" is not a number.",
                "Row 6: projected usage \"1.23456\": at most 4 decimals.",
                "Row 7: payment actual \"1.234\": at most 2 decimals.",
                "Row 8: payment month \"Smarch\" is not a month (1 to 12, a month's name, or empty).",
                "Row 9: payment year \"26\" is not a year (1900 to 2200, or empty).",
                "Row 10: payment type \"Bonus\" is not one of Residual, Upfront, True-up, Affiliate, Drop.",
                "Row 11: it has 11 columns; at most 10 are expected, separated by tabs.",
                "Row 12: projected usage \"123456789012345\": too large.",
            ]
        );
    }

    #[test]
    fn more_than_the_limit_is_named_first() {
        let text = "1\t2026\n".repeat(MAX_ROWS + 1);
        let paste = read(&text, None);
        assert_eq!(paste.problems[0].text(), "5,001 rows were pasted; at most 5,000 can be added at once.");
    }
}
