//! Text as people type it: trimmed, within a length, and free of control characters (a tab or a
//! newline only where text runs over several lines), so nothing unprintable is stored.

use crate::error::{Error, Result};

fn invalid(message: String) -> Error {
    Error::InvalidArgument(message)
}

/// One line of text, trimmed; empty is allowed unless `required`.
pub fn line(value: &str, label: &str, max: usize, required: bool) -> Result<String> {
    checked(value, label, max, required, false)
}

/// Text that may run over several lines (notes, descriptions), trimmed.
pub fn paragraphs(value: &str, label: &str, max: usize, required: bool) -> Result<String> {
    checked(value, label, max, required, true)
}

fn checked(value: &str, label: &str, max: usize, required: bool, multiline: bool) -> Result<String> {
    let value = value.trim();
    if required && value.is_empty() {
        return Err(invalid(format!("{label} is required.")));
    }
    let allowed = |c: char| !c.is_control() || (multiline && matches!(c, '\n' | '\t' | '\r'));
    if !value.chars().all(allowed) {
        return Err(invalid(format!("{label} cannot contain control characters.")));
    }
    if value.chars().count() > max {
        return Err(invalid(format!("{label} is too long (at most {max} characters).")));
    }
    Ok(value.to_owned())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn control_characters_are_refused_and_newlines_only_in_paragraphs() {
        assert_eq!(line("  Acme ", "Name", 10, true).unwrap(), "Acme");
        assert_eq!(line("A\0B", "Name", 10, true).unwrap_err().to_string(), "Name cannot contain control characters.");
        assert!(line("A\nB", "Name", 10, true).is_err());
        assert_eq!(paragraphs("A\n\tB", "Note", 10, true).unwrap(), "A\n\tB");
        assert!(paragraphs("A\u{7}B", "Note", 10, true).is_err());
    }

    #[test]
    fn required_and_length_are_checked() {
        assert_eq!(line(" ", "Subject", 10, true).unwrap_err().to_string(), "Subject is required.");
        assert_eq!(line("", "Zip", 10, false).unwrap(), "");
        assert!(line("ééééééééééé", "Zip", 10, false).is_err());
    }
}

/// Whether `value` has the shape of an e-mail address: one @ with something on each side, a dot
/// inside the domain, no spaces. (Whether it is delivered is for the mail server to say.)
pub fn looks_like_email(value: &str) -> bool {
    match value.split_once('@') {
        Some((local, domain)) => {
            !local.is_empty()
                && domain.contains('.')
                && !domain.starts_with('.')
                && !domain.ends_with('.')
                && !domain.contains('@')
                && !value.contains(char::is_whitespace)
        }
        None => false,
    }
}

#[cfg(test)]
mod email_tests {
    use super::looks_like_email;

    #[test]
    fn an_address_needs_one_at_and_a_dotted_domain() {
        assert!(looks_like_email("pat@example.com"));
        for bad in ["pat", "@example.com", "pat@example", "pat@.com", "pat@example.", "a@b@c.com", "pat @x.com"] {
            assert!(!looks_like_email(bad), "{bad}");
        }
    }
}

/// An account number (or ESI ID) as compared across systems and supplier files: upper case,
/// without spaces, dashes and leading zeros. crm's `account_number_key` SQL function is the same
/// rule (a crm test holds the two together).
pub fn account_number_key(number: &str) -> String {
    let kept: String =
        number.chars().filter(|c| !c.is_whitespace() && *c != '-').flat_map(char::to_uppercase).collect();
    kept.trim_start_matches('0').to_owned()
}

#[cfg(test)]
mod account_number_tests {
    use super::account_number_key;

    #[test]
    fn numbers_compare_without_spaces_dashes_case_and_leading_zeros() {
        assert_eq!(account_number_key(" 0012-345 6 "), "123456");
        assert_eq!(account_number_key("10443720001234567"), "10443720001234567");
        assert_eq!(account_number_key("ab-0c"), "AB0C");
        assert_eq!(account_number_key("000"), "");
    }
}
