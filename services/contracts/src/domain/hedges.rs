//! Hedges: blocks of a Hedge contract's supply priced on their own. Read as the contract is;
//! changed by Management, Admin and Customer Care among the beta users.

use chrono::{Datelike, NaiveDate};
use eris_platform::auth::Caller;

use crate::{
    State,
    access::{self, require},
    db::{
        self,
        hedges::{HedgeRow, HedgeValues},
    },
    domain::{fields::HEDGE, numbers},
    error::{Error, Result, invalid, not_found, stale},
    events::{Also, record_event},
};

pub const BLOCK_TYPES: [&str; 3] = ["", "Load Following Block", "Flat Block"];

/// A hedge as typed.
#[derive(Debug, Clone, Default)]
pub struct TypedHedge {
    pub block_type: String,
    pub signed_date: Option<NaiveDate>,
    pub start_month: Option<NaiveDate>,
    pub term_months: i32,
    pub rate: String,
    pub fee: String,
}

/// A hedge's values, checked: a listed block type, a term of 0 to 240 months, a rate and fee of 0
/// or more; the start month is kept as its first day.
pub fn hedge_values(typed: &TypedHedge) -> Result<HedgeValues> {
    let block_type = BLOCK_TYPES
        .iter()
        .find(|b| b.eq_ignore_ascii_case(typed.block_type.trim()))
        .ok_or_else(|| invalid("Block Type must be blank, Load Following Block or Flat Block."))?;
    if !(0..=240).contains(&typed.term_months) {
        return Err(invalid("Term must be between 0 and 240 months."));
    }
    Ok(HedgeValues {
        block_type: (*block_type).to_owned(),
        signed_date: typed.signed_date,
        start_month: typed.start_month.and_then(|d| d.with_day(1)),
        term_months: typed.term_months,
        rate: numbers::rate("Rate", &typed.rate)?,
        fee: numbers::rate("Fee", &typed.fee)?,
    })
}

fn hedge_not_found() -> Error {
    not_found("Hedge")
}

impl State {
    /// Hedges live on the beta screens only: read by the beta users.
    fn may_read_hedges(&self, caller: &Caller) -> Result<()> {
        require(access::may_use_beta(caller, &self.beta_user_ids))
    }

    fn may_change_hedges(&self, caller: &Caller) -> Result<()> {
        require(access::may_change_contracts(caller) && access::may_use_beta(caller, &self.beta_user_ids))
    }

    pub(crate) async fn list_hedges(&self, caller: &Caller, contract_id: i64) -> Result<Vec<HedgeRow>> {
        self.may_read_hedges(caller)?;
        self.readable_contract(caller, contract_id).await?;
        Ok(db::hedges::list_hedges(&self.pool, contract_id).await?)
    }

    pub(crate) async fn get_hedge(&self, caller: &Caller, hedge_id: i64) -> Result<HedgeRow> {
        self.may_read_hedges(caller)?;
        let hedge = db::hedges::select_hedge(&self.pool, hedge_id).await?.ok_or_else(hedge_not_found)?;
        self.readable_contract(caller, hedge.contract_id).await.map_err(|_| hedge_not_found())?;
        Ok(hedge)
    }

    pub(crate) async fn create_hedge(&self, caller: &Caller, contract_id: i64, typed: &TypedHedge) -> Result<HedgeRow> {
        self.may_change_hedges(caller)?;
        let values = hedge_values(typed)?;
        self.readable_contract(caller, contract_id).await?;
        let mut tx = self.pool.begin().await?;
        let contract = db::contracts::select_contract_for_update(&mut tx, contract_id)
            .await?
            .ok_or_else(|| not_found("Contract"))?;
        if contract.fields.contract_type != HEDGE {
            return Err(invalid("Hedges are added to contracts whose Contract Type is Hedge."));
        }
        let row = db::hedges::insert_hedge(&mut tx, contract_id, &values, caller.user_id).await?;
        let also = Also { hedge: Some(row.clone()), ..Default::default() };
        record_event(&mut tx, caller, "hedge added", &contract, also).await?;
        tx.commit().await?;
        Ok(row)
    }

    pub(crate) async fn update_hedge(
        &self,
        caller: &Caller,
        hedge_id: i64,
        version: i64,
        typed: &TypedHedge,
    ) -> Result<HedgeRow> {
        self.may_change_hedges(caller)?;
        let values = hedge_values(typed)?;
        let read = self.get_hedge(caller, hedge_id).await?;
        let mut tx = self.pool.begin().await?;
        let contract =
            db::contracts::select_contract_for_update(&mut tx, read.contract_id).await?.ok_or_else(hedge_not_found)?;
        let Some(row) = db::hedges::update_hedge(&mut tx, hedge_id, version, &values, caller.user_id).await? else {
            return Err(match db::hedges::select_hedge(&mut *tx, hedge_id).await? {
                Some(_) => stale("Someone else changed this hedge meanwhile; it has been reloaded."),
                None => hedge_not_found(),
            });
        };
        let also = Also { hedge: Some(row.clone()), ..Default::default() };
        record_event(&mut tx, caller, "hedge updated", &contract, also).await?;
        tx.commit().await?;
        Ok(row)
    }

    pub(crate) async fn delete_hedge(&self, caller: &Caller, hedge_id: i64) -> Result<()> {
        self.may_change_hedges(caller)?;
        let read = self.get_hedge(caller, hedge_id).await?;
        let mut tx = self.pool.begin().await?;
        let contract =
            db::contracts::select_contract_for_update(&mut tx, read.contract_id).await?.ok_or_else(hedge_not_found)?;
        db::hedges::delete_hedge(&mut tx, hedge_id).await?;
        let also = Also { hedge: Some(read), ..Default::default() };
        record_event(&mut tx, caller, "hedge deleted", &contract, also).await?;
        tx.commit().await?;
        Ok(())
    }
}

#[cfg(test)]
mod tests {
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
