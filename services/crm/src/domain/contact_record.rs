//! A contact as a record: its fields (listed once, below), its kinds and priority.

use eris_platform::{edits, text};

use crate::error::{Result, invalid};

/// Every contact field, once: its name (the column, the proto field and the update-mask path),
/// its stored type and how the API reads and writes it (the converters of `proto.rs`). The
/// record, its History text, its SQL columns and binds, its proto conversion and the update-mask
/// reader are made from this table.
macro_rules! contact_fields {
    ($then:ident) => {
        $then! {
            first_name: String => Text("First Name", 100),
            last_name: String => Text("Last Name", 100),
            email: String => Checked(email),
            title: String => Text("Title", 200),
            office_phone: String => Text("Office Phone", 50),
            cell_phone: String => Text("Cell Phone", 50),
            contact_type: String => Checked(contact_type),
            priority: Option<i16> => Priority,
        }
    };
}
pub(crate) use contact_fields;

/// The record, its field names and their text, from the table above.
macro_rules! define_contact {
    ($($field:ident: $ty:ty => $convert:expr),* $(,)?) => {
        /// A contact's editable fields, as stored.
        #[derive(Debug, Clone, Default, PartialEq, Eq, sqlx::FromRow)]
        pub struct ContactFields {
            $(pub $field: $ty,)*
        }

        /// The fields a save may name, in the table's order.
        pub const FIELDS: &[&str] = &[$(stringify!($field)),*];

        /// Every field as text, for History, events and conflict checks.
        impl edits::Fields for ContactFields {
            fn field_values(&self) -> Vec<(&'static str, String)> {
                vec![$((stringify!($field), ContactText::text(&self.$field)),)*]
            }

            fn copy_field(&mut self, from: &Self, field: &str) -> bool {
                match field {
                    $(stringify!($field) => self.$field.clone_from(&from.$field),)*
                    _ => return false,
                }
                true
            }
        }
    };
}
contact_fields!(define_contact);

/// A field's value as History shows it; none as empty.
trait ContactText {
    fn text(&self) -> String;
}

impl ContactText for String {
    fn text(&self) -> String {
        self.clone()
    }
}

impl ContactText for Option<i16> {
    fn text(&self) -> String {
        self.map(|p| p.to_string()).unwrap_or_default()
    }
}

/// The kinds of contact (spec 2 section 9).
pub const CONTACT_TYPES: &[&str] =
    &["All", "Brokerage", "Demand Response", "Bill Management", "DR – Primary", "DR – Event", "DR – Payment", "Other"];
/// The spec's text for a priority outside 1 to 15.
pub const PRIORITY_RULE: &str = "Contact Priority should be between 1 and 15 with 1 being the highest priority";

/// A priority as sent: 0 means not ranked; otherwise 1 to 15.
pub fn priority(value: i32) -> Result<Option<i16>> {
    match value {
        0 => Ok(None),
        1..=15 => Ok(Some(value as i16)),
        _ => Err(invalid(PRIORITY_RULE)),
    }
}

/// A contact type: empty, or one of the spec's kinds ("DR - Event" typed with a hyphen is read
/// as the spec's en dash).
pub fn contact_type(value: &str) -> Result<String> {
    let value = text::line(value, "Contact Type", 50, false)?;
    if value.is_empty() {
        return Ok(value);
    }
    let dashed = value.replace(" - ", " – ");
    CONTACT_TYPES.iter().find(|t| t.eq_ignore_ascii_case(&dashed)).map(|t| (*t).to_owned()).ok_or_else(|| {
        invalid("Contact Type must be All, Brokerage, Demand Response, Bill Management, DR – Primary, DR – Event, DR – Payment or Other.")
    })
}

/// An e-mail address: one @ with something on each side and a dot in the domain.
pub fn email(value: &str) -> Result<String> {
    let value = text::line(value, "Email", 254, false)?;
    let shaped = eris_platform::text::looks_like_email(&value);
    if value.is_empty() || shaped { Ok(value) } else { Err(invalid("Email must be an e-mail address.")) }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn priority_is_one_to_fifteen_in_the_spec_words() {
        assert_eq!(priority(0).unwrap(), None);
        assert_eq!(priority(15).unwrap(), Some(15));
        assert_eq!(priority(16).unwrap_err().to_string(), PRIORITY_RULE);
        assert_eq!(priority(-1).unwrap_err().to_string(), PRIORITY_RULE);
    }

    #[test]
    fn contact_types_are_the_spec_kinds() {
        assert_eq!(contact_type("dr - event").unwrap(), "DR – Event");
        assert_eq!(contact_type("").unwrap(), "");
        assert!(contact_type("Boss").is_err());
    }

    #[test]
    fn emails_are_address_shaped() {
        assert!(email("ann@acme.com").is_ok());
        for bad in ["ann", "ann@acme", "@acme.com", "a nn@acme.com"] {
            assert!(email(bad).is_err(), "{bad}");
        }
    }
}
