//! Hedges: blocks of a Hedge contract's supply priced on their own. Read as the contract is;
//! changed by Management, Admin and Customer Care among the beta users.

use eris_platform::auth::Caller;

use crate::{
    State,
    access::{self, require},
    db::{self, hedges::HedgeRow},
    domain::{
        fields::HEDGE,
        hedge_fields::{TypedHedge, hedge_values},
    },
    error::{Error, Result, invalid, not_found, stale},
    events::{Also, ContractEventKind, record_event},
};

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
        record_event(&mut tx, caller, ContractEventKind::HedgeAdded, &contract, also).await?;
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
        record_event(&mut tx, caller, ContractEventKind::HedgeUpdated, &contract, also).await?;
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
        record_event(&mut tx, caller, ContractEventKind::HedgeDeleted, &contract, also).await?;
        tx.commit().await?;
        Ok(())
    }
}
