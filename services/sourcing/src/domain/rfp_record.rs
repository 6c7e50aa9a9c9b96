//! An RFP's fields, in one table, with the rules of its return time and of its lists.

use chrono::{NaiveDate, NaiveTime, Timelike};
use eris_platform::text;
use rust_decimal::Decimal;

use super::record::record;
use crate::error::{Result, invalid};

/// Every RFP field, once (see `record.rs`). The return date of a request that gives none is the
/// date the reader starts from: today for a new RFP, the stored one for a save.
macro_rules! rfp_fields {
    ($then:ident) => {
        $then! {
            /// An RFP's editable fields.
            RfpFields: Rfp {
                len: String => Text("Len", 200, false),
                address: String => Text("Address", 200, false),
                city: String => Text("City", 100, false),
                state: String => StateCode(false, "State must be two letters."),
                zip: String => Text("Zip", 10, false),
                commodity: String => CommodityOf(PRICED_COMMODITIES, "Commodity must be Electric or Gas."),
                start_date: Option<NaiveDate> => OptionalDate("Start Date"),
                return_date: NaiveDate => DateOrKept("Return Date"),
                return_time: NaiveTime => ReturnTime,
                supplier_ids: Vec<i64> => List(supplier_ids),
                terms: Vec<i32> => List(terms),
                products: Vec<String> => List(products),
                fee: Option<Decimal> => Amount("Fee", 8, 6),
                account_ids: Vec<i64> => List(account_ids),
            }
        }
    };
}
pub(crate) use rfp_fields;

rfp_fields!(record);

/// When prices come back unless the RFP says otherwise: 11:00 AM business time (spec 2).
pub const DEFAULT_RETURN_TIME: NaiveTime = match NaiveTime::from_hms_opt(11, 0, 0) {
    Some(time) => time,
    None => panic!("11:00 is a time"),
};
/// Bounds on the lists an RFP carries.
const MAX_TERMS: usize = 24;
const MAX_PRODUCTS: usize = 24;
const MAX_SUPPLIERS: usize = 100;
const MAX_ACCOUNTS: usize = 5000;

/// A return time as typed: "HH:MM" or "HH:MM:SS" on the hour or half past (the picker offers
/// hours 12, 1..11 AM/PM and minutes 00 or 30); 11:00 when empty.
pub fn parse_return_time(typed: &str) -> Result<NaiveTime> {
    let typed = typed.trim();
    if typed.is_empty() {
        return Ok(DEFAULT_RETURN_TIME);
    }
    let refused = || invalid("Return Time must be a time on the hour or half past, as HH:MM.");
    let time = NaiveTime::parse_from_str(typed, "%H:%M:%S")
        .or_else(|_| NaiveTime::parse_from_str(typed, "%H:%M"))
        .map_err(|_| refused())?;
    if time.second() != 0 || !matches!(time.minute(), 0 | 30) {
        return Err(refused());
    }
    Ok(time)
}

/// The list without repeats, in the order given.
fn distinct<T: PartialEq + Clone>(values: &[T]) -> Vec<T> {
    let mut kept: Vec<T> = Vec::with_capacity(values.len());
    for value in values {
        if !kept.contains(value) {
            kept.push(value.clone());
        }
    }
    kept
}

/// The terms asked, in months: distinct, at most `MAX_TERMS`, each from 1 to 240.
pub fn terms(typed: &[i32]) -> Result<Vec<i32>> {
    let terms = distinct(typed);
    if terms.len() > MAX_TERMS {
        return Err(invalid(format!("An RFP asks for at most {MAX_TERMS} terms.")));
    }
    if terms.iter().any(|term| !(1..=240).contains(term)) {
        return Err(invalid("A term is a number of months from 1 to 240."));
    }
    Ok(terms)
}

/// The products asked: each named, distinct whatever their case, at most `MAX_PRODUCTS`.
pub fn products(typed: &[String]) -> Result<Vec<String>> {
    let mut products: Vec<String> = Vec::new();
    for product in typed {
        let product = text::line(product, "Product", 100, true)?;
        if !products.iter().any(|p| p.eq_ignore_ascii_case(&product)) {
            products.push(product);
        }
    }
    if products.len() > MAX_PRODUCTS {
        return Err(invalid(format!("An RFP asks for at most {MAX_PRODUCTS} products.")));
    }
    Ok(products)
}

/// The suppliers asked: distinct, at most `MAX_SUPPLIERS`.
pub fn supplier_ids(typed: &[i64]) -> Result<Vec<i64>> {
    let supplier_ids = distinct(typed);
    if supplier_ids.len() > MAX_SUPPLIERS {
        return Err(invalid(format!("An RFP goes to at most {MAX_SUPPLIERS} suppliers.")));
    }
    Ok(supplier_ids)
}

/// The accounts priced: distinct, at most `MAX_ACCOUNTS`.
pub fn account_ids(typed: &[i64]) -> Result<Vec<i64>> {
    let account_ids = distinct(typed);
    if account_ids.len() > MAX_ACCOUNTS {
        return Err(invalid(format!("An RFP prices at most {MAX_ACCOUNTS} accounts.")));
    }
    Ok(account_ids)
}
