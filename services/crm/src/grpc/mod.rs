//! gRPC adapters: read each request into the domain's types, call the domain, write the answer.

pub(crate) mod accounts;
mod call_banks;
mod companies;
pub(crate) mod contacts;
mod notes;
pub(crate) mod snapshot;
mod tasks;

pub(crate) use accounts::AccountApi;
use base64::{Engine, engine::general_purpose::URL_SAFE_NO_PAD};
pub(crate) use call_banks::CallBankApi;
pub(crate) use companies::CompanyApi;
pub(crate) use contacts::ContactApi;
pub(crate) use notes::NoteApi;
use serde_json::Value;
pub(crate) use tasks::TaskApi;

use crate::error::{Result, invalid};

/// An opaque page token for a keyset position.
pub(crate) fn encode_token(position: &Value) -> String {
    URL_SAFE_NO_PAD.encode(position.to_string())
}

/// The keyset position of a page token; empty means the first page.
pub(crate) fn decode_token(token: &str) -> Result<Option<Value>> {
    if token.is_empty() {
        return Ok(None);
    }
    URL_SAFE_NO_PAD
        .decode(token)
        .ok()
        .and_then(|bytes| serde_json::from_slice(&bytes).ok())
        .map(Some)
        .ok_or_else(|| invalid("page_token is not valid."))
}

pub(crate) use eris_platform::values::page_size;

/// Cuts a page fetched with one row more than `limit`: answers the next page's token (empty on
/// the last page), made from the last row kept.
pub(crate) fn finish_page<T>(rows: &mut Vec<T>, limit: i64, position: impl Fn(&T) -> Value) -> String {
    if rows.len() as i64 <= limit {
        return String::new();
    }
    rows.truncate(limit as usize);
    rows.last().map(|last| encode_token(&position(last))).unwrap_or_default()
}

/// A (text, id) keyset position from a token.
pub(crate) fn name_position(token: &str) -> Result<Option<(String, i64)>> {
    decode_token(token)?
        .map(|value| {
            let name = value.get(0).and_then(Value::as_str).map(str::to_owned);
            let id = value.get(1).and_then(Value::as_i64);
            name.zip(id).ok_or_else(|| invalid("page_token is not valid."))
        })
        .transpose()
}
