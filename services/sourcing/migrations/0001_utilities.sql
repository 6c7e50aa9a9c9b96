-- Local distribution utilities. Companies (crm) name them as their electric, gas and DR areas by
-- id; accounts and contracts name them too.
create table utility (
    utility_id bigint generated always as identity primary key,
    name text not null check (length(btrim(name)) > 0),
    state text not null check (state ~ '^[A-Z]{2}$'),
    commodity text not null check (commodity in ('Electric', 'Gas', 'DR')),
    zone text not null default '',
    rto text not null default '',
    created_at timestamptz not null default now(),
    unique (name, state, commodity)
);
