-- Domain events (encoded eris.identity.v1.UserEvent), written in the same transaction as the
-- change they describe and published by a relay; like every service's outbox.
create table outbox (
    outbox_id bigint generated always as identity primary key,
    event_type text not null,
    aggregate_id bigint not null,
    payload bytea not null,
    created_at timestamptz not null default now(),
    txid xid8 not null default pg_current_xact_id()
);
