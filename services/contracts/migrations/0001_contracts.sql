-- Contracts, their files, commission payments, DR payment history and hedges, with the
-- field-edit log and the outbox. Contracts name crm's companies and accounts, identity's users
-- and sourcing's utilities and suppliers by id; the company's name is kept as of the last save.
-- Amounts are exact: rates and fees to 5 fraction digits, money to cents.

create table contract (
    contract_id bigint generated always as identity primary key,
    company_id bigint not null,
    company_name text not null default '',
    inside_sales_user_id bigint,
    closer1_user_id bigint,
    closer2_user_id bigint,
    analyst_user_id bigint,
    support_analyst1_user_id bigint,
    support_analyst2_user_id bigint,
    affiliate text not null default '',
    commodity text not null check (commodity in ('Electric', 'Gas', 'DR')),
    utility_id bigint,
    state text not null default '',
    date_signed date,
    signed_through text not null default '' check (signed_through in ('', 'JMI', 'Provider')),
    provider_supplier_id bigint,
    pricing_type text not null default '',
    contract_type text not null default '',
    supplier_id bigint,
    start_date date,
    term_months integer check (term_months between 1 and 240),
    contract_rate numeric(12, 5),
    rate_type text not null default '',
    fee numeric(12, 5),
    billing_type text not null default '',
    tax_exempt numeric(7, 4),
    green_power boolean not null default false,
    payment_schedule text not null default '',
    revenue_split numeric(7, 4),
    notes text not null default '',
    capacity_percentage numeric(7, 4),
    energy_percentage numeric(7, 4),
    jmi_percentage numeric(7, 4),
    account_ids bigint[] not null default '{}',
    status smallint not null default 0 check (status between 0 and 3),
    previous_status smallint not null default 0,
    beta boolean not null default false,
    -- Computed on every save (see docs/decisions.md).
    annual_volume numeric(18, 4) not null default 0,
    term_volume numeric(18, 4) not null default 0,
    annual_fee_total numeric(16, 2) not null default 0,
    term_fee_total numeric(16, 2) not null default 0,
    end_date date,
    -- The contract's file in the object store, when it has one.
    file_key text,
    file_name text not null default '',
    file_type text not null default '',
    -- Everyone named in a team role: the Contracts page lists a user's contracts by it.
    team_user_ids bigint[] generated always as (array_remove(array[
        inside_sales_user_id, closer1_user_id, closer2_user_id, analyst_user_id,
        support_analyst1_user_id, support_analyst2_user_id], null)) stored,
    -- Lists are ordered latest signed first; contracts not yet signed come last.
    sort_date date generated always as (coalesce(date_signed, date '0001-01-01')) stored,
    version bigint not null default 1,
    created_at timestamptz not null default now(),
    created_by bigint not null,
    updated_at timestamptz not null default now(),
    updated_by bigint
);

create index contract_company_idx on contract (company_id, sort_date desc, contract_id desc);
create index contract_book_idx on contract (sort_date desc, contract_id desc)
    include (commodity, status, start_date, end_date, annual_volume);
create index contract_commodity_idx on contract (commodity, sort_date desc, contract_id desc)
    include (status, start_date, end_date, annual_volume);
create index contract_team_idx on contract using gin (team_user_ids);

create table payment (
    payment_id bigint generated always as identity primary key,
    contract_id bigint not null references contract on delete cascade,
    projected_month smallint not null check (projected_month between 1 and 12),
    projected_year integer not null check (projected_year between 1900 and 2200),
    revenue_split numeric(7, 4),
    projected_usage numeric(18, 4),
    projected_payment numeric(16, 2),
    payment_month smallint check (payment_month between 1 and 12),
    payment_year integer check (payment_year between 1900 and 2200),
    usage_actual numeric(18, 4),
    payment_actual numeric(16, 2),
    payment_type text not null default '',
    version bigint not null default 1,
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now(),
    updated_by bigint not null
);

create index payment_contract_idx on payment (contract_id, projected_year, projected_month, payment_id);

create table dr_payment (
    dr_payment_id bigint generated always as identity primary key,
    contract_id bigint not null references contract on delete cascade,
    amount numeric(16, 2) not null,
    paid_on date not null,
    period text not null check (period in ('Winter', 'Summer')),
    created_at timestamptz not null default now(),
    created_by bigint not null
);

create index dr_payment_contract_idx on dr_payment (contract_id, paid_on desc, dr_payment_id desc);

create table hedge (
    hedge_id bigint generated always as identity primary key,
    contract_id bigint not null references contract on delete cascade,
    block_type text not null default '' check (block_type in ('', 'Load Following Block', 'Flat Block')),
    signed_date date,
    start_month date check (extract(day from start_month) = 1),
    term_months integer not null default 0 check (term_months between 0 and 240),
    rate numeric(12, 5) check (rate >= 0),
    fee numeric(12, 5) check (fee >= 0),
    version bigint not null default 1,
    created_at timestamptz not null default now(),
    created_by bigint not null,
    updated_at timestamptz not null default now(),
    updated_by bigint not null
);

create index hedge_contract_idx on hedge (contract_id, start_month, hedge_id);

create table field_edit (
    field_edit_id bigint generated always as identity primary key,
    resource text not null,
    record_id bigint not null,
    version bigint not null,
    user_id bigint not null,
    field text not null,
    old_value text not null,
    changed_at timestamptz not null default now()
);

create index field_edit_record_idx on field_edit (resource, record_id, version);

-- Domain events, written in the transaction that made the change; a relay publishes them.
create table outbox (
    outbox_id bigint generated always as identity primary key,
    event_type text not null,
    aggregate_id bigint not null,
    payload bytea not null,
    created_at timestamptz not null default now()
);
