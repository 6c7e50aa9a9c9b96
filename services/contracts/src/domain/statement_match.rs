//! How a statement's lines meet the contracts: each line to the supplier's contract covering its
//! account and that contract's projected payment of the line's month; lines of one payment
//! summed; buckets by the tolerance; the projected payments of the statement's months no line
//! paid. Pure: the caller reads the book (`Book`) and writes what this decides.

use std::collections::{BTreeMap, HashMap, HashSet};

use chrono::NaiveDate;
use eris_platform::{money, text::account_number_key};
use rust_decimal::Decimal;

use crate::domain::{statement_file::Line, vocabulary::month_year};

/// How a row compares with the projected payments (the numbers are stored and sent).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Bucket {
    Matched = 1,
    ShortOver = 2,
    Unmatched = 3,
    Duplicate = 4,
    Linked = 5,
}

impl Bucket {
    pub fn from_number(number: i16) -> Self {
        match number {
            1 => Self::Matched,
            2 => Self::ShortOver,
            4 => Self::Duplicate,
            5 => Self::Linked,
            _ => Self::Unmatched,
        }
    }

    /// Whether the row's payment is set by the statement.
    pub fn applied(self) -> bool {
        matches!(self, Self::Matched | Self::ShortOver | Self::Linked)
    }
}

/// An account found by its number's key, with its company.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Account {
    pub account_id: i64,
    pub company_id: i64,
    pub company_name: String,
}

/// A contract of the statement's supplier.
#[derive(Debug, Clone, PartialEq, Eq, sqlx::FromRow)]
pub struct Covering {
    pub contract_id: i64,
    pub company_id: i64,
    pub company_name: String,
    pub commodity: String,
    pub start_date: Option<NaiveDate>,
    pub end_date: Option<NaiveDate>,
    pub account_ids: Vec<i64>,
}

/// A projected payment of one of the supplier's contracts, with what it holds now.
#[derive(Debug, Clone, PartialEq, Eq, sqlx::FromRow)]
pub struct Slot {
    pub payment_id: i64,
    pub contract_id: i64,
    pub company_id: i64,
    pub company_name: String,
    pub month: NaiveDate,
    pub projected_payment: Option<Decimal>,
    pub usage_actual: Option<Decimal>,
    pub payment_actual: Option<Decimal>,
    pub payment_month: Option<i16>,
    pub payment_year: Option<i32>,
    pub version: i64,
    /// A standing statement that set it.
    pub held_by: Option<i64>,
}

impl Slot {
    /// Already paid: by a standing statement, or a Payment Actual entered.
    pub fn paid(&self) -> Option<String> {
        match (self.held_by, self.payment_actual) {
            (Some(statement), _) => Some(format!("Already paid by statement #{statement}.")),
            (None, Some(actual)) => {
                Some(format!("Payment {} already has a Payment Actual of {}.", self.payment_id, dollars(actual)))
            }
            (None, None) => None,
        }
    }
}

/// What the matching reads: the accounts of the statement's numbers, the supplier's contracts
/// covering them, the supplier's payments of the statement's months, companies named like the
/// statement's customers, and a contract of each such company with the supplier.
#[derive(Debug, Clone, Default)]
pub struct Book {
    pub accounts: HashMap<String, Vec<Account>>,
    pub contracts: Vec<Covering>,
    pub slots: Vec<Slot>,
    pub companies_by_name: HashMap<String, Vec<(i64, String)>>,
    pub company_contracts: HashMap<i64, i64>,
}

/// A company that may be an unmatched row's customer.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Suggestion {
    pub company_id: i64,
    pub company_name: String,
    pub reason: String,
    pub contract_id: i64,
}

/// A row with its match.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RowMatch {
    pub row_number: i32,
    pub line: Line,
    pub bucket: Bucket,
    pub contract_id: Option<i64>,
    pub payment_id: Option<i64>,
    pub company_id: Option<i64>,
    pub company_name: String,
    pub month: NaiveDate,
    pub expected: Option<Decimal>,
    pub received: Option<Decimal>,
    pub note: String,
    pub suggestions: Vec<Suggestion>,
}

impl RowMatch {
    pub fn difference(&self) -> Option<Decimal> {
        Some(self.received? - self.expected?)
    }
}

/// What applying writes into one payment: the summed lines, and what it was read as.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Apply {
    pub slot: Slot,
    pub usage: Option<Decimal>,
    pub amount: Decimal,
}

/// The statement's match.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Outcome {
    pub rows: Vec<RowMatch>,
    pub applies: Vec<Apply>,
    pub missing: Vec<Slot>,
}

impl Outcome {
    pub fn count(&self, bucket: Bucket) -> i32 {
        self.rows.iter().filter(|r| r.bucket == bucket).count() as i32
    }

    pub fn received_total(&self) -> Decimal {
        self.rows.iter().map(|r| r.line.amount).sum()
    }

    pub fn applied_total(&self) -> Decimal {
        self.applies.iter().map(|a| a.amount).sum()
    }

    pub fn expected_total(&self) -> Decimal {
        self.applies.iter().filter_map(|a| a.slot.projected_payment).sum()
    }

    pub fn missing_total(&self) -> Decimal {
        self.missing.iter().filter_map(|s| s.projected_payment).sum()
    }
}

pub fn dollars(amount: Decimal) -> String {
    let text = money::text(amount.abs());
    let (whole, cents) = text.split_once('.').unwrap_or((&text, "00"));
    let grouped = crate::domain::statement_file::grouped(whole);
    let sign = if amount.is_sign_negative() && !amount.is_zero() { "-" } else { "" };
    format!("{sign}${grouped}.{cents}")
}

/// Whether `received` is within `tolerance_percent` of `expected`.
pub fn within(expected: Decimal, received: Decimal, tolerance_percent: Decimal) -> bool {
    (received - expected).abs() <= (expected.abs() * tolerance_percent / Decimal::from(100))
}

/// Matches the lines (row numbers from 1, in order) against the book.
pub fn match_lines(lines: &[Line], book: &Book, tolerance_percent: Decimal) -> Outcome {
    let slots: HashMap<(i64, NaiveDate), &Slot> = {
        let mut by_month = HashMap::new();
        // The first payment of a contract's month (by id) is the one a statement pays.
        let mut sorted: Vec<&Slot> = book.slots.iter().collect();
        sorted.sort_by_key(|s| s.payment_id);
        for slot in sorted {
            by_month.entry((slot.contract_id, slot.month)).or_insert(slot);
        }
        by_month
    };
    let mut seen: HashMap<(String, NaiveDate), i32> = HashMap::new();
    let mut rows = Vec::with_capacity(lines.len());
    // Rows of each payment, for summing.
    let mut groups: BTreeMap<i64, Vec<usize>> = BTreeMap::new();
    for (index, line) in lines.iter().enumerate() {
        let row_number = index as i32 + 1;
        let key = account_number_key(&line.account_number);
        let month = line.month();
        let mut row = RowMatch {
            row_number,
            line: line.clone(),
            bucket: Bucket::Unmatched,
            contract_id: None,
            payment_id: None,
            company_id: None,
            company_name: String::new(),
            month,
            expected: None,
            received: None,
            note: String::new(),
            suggestions: Vec::new(),
        };
        if let Some(first) = seen.get(&(key.clone(), month)) {
            row.bucket = Bucket::Duplicate;
            row.note = format!("Row {first} has the same account and month.");
            rows.push(row);
            continue;
        }
        seen.insert((key.clone(), month), row_number);
        let accounts = book.accounts.get(&key).map_or(&[][..], Vec::as_slice);
        let account_ids: HashSet<i64> = accounts.iter().map(|a| a.account_id).collect();
        let best =
            book.contracts.iter().filter(|c| c.account_ids.iter().any(|id| account_ids.contains(id))).max_by_key(|c| {
                let has_slot = slots.contains_key(&(c.contract_id, month));
                let in_term = c.start_date.is_none_or(|s| crate::domain::statement_file::first_of_month(s) <= month)
                    && c.end_date.is_none_or(|e| e >= month);
                let commodity = line.commodity.is_empty() || c.commodity == line.commodity;
                (has_slot, commodity, in_term, c.start_date, c.contract_id)
            });
        match best {
            None => {
                row.note = format!("No contract of this supplier covers account {}.", line.account_number);
                row.suggestions = suggestions(line, accounts, book);
            }
            Some(contract) => {
                row.contract_id = Some(contract.contract_id);
                row.company_id = Some(contract.company_id);
                row.company_name.clone_from(&contract.company_name);
                match slots.get(&(contract.contract_id, month)) {
                    None => {
                        row.note = format!(
                            "Contract {} has no projected payment for {}.",
                            contract.contract_id,
                            month_year(month)
                        );
                        row.suggestions = vec![Suggestion {
                            company_id: contract.company_id,
                            company_name: contract.company_name.clone(),
                            reason: format!("Account {} is on contract {}", line.account_number, contract.contract_id),
                            contract_id: contract.contract_id,
                        }];
                    }
                    Some(slot) => {
                        row.payment_id = Some(slot.payment_id);
                        row.expected = Some(slot.projected_payment.unwrap_or_default());
                        groups.entry(slot.payment_id).or_default().push(rows.len());
                    }
                }
            }
        }
        rows.push(row);
    }
    let by_id: HashMap<i64, &Slot> = book.slots.iter().map(|s| (s.payment_id, s)).collect();
    let mut applies = Vec::new();
    for (payment_id, members) in &groups {
        let slot = by_id[payment_id];
        let received: Decimal = members.iter().map(|&i| rows[i].line.amount).sum();
        let usages: Vec<Decimal> = members.iter().filter_map(|&i| rows[i].line.usage).collect();
        let usage = (!usages.is_empty()).then(|| usages.iter().copied().sum());
        let expected = slot.projected_payment.unwrap_or_default();
        let (bucket, note) = match slot.paid() {
            Some(paid) => (Bucket::Duplicate, paid),
            None if within(expected, received, tolerance_percent) => (Bucket::Matched, String::new()),
            None => {
                let difference = received - expected;
                let word = if difference.is_sign_negative() { "Short" } else { "Over" };
                (Bucket::ShortOver, format!("{word} by {}.", dollars(difference.abs())))
            }
        };
        for &index in members {
            rows[index].bucket = bucket;
            rows[index].received = Some(received);
            rows[index].note.clone_from(&note);
            if members.len() > 1 && bucket != Bucket::Duplicate {
                rows[index].note =
                    format!("{} rows of this account's contract and month, summed. {note}", members.len())
                        .trim_end()
                        .to_owned();
            }
        }
        if bucket.applied() {
            applies.push(Apply { slot: slot.clone(), usage, amount: received });
        }
    }
    let months: HashSet<NaiveDate> = lines.iter().map(Line::month).collect();
    let hit: HashSet<i64> = groups.keys().copied().collect();
    let mut missing: Vec<Slot> = book
        .slots
        .iter()
        .filter(|s| {
            months.contains(&s.month)
                && !hit.contains(&s.payment_id)
                && s.paid().is_none()
                && s.projected_payment.is_some_and(|p| p > Decimal::ZERO)
        })
        .cloned()
        .collect();
    missing.sort_by(|a, b| (a.month, &a.company_name, a.payment_id).cmp(&(b.month, &b.company_name, b.payment_id)));
    Outcome { rows, applies, missing }
}

/// Companies that may be an unmatched line's customer: those holding an account with its
/// number, then those named like its customer; at most five.
fn suggestions(line: &Line, accounts: &[Account], book: &Book) -> Vec<Suggestion> {
    let mut found: Vec<Suggestion> = Vec::new();
    let mut add = |company_id: i64, company_name: &str, reason: String| {
        if found.len() < 5 && !found.iter().any(|s| s.company_id == company_id) {
            found.push(Suggestion {
                company_id,
                company_name: company_name.to_owned(),
                reason,
                contract_id: book.company_contracts.get(&company_id).copied().unwrap_or_default(),
            });
        }
    };
    for account in accounts {
        add(account.company_id, &account.company_name, format!("Account {} is this company's", line.account_number));
    }
    let name = line.customer_name.trim();
    if !name.is_empty() {
        for (company_id, company_name) in book.companies_by_name.get(name).map_or(&[][..], Vec::as_slice) {
            add(*company_id, company_name, format!("Name is like {name}"));
        }
    }
    found
}

#[cfg(test)]
mod tests {
    use super::*;

    fn d(text: &str) -> Decimal {
        text.parse().unwrap()
    }

    fn march() -> NaiveDate {
        NaiveDate::from_ymd_opt(2026, 3, 1).unwrap()
    }

    fn line(account: &str, amount: &str) -> Line {
        Line {
            account_number: account.into(),
            period_start: NaiveDate::from_ymd_opt(2026, 3, 4).unwrap(),
            period_end: None,
            usage: Some(d("100")),
            amount: d(amount),
            fee: None,
            commodity: String::new(),
            customer_name: "Acme Steel".into(),
        }
    }

    fn slot(payment_id: i64, contract_id: i64, projected: &str) -> Slot {
        Slot {
            payment_id,
            contract_id,
            company_id: contract_id * 10,
            company_name: format!("Company {contract_id}"),
            month: march(),
            projected_payment: Some(d(projected)),
            usage_actual: None,
            payment_actual: None,
            payment_month: None,
            payment_year: None,
            version: 1,
            held_by: None,
        }
    }

    fn book() -> Book {
        let account = |account_id: i64, company_id: i64| Account {
            account_id,
            company_id,
            company_name: format!("Company {}", company_id / 10),
        };
        let contract = |contract_id: i64, account_ids: Vec<i64>| Covering {
            contract_id,
            company_id: contract_id * 10,
            company_name: format!("Company {contract_id}"),
            commodity: "Electric".into(),
            start_date: Some(NaiveDate::from_ymd_opt(2025, 1, 1).unwrap()),
            end_date: Some(NaiveDate::from_ymd_opt(2027, 1, 1).unwrap()),
            account_ids,
        };
        Book {
            accounts: HashMap::from([
                ("111".to_owned(), vec![account(1, 10)]),
                ("222".to_owned(), vec![account(2, 20)]),
                ("223".to_owned(), vec![account(3, 20)]),
                ("333".to_owned(), vec![account(4, 30)]),
                ("999".to_owned(), vec![account(9, 90)]),
            ]),
            contracts: vec![contract(1, vec![1]), contract(2, vec![2, 3]), contract(3, vec![4]), contract(4, vec![5])],
            slots: vec![slot(11, 1, "100.00"), slot(21, 2, "50.00"), slot(31, 3, "80.00"), slot(41, 4, "70.00")],
            companies_by_name: HashMap::from([("Acme Steel".to_owned(), vec![(77, "ACME Steel Inc".to_owned())])]),
            company_contracts: HashMap::new(),
        }
    }

    #[test]
    fn rows_fall_into_buckets_and_unpaid_projections_are_missing() {
        let lines = [
            line("0111", "101.50"), // within 2 % of 100
            line("22-2", "20.00"),  // with the next row: 45 of 50, short
            line("223", "25.00"),
            line("333", "90.00"),  // over 80
            line("999", "5.00"),   // not this supplier's
            line("111", "101.50"), // same account and month again
        ];
        let outcome = match_lines(&lines, &book(), d("2"));
        let buckets: Vec<Bucket> = outcome.rows.iter().map(|r| r.bucket).collect();
        use Bucket::*;
        assert_eq!(buckets, [Matched, ShortOver, ShortOver, ShortOver, Unmatched, Duplicate]);
        assert_eq!(outcome.rows[1].received, Some(d("45.00")));
        assert_eq!(outcome.rows[1].difference(), Some(d("-5.00")));
        assert!(outcome.rows[1].note.ends_with("Short by $5.00."), "{}", outcome.rows[1].note);
        assert_eq!(outcome.rows[3].note, "Over by $10.00.");
        assert_eq!(outcome.rows[4].note, "No contract of this supplier covers account 999.");
        let suggested: Vec<i64> = outcome.rows[4].suggestions.iter().map(|s| s.company_id).collect();
        assert_eq!(suggested, [90, 77]);
        assert_eq!(outcome.rows[5].note, "Row 1 has the same account and month.");
        assert_eq!(outcome.applies.len(), 3);
        assert_eq!(outcome.applies[1].usage, Some(d("200")));
        assert_eq!(outcome.missing.iter().map(|s| s.payment_id).collect::<Vec<_>>(), [41]);
        assert_eq!(outcome.applied_total(), d("236.50"));
        assert_eq!(outcome.missing_total(), d("70.00"));
    }

    #[test]
    fn a_payment_already_paid_is_a_duplicate_and_not_applied() {
        let mut book = book();
        book.slots[0].held_by = Some(7);
        book.slots[1].payment_actual = Some(d("50"));
        let outcome = match_lines(&[line("111", "100"), line("222", "50")], &book, d("2"));
        assert_eq!(outcome.rows[0].bucket, Bucket::Duplicate);
        assert_eq!(outcome.rows[0].note, "Already paid by statement #7.");
        assert_eq!(outcome.rows[1].note, "Payment 21 already has a Payment Actual of $50.00.");
        assert!(outcome.applies.is_empty());
        // Paid payments are not missing either.
        assert_eq!(outcome.missing.iter().map(|s| s.payment_id).collect::<Vec<_>>(), [31, 41]);
    }

    #[test]
    fn a_contract_without_a_payment_for_the_month_is_unmatched_with_its_company_suggested() {
        let mut book = book();
        book.slots.retain(|s| s.payment_id != 11);
        let outcome = match_lines(&[line("111", "100")], &book, d("2"));
        assert_eq!(outcome.rows[0].bucket, Bucket::Unmatched);
        assert_eq!(outcome.rows[0].note, "Contract 1 has no projected payment for March 2026.");
        assert_eq!(outcome.rows[0].suggestions[0].contract_id, 1);
    }

    #[test]
    fn the_tolerance_is_a_share_of_the_projection() {
        assert!(within(d("100"), d("102"), d("2")));
        assert!(!within(d("100"), d("102.01"), d("2")));
        assert!(within(d("0"), d("0"), d("2")));
        assert!(!within(d("0"), d("0.01"), d("2")));
        assert_eq!(dollars(d("-1234567.5")), "-$1,234,567.50");
    }
}
