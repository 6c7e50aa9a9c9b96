-- The id of the transaction that wrote each event: a consumer that rebuilt its read models from
-- a snapshot (a pg_snapshot) skips the events whose transaction that snapshot already saw.
alter table outbox add column txid xid8 not null default pg_current_xact_id();
