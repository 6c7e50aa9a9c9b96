-- Read models fed by the other services' events (never by their schemas), and what the
-- projector needs to apply each event once.

-- Events applied, by event id (`<service>:<outbox id>`): an event delivered again is skipped.
create table applied_event (
    event_id text primary key,
    applied_at timestamptz not null default now()
);
create index applied_event_age_idx on applied_event (applied_at);

-- The last event applied from each stream: where a restarted projector stands, and the lag.
create table stream_position (
    service text primary key,
    last_entry_id text not null,
    -- When the last applied event's change committed (Unix ms) and when it was applied.
    last_created_ms bigint not null,
    applied_at timestamptz not null default now()
);

-- Companies: names and team, as crm's company events carry them.
create table company (
    company_id bigint primary key,
    name text not null,
    inside_user_id bigint,
    closer_user_id bigint,
    analyst_user_id bigint,
    affiliate text not null default '',
    version bigint not null
);

-- Suppliers and utilities, as sourcing's directory events carry them.
create table supplier (
    supplier_id bigint primary key,
    name text not null,
    commodity text not null,
    version bigint not null
);
create table utility (
    utility_id bigint primary key,
    name text not null,
    commodity text not null,
    version bigint not null
);

-- Contracts and their payments, as the contracts service's events carry them.
create table contract (
    contract_id bigint primary key,
    company_id bigint not null,
    company_name text not null,
    inside_sales_user_id bigint,
    closer1_user_id bigint,
    closer2_user_id bigint,
    analyst_user_id bigint,
    support_analyst1_user_id bigint,
    support_analyst2_user_id bigint,
    affiliate text not null default '',
    commodity text not null,
    utility_id bigint,
    state text not null default '',
    date_signed date,
    pricing_type text not null default '',
    contract_type text not null default '',
    supplier_id bigint,
    start_date date,
    term_months integer,
    fee numeric,
    status integer not null,
    previous_status integer not null default 0,
    annual_volume numeric,
    term_fee_total numeric,
    end_date date,
    version bigint not null
);
create index contract_company_idx on contract (company_id);
create index contract_end_idx on contract (end_date);

create table payment (
    payment_id bigint primary key,
    contract_id bigint not null,
    projected_month integer not null,
    projected_year integer not null,
    revenue_split numeric,
    projected_usage numeric,
    projected_payment numeric,
    payment_month integer not null default 0,
    payment_year integer not null default 0,
    usage_actual numeric,
    payment_actual numeric,
    payment_type text not null default '',
    version bigint not null
);
create index payment_contract_idx on payment (contract_id, payment_id);
create index payment_projected_idx on payment (projected_year, projected_month);
create index payment_paid_idx on payment (payment_year, payment_month);
