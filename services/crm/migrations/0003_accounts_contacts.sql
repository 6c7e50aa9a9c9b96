-- Accounts with their monthly usage and capacity histories, and company contacts.

-- Sums over the company's accounts, kept current in every transaction that changes an account
-- or its usage (under the company's row lock), so lists read them without summing.
alter table company
    add column total_kwh numeric(18, 2) not null default 0,
    add column total_therms numeric(18, 2) not null default 0;

-- A utility account. utility_id and the supplier ids are sourcing's; sourcing archives
-- suppliers rather than removing them, so the ids stay meaningful.
create table account (
    account_id bigint generated always as identity primary key,
    company_id bigint not null references company on delete cascade,
    name text not null default '',
    len text not null default '',
    account_number text not null default '',
    secondary_account_number text not null default '',
    utility_id bigint,
    zone text not null default '',
    supplier_id bigint,
    commodity text not null check (commodity in ('Electric', 'Gas')),
    rate_class text not null default '',
    address text not null default '',
    city text not null default '',
    state text not null default '' check (state = '' or state ~ '^[A-Z]{2}$'),
    zip text not null default '',
    open_state text not null default 'Open' check (open_state in ('Open', 'Closed')),
    tax_exempt_percent numeric(5, 2) check (tax_exempt_percent between 0 and 100),
    contract_end_date date,
    plc numeric(14, 4) check (plc >= 0),
    nspl numeric(14, 4) check (nspl >= 0),
    is_dr boolean not null default false,
    dr_status text check (dr_status in ('Registered', 'Unregistered')),
    dr_provider_supplier_id bigint,
    summer_registered_kw numeric(14, 4) check (summer_registered_kw >= 0),
    winter_registered_kw numeric(14, 4) check (winter_registered_kw >= 0),
    -- From usage_month, written with it.
    annual_usage numeric(18, 2) not null default 0,
    peak_kw numeric(14, 4),
    usage_updated_at timestamptz,
    version bigint not null default 1,
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now(),
    updated_by bigint,
    constraint account_electric_only check (
        commodity = 'Electric' or (plc is null and nspl is null and not is_dr)),
    constraint account_dr_only check (
        is_dr or (dr_status is null and dr_provider_supplier_id is null
                  and summer_registered_kw is null and winter_registered_kw is null))
);

create index account_company_idx on account (company_id, lower(name), account_id);
create index account_number_idx on account (upper(account_number) text_pattern_ops);
create index account_secondary_number_idx on account (upper(secondary_account_number) text_pattern_ops)
    where secondary_account_number <> '';
create index account_name_search_idx on account using gin (search_text(name) gin_trgm_ops);
create index account_utility_idx on account (utility_id);

-- One month of an account's usage: kWh or therms, and peak kW for electric accounts.
create table usage_month (
    account_id bigint not null references account on delete cascade,
    month smallint not null check (month between 1 and 12),
    value numeric(16, 2) check (value >= 0),
    kw numeric(14, 4) check (kw >= 0),
    entry_date date,
    primary key (account_id, month)
);

-- Dated values of an account's PLC, NSPL and registered kW.
create table capacity_record (
    capacity_record_id bigint generated always as identity primary key,
    account_id bigint not null references account on delete cascade,
    kind text not null check (kind in ('PLC', 'NSPL', 'SummerKW', 'WinterKW')),
    value numeric(14, 4) not null check (value >= 0),
    start_date date not null,
    end_date date not null,
    created_at timestamptz not null default now(),
    created_by bigint,
    check (start_date <= end_date)
);

create index capacity_record_account_idx on capacity_record (account_id, kind, start_date desc);

create table contact (
    contact_id bigint generated always as identity primary key,
    company_id bigint not null references company on delete cascade,
    first_name text not null default '',
    last_name text not null default '',
    email text not null default '',
    title text not null default '',
    office_phone text not null default '',
    cell_phone text not null default '',
    contact_type text not null default '',
    priority smallint check (priority between 1 and 15),
    version bigint not null default 1,
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now(),
    updated_by bigint,
    check (first_name <> '' or last_name <> '')
);

create index contact_company_idx on contact (company_id, lower(last_name), lower(first_name), contact_id);
