//! The source services' events as the read models take them: which services send them, and how
//! each is applied (by the projector, and by a rebuild replaying snapshots).

use prost::Message;
use sqlx::PgConnection;

use crate::db::projection;

/// The services whose events the read models are made from.
pub const SOURCES: [&str; 4] = ["identity", "crm", "sourcing", "contracts"];

/// Applies one event to the read models. An event that cannot be decoded is answered as an error
/// for the caller to log and skip (a newer service may write kinds this projector does not know);
/// a database failure fails the batch.
pub(crate) async fn apply(
    conn: &mut PgConnection,
    service: &str,
    event_type: &str,
    payload: &[u8],
) -> Result<(), Undecodable> {
    let kind = event_type.split('.').next().unwrap_or_default();
    match (service, kind) {
        ("identity", "user") => projection::apply_user(conn, &decode(payload)?).await?,
        ("crm", "company") => projection::apply_company(conn, &decode(payload)?).await?,
        ("crm", "contact") => projection::apply_contact(conn, &decode(payload)?).await?,
        ("crm", "account") => projection::apply_account(conn, &decode(payload)?).await?,
        ("sourcing", "supplier" | "utility") => projection::apply_directory(conn, &decode(payload)?).await?,
        ("contracts", "contract") => projection::apply_contract(conn, &decode(payload)?).await?,
        _ => {}
    }
    Ok(())
}

pub(crate) fn decode<M: Message + Default>(payload: &[u8]) -> Result<M, Undecodable> {
    M::decode(payload).map_err(Undecodable::Decode)
}

/// Why an event was not applied.
#[derive(Debug, thiserror::Error)]
pub(crate) enum Undecodable {
    #[error("the event does not decode: {0}")]
    Decode(prost::DecodeError),
    #[error(transparent)]
    Database(#[from] sqlx::Error),
}
