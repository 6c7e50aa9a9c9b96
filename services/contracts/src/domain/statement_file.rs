//! A supplier's commission statement as a file: read from CSV or .xlsx into headers and cells,
//! its columns mapped to the figures a statement carries, and its rows checked into lines. Every
//! problem is named by row and column, and a file with any is refused as a whole.

use std::io::Cursor;

use calamine::{Data, Reader, Xlsx};
use chrono::{Datelike, NaiveDate};
use eris_platform::{export::is_formula, money, vocabulary::MONTHS};
use ring::digest;
use rust_decimal::Decimal;
use serde::{Deserialize, Serialize};

use crate::error::{Result, invalid};

/// The most rows a statement holds.
pub const MAX_ROWS: usize = 50_000;
/// The largest file read.
pub const MAX_FILE_BYTES: usize = 32 * 1024 * 1024;
/// Rows shown under the mapping.
pub const SAMPLE_ROWS: usize = 5;

/// A file's header texts and the cells of each row under them, as text.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Table {
    pub headers: Vec<String>,
    pub rows: Vec<Vec<String>>,
}

/// Which column (by header text) holds each figure; empty for none.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default, rename_all = "camelCase")]
pub struct Mapping {
    pub account_number: String,
    pub period_start: String,
    pub period_end: String,
    pub period_month: String,
    pub usage: String,
    pub amount: String,
    pub fee: String,
    pub commodity: String,
    pub customer_name: String,
}

/// One row of a statement, checked.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Line {
    pub account_number: String,
    pub period_start: NaiveDate,
    pub period_end: Option<NaiveDate>,
    pub usage: Option<Decimal>,
    pub amount: Decimal,
    pub fee: Option<Decimal>,
    pub commodity: String,
    pub customer_name: String,
}

impl Line {
    /// The service month the row pays (its first day).
    pub fn month(&self) -> NaiveDate {
        first_of_month(self.period_start)
    }
}

pub fn first_of_month(date: NaiveDate) -> NaiveDate {
    date.with_day(1).unwrap_or(date)
}

/// Reads a CSV or .xlsx file (by its name's ending) into headers and rows: the first row that is
/// not blank holds the headers, blank rows are skipped, cells are trimmed.
pub fn read_file(file_name: &str, content: &[u8]) -> Result<Table> {
    if content.len() > MAX_FILE_BYTES {
        return Err(invalid("A statement file can be at most 32 MB."));
    }
    let lower = file_name.trim().to_lowercase();
    let rows = if lower.ends_with(".xlsx") {
        read_xlsx(content)?
    } else if lower.ends_with(".csv") || lower.ends_with(".txt") {
        read_csv(content)?
    } else {
        return Err(invalid("Upload the statement as a CSV or .xlsx file."));
    };
    let mut rows = rows.into_iter().filter(|row| row.iter().any(|cell| !cell.is_empty()));
    let Some(headers) = rows.next() else {
        return Err(invalid("The file is empty."));
    };
    let rows: Vec<Vec<String>> = rows.collect();
    if rows.is_empty() {
        return Err(invalid("The file has no rows under its headers."));
    }
    if rows.len() > MAX_ROWS {
        return Err(too_many_rows(rows.len()));
    }
    let mut seen = std::collections::HashSet::new();
    for header in headers.iter().filter(|h| !h.is_empty()) {
        if !seen.insert(header.to_lowercase()) {
            return Err(invalid(format!("The file has two columns named \"{header}\"; name each column once.")));
        }
    }
    Ok(Table { headers, rows })
}

/// The refusal of a statement with more than `MAX_ROWS` rows (`count` of them).
pub fn too_many_rows(count: usize) -> crate::error::Error {
    invalid(format!("A statement can have at most {} rows; this one has {}.", thousands(MAX_ROWS), thousands(count)))
}

fn thousands(n: usize) -> String {
    grouped(&n.to_string())
}

/// Digits with a comma between each group of three: "1234567" as "1,234,567".
pub fn grouped(digits: &str) -> String {
    let mut out = String::with_capacity(digits.len() + digits.len() / 3);
    for (index, digit) in digits.chars().enumerate() {
        if index > 0 && (digits.len() - index).is_multiple_of(3) {
            out.push(',');
        }
        out.push(digit);
    }
    out
}

fn clean(cell: &str) -> String {
    cell.trim().chars().filter(|c| !c.is_control()).collect()
}

fn read_csv(content: &[u8]) -> Result<Vec<Vec<String>>> {
    let text = String::from_utf8_lossy(content);
    let text = text.strip_prefix('\u{feff}').unwrap_or(&text);
    let mut reader = csv::ReaderBuilder::new().has_headers(false).flexible(true).from_reader(text.as_bytes());
    let mut rows = Vec::new();
    for (index, record) in reader.records().enumerate() {
        let record =
            record.map_err(|error| invalid(format!("Line {} of the file cannot be read: {error}.", index + 1)))?;
        rows.push(record.iter().map(clean).collect());
        if rows.len() > MAX_ROWS + 1 {
            // Counted to the end only to say how many; the cells are not kept.
            let more = reader.records().count();
            return Err(too_many_rows(rows.len() - 1 + more));
        }
    }
    Ok(rows)
}

/// The first sheet's values; a cell holding a formula refuses the file (a statement is what was
/// paid, not a calculation a spreadsheet may redo differently).
fn read_xlsx(content: &[u8]) -> Result<Vec<Vec<String>>> {
    let unreadable = |_| invalid("The file is not an .xlsx workbook Eris can read; save it again as .xlsx or CSV.");
    let mut book = Xlsx::new(Cursor::new(content)).map_err(unreadable)?;
    let Some(sheet) = book.sheet_names().first().cloned() else {
        return Err(invalid("The workbook has no sheets."));
    };
    let range = book.worksheet_range(&sheet).map_err(unreadable)?;
    if range.height() > MAX_ROWS + 1 {
        return Err(too_many_rows(range.height() - 1));
    }
    let formulas = book.worksheet_formula(&sheet).map_err(unreadable)?;
    if let Some((row, column, formula)) =
        formulas.cells().find(|(_, _, formula)| !formula.is_empty()).map(|(r, c, f)| (r, c, f.clone()))
    {
        let (start_row, start_column) = formulas.start().unwrap_or((0, 0));
        return Err(invalid(format!(
            "Cell {}{} holds a formula (={formula}); save the statement with values only.",
            column_letters(start_column as usize + column),
            start_row as usize + row + 1
        )));
    }
    let mut rows = Vec::with_capacity(range.height());
    for row in range.rows() {
        let mut cells = Vec::with_capacity(row.len());
        for cell in row {
            cells.push(match cell {
                Data::Empty => String::new(),
                Data::String(text) | Data::DateTimeIso(text) | Data::DurationIso(text) => clean(text),
                Data::Int(value) => value.to_string(),
                Data::Float(value) => float_text(*value),
                Data::Bool(value) => if *value { "TRUE" } else { "FALSE" }.to_owned(),
                Data::DateTime(value) => excel_date(value.as_f64()).map_or_else(|| float_text(value.as_f64()), iso),
                Data::Error(error) => return Err(invalid(format!("The workbook has an error cell ({error})."))),
            });
        }
        rows.push(cells);
    }
    Ok(rows)
}

fn column_letters(mut index: usize) -> String {
    let mut letters = Vec::new();
    loop {
        letters.push(b'A' + (index % 26) as u8);
        if index < 26 {
            break;
        }
        index = index / 26 - 1;
    }
    letters.reverse();
    String::from_utf8(letters).unwrap_or_default()
}

/// A number as Excel shows it in a general cell: no trailing zeros, no exponent for amounts.
fn float_text(value: f64) -> String {
    if value.fract() == 0.0 && value.abs() < 1e15 {
        format!("{value:.0}")
    } else {
        Decimal::try_from(value).map(|d| d.normalize().to_string()).unwrap_or_else(|_| value.to_string())
    }
}

/// A date from Excel's day number (the 1900 system, as every current workbook uses).
fn excel_date(serial: f64) -> Option<NaiveDate> {
    if !(1.0..=2_958_465.0).contains(&serial) {
        return None;
    }
    NaiveDate::from_ymd_opt(1899, 12, 30)?.checked_add_days(chrono::Days::new(serial.floor() as u64))
}

fn iso(date: NaiveDate) -> String {
    date.format("%Y-%m-%d").to_string()
}

/// A header as compared: lower case letters and digits only.
fn header_key(header: &str) -> String {
    header.chars().filter(char::is_ascii_alphanumeric).flat_map(|c| c.to_lowercase()).collect()
}

/// What suppliers call each figure, best first (compared as `header_key`s).
const NAMES: [(&str, &[&str]); 9] = [
    (
        "account_number",
        &[
            "accountnumber",
            "accountno",
            "account",
            "acct",
            "acctno",
            "esiid",
            "esi",
            "ldcaccount",
            "utilityaccount",
            "uan",
        ],
    ),
    ("period_start", &["periodstart", "servicestart", "startdate", "servicefrom", "from", "start"]),
    ("period_end", &["periodend", "serviceend", "enddate", "servicethrough", "serviceto", "to", "end"]),
    ("period_month", &["servicemonth", "usagemonth", "billingmonth", "flowmonth", "period", "month"]),
    ("usage", &["usage", "kwh", "volume", "therms", "consumption", "quantity"]),
    ("amount", &["amountpaid", "commissionamount", "commission", "amount", "paid", "payment", "total"]),
    ("fee", &["brokerfee", "fee", "adder", "rate", "margin", "mils"]),
    ("commodity", &["commodity", "product", "servicetype"]),
    ("customer_name", &["customername", "customer", "businessname", "accountname", "name"]),
];

/// A mapping guessed from the headers: for each figure, the first header named as suppliers
/// name it, else the first that contains such a name; a header serves one figure.
pub fn suggest_mapping(headers: &[String]) -> Mapping {
    let keys: Vec<String> = headers.iter().map(|h| header_key(h)).collect();
    let mut used = vec![false; headers.len()];
    let mut picked: Vec<String> = Vec::with_capacity(NAMES.len());
    for (_, names) in NAMES {
        let exact = names.iter().find_map(|name| keys.iter().enumerate().position(|(i, k)| !used[i] && k == name));
        let partial = || {
            names.iter().find_map(|name| {
                keys.iter().enumerate().position(|(i, k)| !used[i] && name.len() >= 4 && k.contains(name))
            })
        };
        match exact.or_else(partial) {
            Some(index) => {
                used[index] = true;
                picked.push(headers[index].clone());
            }
            None => picked.push(String::new()),
        }
    }
    let mut mapping = Mapping {
        account_number: picked[0].clone(),
        period_start: picked[1].clone(),
        period_end: picked[2].clone(),
        period_month: picked[3].clone(),
        usage: picked[4].clone(),
        amount: picked[5].clone(),
        fee: picked[6].clone(),
        commodity: picked[7].clone(),
        customer_name: picked[8].clone(),
    };
    // A start date makes a month column needless.
    if !mapping.period_start.is_empty() {
        mapping.period_month.clear();
    }
    mapping
}

/// Whether every column the mapping names is among the headers.
pub fn fits(mapping: &Mapping, headers: &[String]) -> bool {
    mapping.columns().iter().all(|(_, column)| column.is_empty() || position(headers, column).is_some())
        && !mapping.account_number.is_empty()
}

fn position(headers: &[String], column: &str) -> Option<usize> {
    headers.iter().position(|h| h.eq_ignore_ascii_case(column.trim()))
}

impl Mapping {
    /// (label, column) of every figure.
    fn columns(&self) -> [(&'static str, &str); 9] {
        [
            ("Account Number", &self.account_number),
            ("Period Start", &self.period_start),
            ("Period End", &self.period_end),
            ("Period Month", &self.period_month),
            ("Usage", &self.usage),
            ("Amount", &self.amount),
            ("Fee", &self.fee),
            ("Commodity", &self.commodity),
            ("Customer Name", &self.customer_name),
        ]
    }
}

/// Column positions of a mapping checked against a file's headers.
struct Columns {
    account_number: usize,
    period_start: Option<usize>,
    period_end: Option<usize>,
    period_month: Option<usize>,
    usage: Option<usize>,
    amount: usize,
    fee: Option<usize>,
    commodity: Option<usize>,
    customer_name: Option<usize>,
}

fn columns(mapping: &Mapping, headers: &[String]) -> Result<Columns> {
    let mut problems = Vec::new();
    let mut find = |label: &str, column: &str| {
        if column.trim().is_empty() {
            return None;
        }
        let found = position(headers, column);
        if found.is_none() {
            problems.push(format!("The file has no column \"{}\" (mapped to {label}).", column.trim()));
        }
        found
    };
    let account_number = find("Account Number", &mapping.account_number);
    let period_start = find("Period Start", &mapping.period_start);
    let period_end = find("Period End", &mapping.period_end);
    let period_month = find("Period Month", &mapping.period_month);
    let usage = find("Usage", &mapping.usage);
    let amount = find("Amount", &mapping.amount);
    let fee = find("Fee", &mapping.fee);
    let commodity = find("Commodity", &mapping.commodity);
    let customer_name = find("Customer Name", &mapping.customer_name);
    if mapping.account_number.trim().is_empty() {
        problems.push("Map a column to Account Number.".to_owned());
    }
    if mapping.amount.trim().is_empty() {
        problems.push("Map a column to Amount.".to_owned());
    }
    if mapping.period_start.trim().is_empty() && mapping.period_month.trim().is_empty() {
        problems.push("Map a column to Period Start or to Period Month.".to_owned());
    }
    let mut named: Vec<String> =
        mapping.columns().iter().map(|(_, c)| c.trim().to_lowercase()).filter(|c| !c.is_empty()).collect();
    named.sort();
    if named.windows(2).any(|w| w[0] == w[1]) {
        problems.push("Map each column to one figure only.".to_owned());
    }
    if !problems.is_empty() {
        return Err(invalid(problems.join("\n")));
    }
    Ok(Columns {
        account_number: account_number.unwrap_or_default(),
        period_start,
        period_end,
        period_month,
        usage,
        amount: amount.unwrap_or_default(),
        fee,
        commodity,
        customer_name,
    })
}

/// One refusal naming every problem, one per line, the first 20 and how many more.
pub fn listed(mut problems: Vec<String>) -> crate::error::Error {
    let more = problems.len().saturating_sub(20);
    problems.truncate(20);
    if more > 0 {
        problems.push(format!("…and {more} more problems."));
    }
    invalid(problems.join("\n"))
}

/// The table's rows as lines, by the mapping; refused as a whole, naming each problem by row
/// (the first row under the headers is row 1) and column.
pub fn lines_of(table: &Table, mapping: &Mapping) -> Result<Vec<Line>> {
    let at = columns(mapping, &table.headers)?;
    let mut lines = Vec::with_capacity(table.rows.len());
    let mut problems = Vec::new();
    for (index, row) in table.rows.iter().enumerate() {
        let number = index + 1;
        let cell = |column: Option<usize>| column.and_then(|c| row.get(c)).map_or("", |c| c.as_str());
        let mut problem = |text: String| problems.push(format!("Row {number}: {text}"));
        let account_number = cell(Some(at.account_number)).to_owned();
        let text_cells = [
            ("Account Number", &account_number[..]),
            ("Commodity", cell(at.commodity)),
            ("Customer Name", cell(at.customer_name)),
        ];
        let mut bad = false;
        for (label, value) in text_cells {
            if is_formula(value) {
                problem(format!("{label} \"{value}\" looks like a formula; a statement holds values only."));
                bad = true;
            }
        }
        if account_number.is_empty() {
            problem("Account Number is empty.".to_owned());
            bad = true;
        } else if account_number.chars().count() > 60 {
            problem("Account Number is longer than 60 characters.".to_owned());
            bad = true;
        }
        let start = match (at.period_start, at.period_month) {
            (Some(column), _) => read_date("Period Start", cell(Some(column))),
            (None, Some(column)) => read_month("Period Month", cell(Some(column))),
            (None, None) => Err("Period Start is empty.".to_owned()),
        };
        let end = match at.period_end.map(|c| cell(Some(c))).filter(|v| !v.is_empty()) {
            Some(value) => read_date("Period End", value).map(Some),
            None => Ok(None),
        };
        let amount = read_number("Amount", cell(Some(at.amount)), 14, 6)
            .and_then(|a| a.map(in_cents).ok_or_else(|| "Amount is empty.".to_owned()));
        let usage = read_number("Usage", cell(at.usage), 14, 4);
        let fee = read_number("Fee", cell(at.fee), 7, 8).map(|f| f.map(|f| f.round_dp(5)));
        let commodity = match commodity_name(cell(at.commodity)) {
            Some(name) => name,
            None => {
                problem(format!("Commodity \"{}\" is not Electric, Gas or DR.", cell(at.commodity)));
                bad = true;
                ""
            }
        };
        match (start, end, amount, usage, fee) {
            (Ok(period_start), Ok(period_end), Ok(amount), Ok(usage), Ok(fee)) if !bad => {
                if period_end.is_some_and(|end| end < period_start) {
                    problem("Period End is before Period Start.".to_owned());
                    continue;
                }
                lines.push(Line {
                    account_number,
                    period_start,
                    period_end,
                    usage,
                    amount,
                    fee,
                    commodity: commodity.to_owned(),
                    customer_name: cell(at.customer_name).chars().take(200).collect(),
                });
            }
            (start, end, amount, usage, fee) => {
                for error in [start.err(), end.err(), amount.err(), usage.err(), fee.err()].into_iter().flatten() {
                    problem(error);
                }
            }
        }
    }
    if !problems.is_empty() {
        return Err(listed(problems));
    }
    Ok(lines)
}

/// An amount as a statement row keeps it: rounded to cents, with two fraction digits.
pub fn in_cents(amount: Decimal) -> Decimal {
    let mut amount = money::cents(amount);
    amount.rescale(2);
    amount
}

/// Lines a caller sent already mapped, checked as a file's are.
pub fn check_lines(lines: Vec<Line>) -> Result<Vec<Line>> {
    if lines.is_empty() {
        return Err(invalid("A statement needs at least one row."));
    }
    if lines.len() > MAX_ROWS {
        return Err(too_many_rows(lines.len()));
    }
    let mut problems = Vec::new();
    for (index, line) in lines.iter().enumerate() {
        let number = index + 1;
        let account = line.account_number.trim();
        if account.is_empty() {
            problems.push(format!("Row {number}: Account Number is empty."));
        } else if account.chars().count() > 60 || account.chars().any(char::is_control) || is_formula(account) {
            problems.push(format!("Row {number}: Account Number \"{account}\" is not an account number."));
        }
        for (label, date) in [("Period Start", Some(line.period_start)), ("Period End", line.period_end)] {
            if let Some(date) = date
                && !(1900..=2200).contains(&date.year())
            {
                problems.push(format!("Row {number}: {label} must be a date between 1900 and 2200."));
            }
        }
        if line.period_end.is_some_and(|end| end < line.period_start) {
            problems.push(format!("Row {number}: Period End is before Period Start."));
        }
        if is_formula(&line.customer_name) || line.customer_name.chars().any(char::is_control) {
            problems.push(format!("Row {number}: Customer Name looks like a formula; a statement holds values only."));
        }
    }
    if !problems.is_empty() {
        return Err(listed(problems));
    }
    Ok(lines)
}

/// A commodity as statements name it, in the contracts' words; `Some("")` for none.
pub fn commodity_name(value: &str) -> Option<&'static str> {
    match header_key(value).as_str() {
        "" => Some(""),
        "electric" | "electricity" | "power" | "elec" | "e" => Some("Electric"),
        "gas" | "naturalgas" | "ng" | "g" => Some("Gas"),
        "dr" | "demandresponse" => Some("DR"),
        _ => None,
    }
}

fn read_number(label: &str, value: &str, digits: u32, scale: usize) -> Result<Option<Decimal>, String> {
    if value.is_empty() {
        return Ok(None);
    }
    money::signed(label, value, digits, scale).map_err(|_| format!("{label} \"{value}\" is not a number."))
}

/// A date as statements write it: 03/15/2026, 3/15/26, 2026-03-15 (a time after it is ignored),
/// or an Excel day number.
pub fn read_date(label: &str, value: &str) -> Result<NaiveDate, String> {
    let value = value.trim();
    if value.is_empty() {
        return Err(format!("{label} is empty."));
    }
    let day = value.split([' ', 'T']).next().unwrap_or(value);
    let two_digit_year = day.contains('/') && day.rsplit('/').next().is_some_and(|y| y.len() == 2);
    let formats: &[&str] =
        if two_digit_year { &["%m/%d/%y"] } else { &["%m/%d/%Y", "%Y-%m-%d", "%m-%d-%Y", "%Y/%m/%d"] };
    let parsed = formats
        .iter()
        .find_map(|format| NaiveDate::parse_from_str(day, format).ok())
        .or_else(|| day.parse::<f64>().ok().filter(|n| (20_000.0..80_000.0).contains(n)).and_then(excel_date));
    match parsed {
        Some(date) if (1900..=2200).contains(&date.year()) => Ok(date),
        Some(_) => Err(format!("{label} \"{value}\" must be a date between 1900 and 2200.")),
        None => Err(format!("{label} \"{value}\" is not a date (MM/DD/YYYY).")),
    }
}

/// A service month as statements write it: 03/2026, 2026-03, Mar 2026, March-2026, 202603, or a
/// date in the month.
pub fn read_month(label: &str, value: &str) -> Result<NaiveDate, String> {
    let value = value.trim();
    if value.is_empty() {
        return Err(format!("{label} is empty."));
    }
    if let Ok(date) = read_date(label, value) {
        return Ok(first_of_month(date));
    }
    let parts: Vec<&str> = value.split(['/', '-', ' ', '.']).filter(|p| !p.is_empty()).collect();
    let month_of = |text: &str| -> Option<u32> {
        text.parse::<u32>().ok().filter(|m| (1..=12).contains(m)).or_else(|| {
            let lower = text.to_lowercase();
            MONTHS
                .iter()
                .position(|name| lower.len() >= 3 && name.to_lowercase().starts_with(&lower))
                .map(|i| i as u32 + 1)
        })
    };
    let year_of = |text: &str| -> Option<i32> {
        let year: i32 = text.parse().ok()?;
        match text.len() {
            4 => Some(year),
            2 => Some(2000 + year),
            _ => None,
        }
    };
    let found = match parts.as_slice() {
        [a, b] if a.len() == 4 => year_of(a).zip(month_of(b)),
        [a, b] => year_of(b).zip(month_of(a)),
        [a] if a.len() == 6 && a.bytes().all(|b| b.is_ascii_digit()) => year_of(&a[..4]).zip(month_of(&a[4..])),
        _ => None,
    };
    match found.and_then(|(year, month)| NaiveDate::from_ymd_opt(year, month, 1)) {
        Some(date) if (1900..=2200).contains(&date.year()) => Ok(date),
        Some(_) => Err(format!("{label} \"{value}\" must be a month between 1900 and 2200.")),
        None => Err(format!("{label} \"{value}\" is not a month (MM/YYYY).")),
    }
}

/// What makes two statements the same content: the supplier and every line as read, in order.
pub fn content_hash(supplier_id: i64, lines: &[Line]) -> Vec<u8> {
    let mut context = digest::Context::new(&digest::SHA256);
    context.update(&supplier_id.to_be_bytes());
    for line in lines {
        let text = format!(
            "{}\u{1f}{}\u{1f}{}\u{1f}{}\u{1f}{}\u{1f}{}\u{1f}{}\u{1e}",
            eris_platform::text::account_number_key(&line.account_number),
            line.period_start,
            line.period_end.map(|d| d.to_string()).unwrap_or_default(),
            line.usage.map(|d| d.normalize().to_string()).unwrap_or_default(),
            line.amount.normalize(),
            line.fee.map(|d| d.normalize().to_string()).unwrap_or_default(),
            line.commodity,
        );
        context.update(text.as_bytes());
    }
    context.finish().as_ref().to_vec()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn table(text: &str) -> Table {
        read_file("statement.csv", text.as_bytes()).unwrap()
    }

    fn mapping() -> Mapping {
        Mapping {
            account_number: "Acct #".into(),
            period_start: "Service Start".into(),
            amount: "Commission".into(),
            usage: "kWh".into(),
            ..Default::default()
        }
    }

    #[test]
    fn a_csv_is_read_with_its_headers_in_any_order() {
        let read = table("\u{feff}kWh,Commission,Acct #,Service Start\r\n\r\n\"1,200\",$25.50,0012-345,03/01/2026\n");
        assert_eq!(read.headers, ["kWh", "Commission", "Acct #", "Service Start"]);
        let lines = lines_of(&read, &mapping()).unwrap();
        assert_eq!(lines.len(), 1);
        assert_eq!(lines[0].account_number, "0012-345");
        assert_eq!(lines[0].amount.to_string(), "25.50");
        assert_eq!(lines[0].usage.unwrap().to_string(), "1200");
        assert_eq!(lines[0].month(), NaiveDate::from_ymd_opt(2026, 3, 1).unwrap());
    }

    #[test]
    fn suggested_mappings_follow_suppliers_names() {
        let headers: Vec<String> =
            ["ESI ID", "Customer Name", "Usage Month", "KWH", "Commission Amount", "Rate"].map(String::from).into();
        let suggested = suggest_mapping(&headers);
        assert_eq!(suggested.account_number, "ESI ID");
        assert_eq!(suggested.period_month, "Usage Month");
        assert_eq!(suggested.period_start, "");
        assert_eq!(suggested.usage, "KWH");
        assert_eq!(suggested.amount, "Commission Amount");
        assert_eq!(suggested.fee, "Rate");
        assert_eq!(suggested.customer_name, "Customer Name");
        assert!(fits(&suggested, &headers));
        assert!(!fits(&mapping(), &headers));
    }

    #[test]
    fn bad_rows_are_named_and_nothing_is_read() {
        let read = table(
            "Acct #,Service Start,Commission,kWh\n1,13/45/2026,10,5\n2,03/01/2026,ten,5\n=HYPERLINK(1),03/01/2026,1,1\n,03/01/2026,1,1\n5,01/01/9999,1,1\n",
        );
        let message = lines_of(&read, &mapping()).unwrap_err().to_string();
        assert_eq!(
            message,
            "Row 1: Period Start \"13/45/2026\" is not a date (MM/DD/YYYY).\n\
             Row 2: Amount \"ten\" is not a number.\n\
             Row 3: Account Number \"=HYPERLINK(1)\" looks like a formula; a statement holds values only.\n\
             Row 4: Account Number is empty.\n\
             Row 5: Period Start \"01/01/9999\" must be a date between 1900 and 2200."
        );
    }

    #[test]
    fn a_mapping_naming_missing_columns_is_refused() {
        let read = table("Account,Paid\n1,2\n");
        let wrong = Mapping { account_number: "Account".into(), amount: "Amount".into(), ..Default::default() };
        assert_eq!(
            lines_of(&read, &wrong).unwrap_err().to_string(),
            "The file has no column \"Amount\" (mapped to Amount).\nMap a column to Period Start or to Period Month."
        );
    }

    #[test]
    fn empty_huge_and_foreign_files_are_refused() {
        assert_eq!(read_file("s.csv", b"A,B\n").unwrap_err().to_string(), "The file has no rows under its headers.");
        assert_eq!(read_file("s.csv", b"").unwrap_err().to_string(), "The file is empty.");
        assert_eq!(
            read_file("s.pdf", b"%PDF").unwrap_err().to_string(),
            "Upload the statement as a CSV or .xlsx file."
        );
        let mut big = String::from("A,B\n");
        for i in 0..200_000 {
            big.push_str(&format!("{i},1\n"));
        }
        assert_eq!(
            read_file("s.csv", big.as_bytes()).unwrap_err().to_string(),
            "A statement can have at most 50,000 rows; this one has 200,000."
        );
        assert!(read_file("s.xlsx", b"not a zip").unwrap_err().to_string().contains("not an .xlsx workbook"));
    }

    #[test]
    fn an_xlsx_is_read_and_one_with_formulas_refused() {
        let mut book = rust_xlsxwriter::Workbook::new();
        let sheet = book.add_worksheet();
        for (column, header) in ["Acct #", "Service Start", "Commission", "kWh"].iter().enumerate() {
            sheet.write_string(0, column as u16, *header).unwrap();
        }
        sheet.write_string(1, 0, "0012-345").unwrap();
        let date = rust_xlsxwriter::ExcelDateTime::from_ymd(2026, 3, 1).unwrap();
        sheet
            .write_datetime_with_format(1, 1, &date, &rust_xlsxwriter::Format::new().set_num_format("mm/dd/yyyy"))
            .unwrap();
        sheet.write_number(1, 2, 25.5).unwrap();
        sheet.write_number(1, 3, 1200.0).unwrap();
        let bytes = book.save_to_buffer().unwrap();
        let read = read_file("March.XLSX", &bytes).unwrap();
        let lines = lines_of(&read, &mapping()).unwrap();
        assert_eq!(lines[0].period_start, NaiveDate::from_ymd_opt(2026, 3, 1).unwrap());
        assert_eq!(lines[0].amount.to_string(), "25.50");

        sheet_with_formula_is_refused();
    }

    fn sheet_with_formula_is_refused() {
        let mut book = rust_xlsxwriter::Workbook::new();
        let sheet = book.add_worksheet();
        sheet.write_string(0, 0, "Acct #").unwrap();
        sheet.write_string(0, 1, "Commission").unwrap();
        sheet.write_string(1, 0, "1").unwrap();
        sheet.write_formula(1, 1, "=2*3").unwrap();
        let bytes = book.save_to_buffer().unwrap();
        assert_eq!(
            read_file("s.xlsx", &bytes).unwrap_err().to_string(),
            "Cell B2 holds a formula (=2*3); save the statement with values only."
        );
    }

    #[test]
    fn months_and_dates_are_read_as_statements_write_them() {
        let month = |text: &str| read_month("Period Month", text).unwrap().to_string();
        for text in ["03/2026", "3/2026", "2026-03", "Mar 2026", "March-2026", "202603", "03/15/2026", "Mar-26"] {
            assert_eq!(month(text), "2026-03-01", "{text}");
        }
        assert!(read_month("Period Month", "Smarch 2026").is_err());
        assert_eq!(read_date("D", "3/5/26").unwrap().to_string(), "2026-03-05");
        assert_eq!(read_date("D", "2026-03-05T00:00:00").unwrap().to_string(), "2026-03-05");
        assert_eq!(read_date("D", "46082").unwrap().to_string(), "2026-03-01");
    }

    #[test]
    fn the_same_content_hashes_alike_whatever_the_spelling_of_numbers() {
        let read = |text: &str| lines_of(&table(text), &mapping()).unwrap();
        let a = read("Acct #,Service Start,Commission,kWh\n0012-345,03/01/2026,25.5,1200\n");
        let b = read("kWh,Acct #,Commission,Service Start\n\"1,200.00\",12345,$25.50,2026-03-01\n");
        assert_eq!(content_hash(7, &a), content_hash(7, &b));
        assert_ne!(content_hash(7, &a), content_hash(8, &a));
    }
}
