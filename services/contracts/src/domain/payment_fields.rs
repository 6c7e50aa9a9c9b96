//! A payment's fields, listed once.
//!
//! `payment_field_table!` names each field (the column, the proto field) with its kind
//! (`kinds.rs`). The stored values (`PaymentValues`), the values as typed (`TypedPayment`), their
//! checks, the SQL columns and binds (`db/payments.rs`) and the proto conversions (`proto.rs`) are
//! generated from it.

use crate::{
    domain::{kinds::*, vocabulary::PAYMENT_TYPES},
    error::Result,
};

macro_rules! payment_field_table {
    ($then:ident $(, $name:tt)*) => {
        $then! { $($name),* |
            projected_month: RequiredMonth("Projected Month");
            projected_year: RequiredYear("Projected Year");
            revenue_split: Percent("Revenue Split");
            projected_usage: Usage("Projected Usage");
            projected_payment: Money("Projected Payment");
            payment_month: OptionalMonth("Payment Month");
            payment_year: OptionalYear("Payment Year");
            usage_actual: Usage("Usage Actual");
            payment_actual: Money("Payment Actual");
            payment_type: Choice("Payment Type", &PAYMENT_TYPES);
        }
    };
}
pub(crate) use payment_field_table;

payment_field_table!(record_values, PaymentValues, TypedPayment, payment_values);

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn typed_values_are_checked_in_words() {
        let typed = TypedPayment { projected_month: 1, projected_year: 2026, ..Default::default() };
        let values = payment_values(&typed).unwrap();
        assert_eq!((values.projected_month, values.payment_month, values.payment_type.as_str()), (1, None, ""));
        let refused = |typed: TypedPayment| payment_values(&typed).unwrap_err().to_string();
        assert_eq!(refused(TypedPayment::default()), "Projected Month must be a month from 1 to 12.");
        assert_eq!(
            refused(TypedPayment { projected_year: 1800, ..typed.clone() }),
            "Projected Year must be a year between 1900 and 2200."
        );
        assert_eq!(
            refused(TypedPayment { payment_actual: "1.234".into(), ..typed.clone() }),
            "Payment Actual can have at most 2 decimals."
        );
        let bonus = TypedPayment { payment_type: "bonus".into(), ..typed.clone() };
        assert!(refused(bonus).starts_with("Payment Type must be one of: Residual"));
        let drop = payment_values(&TypedPayment { payment_type: "drop".into(), ..typed }).unwrap();
        assert_eq!(drop.payment_type, "Drop");
    }
}
