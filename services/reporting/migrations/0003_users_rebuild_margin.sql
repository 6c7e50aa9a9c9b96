-- Users, as identity's user events carry them: the names in the reports' team columns.
create table app_user (
    user_id bigint primary key,
    name text not null,
    role text not null,
    active boolean not null,
    version bigint not null
);

-- Where the last rebuild read each source: its transaction snapshot (`pg_snapshot` text). An event
-- whose transaction that snapshot saw is already in the read models and is skipped.
create table rebuild_position (
    service text primary key,
    snapshot text not null,
    rebuilt_at timestamptz not null default now()
);

-- Margin Builder filters on the contract side, and renewals by end date within a team.
create index contract_supplier_idx on contract (supplier_id, contract_id);
create index contract_signed_idx on contract (date_signed, contract_id);
create index contract_start_idx on contract (start_date, contract_id);
create index payment_projected_key_idx on payment (projected_year, projected_month, contract_id, payment_id);
create index payment_paid_key_idx on payment (payment_year, payment_month, contract_id, payment_id);
drop index payment_projected_idx;
drop index payment_paid_idx;

-- Single-use tickets for export downloads: a browser fetches the file by address, without the
-- caller's token. Whoever holds one may download for a minute, once.
create table export_ticket (
    ticket text primary key,
    user_id bigint not null,
    role text not null,
    filter bytea not null,
    expires_at timestamptz not null
);
create index export_ticket_expiry_idx on export_ticket (expires_at);
