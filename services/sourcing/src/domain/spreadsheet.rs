//! The RFP spreadsheets: the request a supplier's pricing desk receives, and the list of RFPs.
//! Made on the server so that every client (the web app, REST callers) gets the same file.

use chrono::{NaiveDate, NaiveTime};
use eris_platform::export::neutralise;
use eris_proto::crm::v1::AccountUsage;
use rust_decimal::{Decimal, prelude::ToPrimitive};
use rust_xlsxwriter::{Format, FormatBorder, Image, Workbook, Worksheet, XlsxError};

use crate::db::rfps::RfpRow;

/// The brokerage's logo, at the top of every request for pricing.
const LOGO: &[u8] = include_bytes!("../../assets/logo.png");
const MONTHS: [&str; 12] = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];

/// Names the spreadsheet shows for the ids an RFP holds.
pub struct Names<'a> {
    pub supplier: &'a dyn Fn(i64) -> String,
    pub utility: &'a dyn Fn(i64) -> String,
}

fn date_text(date: NaiveDate) -> String {
    date.format("%m/%d/%Y").to_string()
}

/// "11:00 AM" from 11:00.
pub fn time_text(time: NaiveTime) -> String {
    time.format("%-I:%M %p").to_string()
}

fn number(text: &str) -> Option<f64> {
    text.parse::<Decimal>().ok().and_then(|d| d.to_f64())
}

fn write_number_or_blank(
    sheet: &mut Worksheet,
    row: u32,
    col: u16,
    text: &str,
    format: &Format,
) -> Result<(), XlsxError> {
    match number(text) {
        Some(value) => sheet.write_number_with_format(row, col, value, format).map(|_| ()),
        None => sheet.write_blank(row, col, format).map(|_| ()),
    }
}

/// The request for pricing of one RFP: the logo and title, the RFP's terms, and one row per
/// account with its utility, numbers, rate class, PLC, NSPL, annual and monthly usage.
pub fn rfp_workbook(rfp: &RfpRow, accounts: &[AccountUsage], names: &Names<'_>) -> Result<Vec<u8>, XlsxError> {
    let electric = rfp.fields.commodity == "Electric";
    let unit = if electric { "kWh" } else { "Therms" };
    let mut workbook = Workbook::new();
    let title = Format::new().set_bold().set_font_size(18);
    let label = Format::new().set_bold();
    let header =
        Format::new().set_bold().set_background_color("#D9EEF1").set_border(FormatBorder::Thin).set_text_wrap();
    let cell = Format::new().set_border(FormatBorder::Thin);
    let amount = Format::new().set_border(FormatBorder::Thin).set_num_format("#,##0.##");
    let sheet = workbook.add_worksheet();
    sheet.set_name("Request for Pricing")?;

    let logo = Image::new_from_buffer(LOGO)?.set_scale_width(0.6).set_scale_height(0.6);
    sheet.set_row_height(0, 48)?;
    sheet.insert_image(0, 0, &logo)?;
    sheet.write_string_with_format(0, 1, "Request for Pricing", &title)?;

    let suppliers: Vec<String> = rfp.fields.supplier_ids.iter().map(|id| (names.supplier)(*id)).collect();
    let terms: Vec<String> = rfp.fields.terms.iter().map(ToString::to_string).collect();
    let place = [rfp.fields.city.as_str(), rfp.fields.state.as_str(), rfp.fields.zip.as_str()]
        .iter()
        .filter(|part| !part.is_empty())
        .copied()
        .collect::<Vec<_>>()
        .join(" ");
    let details: [(&str, String); 11] = [
        ("Company", rfp.company_name.clone()),
        ("Legal Entity Name", rfp.fields.len.clone()),
        (
            "Address",
            [rfp.fields.address.as_str(), place.as_str()]
                .iter()
                .filter(|p| !p.is_empty())
                .copied()
                .collect::<Vec<_>>()
                .join(", "),
        ),
        ("Commodity", rfp.fields.commodity.clone()),
        ("Start Date", rfp.fields.start_date.map(date_text).unwrap_or_default()),
        ("Prices Due", format!("{} {} ET", date_text(rfp.fields.return_date), time_text(rfp.fields.return_time))),
        ("Terms (months)", terms.join(", ")),
        ("Products", rfp.fields.products.join(", ")),
        ("Broker Fee", rfp.fields.fee.map(|f| f.normalize().to_string()).unwrap_or_default()),
        ("Suppliers", suppliers.join(", ")),
        ("RFP", format!("#{}", rfp.rfp_id)),
    ];
    for (index, (name, value)) in details.iter().enumerate() {
        let row = 2 + index as u32;
        sheet.write_string_with_format(row, 0, *name, &label)?;
        sheet.write_string(row, 1, neutralise(value))?;
    }

    let first = 2 + details.len() as u32 + 1;
    let mut columns: Vec<String> =
        ["Utility", "Account #", "Secondary Account #", "Site Name", "Address", "Rate Class"]
            .iter()
            .map(|c| (*c).to_owned())
            .collect();
    if electric {
        columns.extend(["PLC".to_owned(), "NSPL".to_owned()]);
    }
    columns.push(format!("Annual {unit}"));
    columns.extend(MONTHS.iter().map(|m| format!("{m} {unit}")));
    for (col, name) in columns.iter().enumerate() {
        sheet.write_string_with_format(first, col as u16, name, &header)?;
    }
    for (index, usage) in accounts.iter().enumerate() {
        let row = first + 1 + index as u32;
        let Some(account) = &usage.account else { continue };
        let texts = [
            (names.utility)(account.utility_id),
            account.account_number.clone(),
            account.secondary_account_number.clone(),
            account.name.clone(),
            account.address.clone(),
            account.rate_class.clone(),
        ];
        for (col, text) in texts.iter().enumerate() {
            sheet.write_string_with_format(row, col as u16, neutralise(text), &cell)?;
        }
        let mut col = texts.len() as u16;
        if electric {
            write_number_or_blank(sheet, row, col, &account.plc, &amount)?;
            write_number_or_blank(sheet, row, col + 1, &account.nspl, &amount)?;
            col += 2;
        }
        let annual = if electric { &account.annual_kwh } else { &account.annual_therms };
        write_number_or_blank(sheet, row, col, annual, &amount)?;
        for month in 1..=12 {
            let value = usage.months.iter().find(|m| m.month == month).map(|m| m.value.as_str()).unwrap_or("");
            write_number_or_blank(sheet, row, col + month as u16, value, &amount)?;
        }
    }
    sheet.set_column_width(0, 22)?;
    sheet.set_column_width(1, 18)?;
    sheet.set_column_width(2, 18)?;
    sheet.set_column_width(3, 24)?;
    sheet.set_column_width(4, 26)?;
    sheet.set_freeze_panes(first + 1, 0)?;
    workbook.save_to_buffer()
}

/// RFPs.xlsx: one sheet, RFPs, one row per RFP.
pub fn rfps_workbook(rfps: &[RfpRow], names: &Names<'_>) -> Result<Vec<u8>, XlsxError> {
    let mut workbook = Workbook::new();
    let header = Format::new().set_bold().set_background_color("#D9EEF1");
    let sheet = workbook.add_worksheet();
    sheet.set_name("RFPs")?;
    let columns = [
        "RFPId",
        "Company",
        "Len",
        "Commodity",
        "Address",
        "City",
        "State",
        "Zip",
        "ReturnDate",
        "ReturnTime",
        "StartDate",
        "Fee",
        "Suppliers",
        "Terms",
        "Products",
        "Accounts",
        "Outcome",
    ];
    for (col, name) in columns.iter().enumerate() {
        sheet.write_string_with_format(0, col as u16, *name, &header)?;
    }
    for (index, rfp) in rfps.iter().enumerate() {
        let row = 1 + index as u32;
        let f = &rfp.fields;
        let suppliers: Vec<String> = f.supplier_ids.iter().map(|id| (names.supplier)(*id)).collect();
        let terms: Vec<String> = f.terms.iter().map(ToString::to_string).collect();
        sheet.write_number(row, 0, rfp.rfp_id as f64)?;
        let texts = [
            rfp.company_name.clone(),
            f.len.clone(),
            f.commodity.clone(),
            f.address.clone(),
            f.city.clone(),
            f.state.clone(),
            f.zip.clone(),
            date_text(f.return_date),
            time_text(f.return_time),
            f.start_date.map(date_text).unwrap_or_default(),
        ];
        for (col, text) in texts.iter().enumerate() {
            sheet.write_string(row, 1 + col as u16, neutralise(text))?;
        }
        match f.fee.and_then(|fee| fee.to_f64()) {
            Some(fee) => sheet.write_number(row, 11, fee)?,
            None => sheet.write_blank(row, 11, &Format::new())?,
        };
        sheet.write_string(row, 12, neutralise(&suppliers.join(", ")))?;
        sheet.write_string(row, 13, neutralise(&terms.join(", ")))?;
        sheet.write_string(row, 14, neutralise(&f.products.join(", ")))?;
        sheet.write_number(row, 15, f.account_ids.len() as f64)?;
        sheet.write_string(row, 16, neutralise(&rfp.outcome))?;
    }
    sheet.set_column_width(1, 28)?;
    sheet.set_column_width(2, 24)?;
    sheet.set_column_width(12, 30)?;
    sheet.set_freeze_panes(1, 0)?;
    workbook.save_to_buffer()
}
