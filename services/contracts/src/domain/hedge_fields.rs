//! A hedge's fields, listed once (see `payment_fields.rs` for what is made from such a table).

use crate::{domain::kinds::*, error::Result};

macro_rules! hedge_field_table {
    ($then:ident $(, $name:tt)*) => {
        $then! { $($name),* |
            block_type: BlockType;
            signed_date: Day("Signed Date");
            start_month: MonthStart("Start Month");
            term_months: HedgeTerm;
            rate: Rate("Rate");
            fee: Rate("Fee");
        }
    };
}
pub(crate) use hedge_field_table;

hedge_field_table!(record_values, HedgeValues, TypedHedge, hedge_values);

#[cfg(test)]
mod tests {
    use chrono::NaiveDate;

    use super::*;

    #[test]
    fn a_hedge_starts_on_the_first_of_its_month_with_nothing_negative() {
        let typed = TypedHedge {
            block_type: "flat block".into(),
            start_month: NaiveDate::from_ymd_opt(2026, 3, 17),
            term_months: 12,
            rate: "0.071".into(),
            fee: "0".into(),
            ..Default::default()
        };
        let values = hedge_values(&typed).unwrap();
        assert_eq!(values.block_type, "Flat Block");
        assert_eq!(values.start_month, NaiveDate::from_ymd_opt(2026, 3, 1));
        assert!(hedge_values(&TypedHedge { term_months: -1, ..typed.clone() }).is_err());
        assert!(hedge_values(&TypedHedge { rate: "-0.01".into(), ..typed.clone() }).is_err());
        assert!(hedge_values(&TypedHedge { fee: "-1".into(), ..typed.clone() }).is_err());
        assert!(hedge_values(&TypedHedge { block_type: "Peak".into(), ..typed }).is_err());
        assert_eq!(hedge_values(&TypedHedge::default()).unwrap().block_type, "");
    }
}
