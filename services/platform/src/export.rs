//! What every export the server writes (CSV files, spreadsheets) does to the text it carries, so
//! that opening one never runs what someone typed: OWASP's CSV injection rule, in one place. The
//! browser's exports follow the same rule (`web/src/components/csv.ts`).
//!
//! A cell that starts with `=`, `+`, `-`, `@`, a tab or a carriage return, also after leading
//! spaces or quotes (a spreadsheet skips those), gets a leading apostrophe, which a spreadsheet
//! shows as text. A plain decimal number (`-12.50`) is left as it is: it is the money the server
//! formatted, and a spreadsheet reads it as a number.

use std::borrow::Cow;

/// Whether `text` is a plain decimal number: an optional minus, digits, an optional fraction.
fn plain_number(text: &str) -> bool {
    let digits = text.strip_prefix('-').unwrap_or(text);
    let (whole, fraction) = match digits.split_once('.') {
        Some((whole, fraction)) => (whole, Some(fraction)),
        None => (digits, None),
    };
    let all_digits = |part: &str| !part.is_empty() && part.bytes().all(|b| b.is_ascii_digit());
    all_digits(whole) && fraction.is_none_or(all_digits)
}

/// Whether a spreadsheet could take `text` for a formula.
pub fn is_formula(text: &str) -> bool {
    let start = text.trim_start_matches([' ', '"', '\'']);
    let triggers = matches!(start.as_bytes().first(), Some(b'=' | b'+' | b'-' | b'@' | b'\t' | b'\r'))
        || matches!(text.as_bytes().first(), Some(b'\t' | b'\r'));
    triggers && !plain_number(text)
}

/// `text` as a spreadsheet or CSV cell may carry it: with a leading apostrophe when it could be
/// taken for a formula.
pub fn neutralise(text: &str) -> Cow<'_, str> {
    if is_formula(text) { Cow::Owned(format!("'{text}")) } else { Cow::Borrowed(text) }
}

/// Appends one CSV field: neutralised, and quoted when it holds a separator, a quote or a line
/// break (or was neutralised), with inner quotes doubled.
pub fn write_csv_field(out: &mut Vec<u8>, field: &str) {
    let field = neutralise(field);
    let quoted = field.starts_with('\'') || field.contains([',', '"', '\n', '\r']);
    if quoted {
        out.push(b'"');
    }
    for byte in field.bytes() {
        if byte == b'"' {
            out.push(b'"');
        }
        out.push(byte);
    }
    if quoted {
        out.push(b'"');
    }
}

/// OWASP's CSV injection payloads, and the forms found getting through before: every export's
/// tests write them (the browser's too: `web/src/components/csv.test.ts` reads the same file).
#[cfg(any(test, feature = "testing"))]
pub fn owasp_payloads() -> Vec<String> {
    serde_json::from_str(include_str!("owasp_csv_payloads.json")).expect("the payload list is a JSON array of texts")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn csv(field: &str) -> String {
        let mut out = Vec::new();
        write_csv_field(&mut out, field);
        String::from_utf8(out).unwrap()
    }

    #[test]
    fn every_owasp_payload_is_disarmed() {
        for payload in owasp_payloads() {
            assert!(neutralise(&payload).starts_with('\''), "{payload:?}");
            assert!(csv(&payload).starts_with("\"'"), "{payload:?} -> {}", csv(&payload));
        }
    }

    #[test]
    fn plain_text_and_numbers_stay_as_they_are() {
        for plain in ["Acme", "", "-12.50", "12", "0.005", "-7", "a=b", "Foundry - East", "2026-03-01"] {
            assert_eq!(neutralise(plain), plain, "{plain:?}");
        }
        assert_eq!(csv("Acme, Inc."), "\"Acme, Inc.\"");
        assert_eq!(csv("say \"hi\""), "\"say \"\"hi\"\"\"");
        assert_eq!(csv("two\nlines"), "\"two\nlines\"");
        assert_eq!(csv("=HYPERLINK(\"x\")"), "\"'=HYPERLINK(\"\"x\"\")\"");
        assert_eq!(csv("-12.50"), "-12.50");
        for not_a_number in ["-12.", "-.5", "--1", "-1e5", "- 1"] {
            assert!(is_formula(not_a_number), "{not_a_number:?}");
        }
    }
}
