//! Account import: a CSV in the spec's column order, read the way Excel writes it (a byte-order
//! mark, CRLF line ends, quoted commas, thousands separators, ZIP codes that lost their leading
//! zero), checked row by row. Nothing is imported while any row has a problem.

use eris_platform::text;
use eris_proto::sourcing::v1::Commodity as DirectoryCommodity;

use crate::{
    db::accounts::AccountFields,
    domain::{
        account_record::{AccountCommodity, parse_kw, parse_percent, validate},
        company_record::US_STATES,
        directory::Directory,
    },
    error::{Result, invalid},
};

/// The headers, in the order the spec gives them (spec 2 section 5).
pub const HEADERS: [&str; 16] = [
    "Site Name",
    "LEN",
    "Account #",
    "Secondary Account #",
    "Utility",
    "Supplier",
    "Commodity",
    "Rate Class",
    "Address",
    "City",
    "State",
    "Zip",
    "Tax Exempt Status",
    "PLC",
    "NSPL",
    "Zone",
];

/// Most rows one import takes.
pub const MAX_ROWS: usize = 10_000;

/// A problem with a cell or row: row 1 is the first after the header, 0 the header itself.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Problem {
    pub row: usize,
    pub column: String,
    pub message: String,
}

impl Problem {
    fn new(row: usize, column: &str, message: impl Into<String>) -> Self {
        Self { row, column: column.to_owned(), message: message.into() }
    }
}

/// The cells of a CSV file, the header first. A byte-order mark and blank lines are skipped.
pub fn read_csv(text: &str) -> Result<Vec<Vec<String>>> {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let mut reader = csv::ReaderBuilder::new().has_headers(false).flexible(true).from_reader(text.as_bytes());
    let mut rows = Vec::new();
    for (index, record) in reader.records().enumerate() {
        let record =
            record.map_err(|error| invalid(format!("Line {} of the file cannot be read: {error}.", index + 1)))?;
        rows.push(record.iter().map(str::to_owned).collect());
        if rows.len() > MAX_ROWS + 1 {
            return Err(invalid(format!("An import takes at most {MAX_ROWS} accounts.")));
        }
    }
    Ok(rows)
}

/// Checks every row; answers the accounts when no row has a problem, and every problem found.
pub fn check_rows(rows: &[Vec<String>], directory: &Directory) -> (Vec<AccountFields>, Vec<Problem>) {
    let mut problems = Vec::new();
    let Some((header, body)) = rows.split_first() else {
        return (Vec::new(), vec![Problem::new(0, "", "The file is empty.")]);
    };
    for (index, expected) in HEADERS.iter().enumerate() {
        let found = header.get(index).map(|cell| cell.trim()).unwrap_or_default();
        if !found.eq_ignore_ascii_case(expected) {
            let message = if found.is_empty() {
                format!("The header {expected} is missing (column {}).", index + 1)
            } else {
                format!("Column {} must be headed {expected}, not {found}.", index + 1)
            };
            problems.push(Problem::new(0, expected, message));
        }
    }
    if !problems.is_empty() {
        return (Vec::new(), problems);
    }
    let mut accounts = Vec::new();
    for (index, cells) in body.iter().enumerate() {
        let row = index + 1;
        if cells.iter().all(|cell| cell.trim().is_empty()) {
            continue;
        }
        match check_row(row, cells, directory) {
            Ok(fields) => accounts.push(fields),
            Err(mut found) => problems.append(&mut found),
        }
    }
    if accounts.is_empty() && problems.is_empty() {
        problems.push(Problem::new(0, "", "The file has no accounts."));
    }
    if problems.is_empty() { (accounts, problems) } else { (Vec::new(), problems) }
}

/// One row as an account, or every problem it has.
fn check_row(row: usize, cells: &[String], directory: &Directory) -> Result<AccountFields, Vec<Problem>> {
    let mut problems = Vec::new();
    if cells.len() > HEADERS.len() && cells[HEADERS.len()..].iter().any(|cell| !cell.trim().is_empty()) {
        problems.push(Problem::new(row, "", format!("The row has more than {} columns.", HEADERS.len())));
    }
    let cell = |column: usize| cells.get(column).map(String::as_str).unwrap_or_default();
    let mut line = |column: usize, max: usize| match text::line(cell(column), HEADERS[column], max, false) {
        Ok(value) => value,
        Err(error) => {
            problems.push(Problem::new(row, HEADERS[column], error.to_string()));
            String::new()
        }
    };
    let mut fields = AccountFields {
        name: line(0, 300),
        len: line(1, 300),
        account_number: line(2, 100),
        secondary_account_number: line(3, 100),
        rate_class: line(7, 100),
        address: line(8, 300),
        city: line(9, 120),
        state: line(10, 2).to_uppercase(),
        zip: line(11, 10),
        zone: line(15, 100),
        open_state: "Open".into(),
        ..Default::default()
    };
    let commodity_text = cell(6).trim();
    let commodity = AccountCommodity::from_name(commodity_text);
    match commodity {
        Some(commodity) => fields.commodity = commodity.name().into(),
        None => problems.push(Problem::new(row, "Commodity", "Commodity must be exactly Electric or Gas.")),
    }
    if !fields.state.is_empty() && !US_STATES.contains(&fields.state.as_str()) {
        problems.push(Problem::new(row, "State", format!("{} is not a US state code.", fields.state)));
    }
    // Excel drops the leading zero of New England and New Jersey ZIP codes.
    if fields.zip.len() == 4 && fields.zip.chars().all(|c| c.is_ascii_digit()) {
        fields.zip.insert(0, '0');
    }
    let mut number = |column: usize, parse: fn(&str, &str) -> Result<Option<rust_decimal::Decimal>>| {
        parse(HEADERS[column], cell(column)).unwrap_or_else(|error| {
            problems.push(Problem::new(row, HEADERS[column], error.to_string()));
            None
        })
    };
    fields.tax_exempt_percent = number(12, parse_percent);
    fields.plc = number(13, parse_kw);
    fields.nspl = number(14, parse_kw);
    if let Some(commodity) = commodity {
        let directory_commodity = commodity.directory();
        let utility = cell(4).trim();
        if utility.is_empty() {
            problems.push(Problem::new(row, "Utility", "Utility is required."));
        } else {
            match pick_utility(directory, utility, directory_commodity, &fields.state) {
                Ok(id) => fields.utility_id = Some(id),
                Err(message) => problems.push(Problem::new(row, "Utility", message)),
            }
        }
        let supplier = cell(5).trim();
        if !supplier.is_empty() {
            match directory.live_supplier_named(supplier, directory_commodity) {
                Some(found) => fields.supplier_id = Some(found.supplier_id),
                None => problems.push(Problem::new(
                    row,
                    "Supplier",
                    format!("{supplier} is not a {} supplier in the list.", commodity.name()),
                )),
            }
        }
        if commodity == AccountCommodity::Gas && (fields.plc.is_some() || fields.nspl.is_some()) {
            problems.push(Problem::new(row, "PLC", "PLC and NSPL must be blank for a gas account."));
        }
    }
    if problems.is_empty()
        && let Err(error) = validate(&fields)
    {
        problems.push(Problem::new(row, "", error.to_string()));
    }
    if problems.is_empty() { Ok(fields) } else { Err(problems) }
}

/// The utility a row names: by name within the commodity, and by the row's state where one name
/// serves several states ("National Grid" in NY and MA).
fn pick_utility(
    directory: &Directory,
    name: &str,
    commodity: DirectoryCommodity,
    state: &str,
) -> std::result::Result<i64, String> {
    let named = directory.utilities_named(name, commodity);
    let commodity_name = match commodity {
        DirectoryCommodity::Gas => "gas",
        _ => "electric",
    };
    match named.as_slice() {
        [] => Err(format!("{name} is not an {commodity_name} utility in the list.").replace("an gas", "a gas")),
        [one] => Ok(one.utility_id),
        several => {
            let in_state: Vec<_> = several.iter().filter(|u| u.state == state).collect();
            match in_state.as_slice() {
                [one] => Ok(one.utility_id),
                _ => Err(format!("{name} serves several states; give the account's State to choose one.")),
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use eris_proto::sourcing::v1::{Supplier, Utility};

    use super::*;

    fn directory() -> Directory {
        let utility = |id, name: &str, state: &str, commodity: DirectoryCommodity| Utility {
            utility_id: id,
            name: name.into(),
            state: state.into(),
            commodity: commodity.into(),
            ..Default::default()
        };
        let supplier = |id, name: &str, commodity: DirectoryCommodity, archived| Supplier {
            supplier_id: id,
            name: name.into(),
            commodity: commodity.into(),
            archived,
            ..Default::default()
        };
        Directory {
            utilities: vec![
                utility(1, "PECO", "PA", DirectoryCommodity::Electric),
                utility(2, "National Grid", "NY", DirectoryCommodity::Electric),
                utility(3, "National Grid", "MA", DirectoryCommodity::Electric),
                utility(4, "Nicor Gas", "IL", DirectoryCommodity::Gas),
            ],
            suppliers: vec![
                supplier(10, "Constellation", DirectoryCommodity::Electric, false),
                supplier(11, "Old Power", DirectoryCommodity::Electric, true),
            ],
        }
    }

    const HEADER: &str = "Site Name,LEN,Account #,Secondary Account #,Utility,Supplier,Commodity,Rate Class,Address,City,State,Zip,Tax Exempt Status,PLC,NSPL,Zone";

    #[test]
    fn excel_files_are_read_with_their_habits() {
        let file = format!(
            "\u{feff}{HEADER}\r\n\"Plant, North\",Acme LLC,0012345,,PECO,Constellation,Electric,GS,\"1 Main St, Unit 2\",Philadelphia,pa,8001,5%,\"1,250.5\",900,PECO\r\n\r\n"
        );
        let rows = read_csv(&file).unwrap();
        let (accounts, problems) = check_rows(&rows, &directory());
        assert!(problems.is_empty(), "{problems:?}");
        let account = &accounts[0];
        assert_eq!(account.name, "Plant, North");
        assert_eq!(account.account_number, "0012345");
        assert_eq!(account.address, "1 Main St, Unit 2");
        assert_eq!((account.state.as_str(), account.zip.as_str()), ("PA", "08001"));
        assert_eq!(account.plc.unwrap().to_string(), "1250.5");
        assert_eq!(account.utility_id, Some(1));
        assert_eq!(account.supplier_id, Some(10));
        assert_eq!(account.open_state, "Open");
    }

    #[test]
    fn every_problem_is_named_and_nothing_passes_with_one() {
        let file = format!(
            "{HEADER}\nGood,,1,,PECO,,Electric,,,,PA,,,,,\nBad,,2,,Nowhere Power,Old Power,electric,,,,PA,,150,1,2,3,extra\nGas one,,3,,Nicor Gas,,Gas,,,,IL,,,5,,\n"
        );
        let (accounts, problems) = check_rows(&read_csv(&file).unwrap(), &directory());
        assert!(accounts.is_empty(), "nothing is imported while a row has a problem");
        let at = |row: usize, column: &str| problems.iter().any(|p| p.row == row && p.column == column);
        assert!(at(2, "Commodity"), "{problems:?}");
        assert!(at(2, "Tax Exempt Status"));
        assert!(at(2, ""), "an extra column is named");
        assert!(at(3, "PLC"), "{problems:?}");
        assert!(!problems.iter().any(|p| p.row == 1), "the good row has none");
    }

    #[test]
    fn utilities_are_found_by_name_and_state_and_suppliers_only_when_live() {
        let row = |utility: &str, supplier: &str, state: &str| {
            format!("{HEADER}\nSite,,9,,{utility},{supplier},Electric,,,,{state},,,,,\n")
        };
        let check = |file: String| check_rows(&read_csv(&file).unwrap(), &directory());
        assert_eq!(check(row("national grid", "", "MA")).0[0].utility_id, Some(3));
        assert_eq!(check(row("National Grid", "", "")).1[0].column, "Utility");
        assert_eq!(check(row("Nowhere", "", "PA")).1[0].message, "Nowhere is not an electric utility in the list.");
        assert_eq!(check(row("PECO", "Old Power", "PA")).1[0].column, "Supplier");
    }

    #[test]
    fn a_wrong_or_missing_header_is_named() {
        let (_, problems) = check_rows(&read_csv("Site Name,LEN,Account #\nx,y,z\n").unwrap(), &directory());
        assert!(problems.iter().any(|p| p.row == 0 && p.column == "PLC"));
        let swapped = HEADER.replace("PLC,NSPL", "NSPL,PLC");
        let (_, problems) = check_rows(&read_csv(&format!("{swapped}\n")).unwrap(), &directory());
        assert_eq!(problems[0].message, "Column 14 must be headed PLC, not NSPL.");
    }
}
