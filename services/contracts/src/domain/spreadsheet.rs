//! The contracts export (Contracts.xlsx, one sheet named Contracts): the lead contracts screen's
//! columns, with the company, the end date and the volumes and fee totals as numbers.

use chrono::{Datelike, NaiveDate};
use eris_platform::export::neutralise;
use eris_proto::sourcing::v1::{Supplier, Utility};
use rust_decimal::{Decimal, prelude::ToPrimitive};
use rust_xlsxwriter::{ExcelDateTime, Format, Workbook, XlsxError};

use crate::{db::contracts::ContractRow, domain::vocabulary::STATUSES};

const HEADERS: [&str; 18] = [
    "Company",
    "Status",
    "Date Signed",
    "Commodity",
    "Utility",
    "Contract Type",
    "Supplier",
    "Start Date",
    "Term Length",
    "End Date",
    "Rate",
    "Rate Type",
    "Fee",
    "Annual Volume",
    "Contract Term Volume",
    "Annual Revenue",
    "Term Revenue",
    "Accounts",
];

fn excel_date(date: NaiveDate) -> Result<ExcelDateTime, XlsxError> {
    ExcelDateTime::from_ymd(date.year() as u16, date.month() as u8, date.day() as u8)
}

fn number(value: Decimal) -> f64 {
    value.to_f64().unwrap_or_default()
}

/// The workbook of `rows`, naming utilities and suppliers from the directories.
pub fn contracts_workbook(
    rows: &[ContractRow],
    utilities: &[Utility],
    suppliers: &[Supplier],
) -> Result<Vec<u8>, XlsxError> {
    let mut workbook = Workbook::new();
    let bold = Format::new().set_bold();
    let date = Format::new().set_num_format("mm/dd/yyyy");
    let rate = Format::new().set_num_format("$#,##0.00000");
    let money = Format::new().set_num_format("$#,##0.00");
    let volume = Format::new().set_num_format("#,##0");
    let sheet = workbook.add_worksheet();
    sheet.set_name("Contracts")?;
    for (col, header) in HEADERS.iter().enumerate() {
        sheet.write_string_with_format(0, col as u16, *header, &bold)?;
    }
    let utility = |id: Option<i64>| {
        id.and_then(|id| utilities.iter().find(|u| u.utility_id == id)).map(|u| u.name.clone()).unwrap_or_default()
    };
    let supplier = |id: Option<i64>| {
        id.and_then(|id| suppliers.iter().find(|s| s.supplier_id == id)).map(|s| s.name.clone()).unwrap_or_default()
    };
    for (index, row) in rows.iter().enumerate() {
        let r = index as u32 + 1;
        let f = &row.fields;
        sheet.write_string(r, 0, neutralise(&row.company_name))?;
        sheet.write_string(r, 1, STATUSES.get(f.status as usize).copied().unwrap_or_default())?;
        if let Some(signed) = f.date_signed {
            sheet.write_date_with_format(r, 2, excel_date(signed)?, &date)?;
        }
        sheet.write_string(r, 3, neutralise(&f.commodity))?;
        sheet.write_string(r, 4, neutralise(&utility(f.utility_id)))?;
        sheet.write_string(r, 5, neutralise(&f.contract_type))?;
        sheet.write_string(r, 6, neutralise(&supplier(f.supplier_id.or(f.provider_supplier_id))))?;
        if let Some(start) = f.start_date {
            sheet.write_date_with_format(r, 7, excel_date(start)?, &date)?;
        }
        if let Some(term) = f.term_months {
            sheet.write_number(r, 8, term)?;
        }
        if let Some(end) = row.computed.end_date {
            sheet.write_date_with_format(r, 9, excel_date(end)?, &date)?;
        }
        if let Some(value) = f.contract_rate {
            sheet.write_number_with_format(r, 10, number(value), &rate)?;
        }
        sheet.write_string(r, 11, neutralise(&f.rate_type))?;
        if let Some(value) = f.fee {
            sheet.write_number_with_format(r, 12, number(value), &rate)?;
        }
        sheet.write_number_with_format(r, 13, number(row.computed.annual_volume), &volume)?;
        sheet.write_number_with_format(r, 14, number(row.computed.term_volume), &volume)?;
        sheet.write_number_with_format(r, 15, number(row.computed.annual_fee_total), &money)?;
        sheet.write_number_with_format(r, 16, number(row.computed.term_fee_total), &money)?;
        sheet.write_number(r, 17, f.account_ids.len() as f64)?;
    }
    sheet.autofit();
    workbook.save_to_buffer()
}
