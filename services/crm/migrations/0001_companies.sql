-- Name search: case- and accent-insensitive substrings, served by a trigram index.
create extension if not exists pg_trgm with schema crm;
create extension if not exists unaccent with schema crm;

create function search_text(value text) returns text
    language sql immutable parallel safe strict
    as $$ select lower(crm.unaccent('crm.unaccent'::regdictionary, value)) $$;

-- Companies (leads).
create table company (
    company_id bigint generated always as identity primary key,
    name text not null check (length(btrim(name)) > 0),
    -- The name folded for search, kept beside it so searches never call unaccent per row.
    name_search text generated always as (search_text(name)) stored,
    address text not null default '',
    city text not null default '',
    state text not null default '',
    zip text not null default '',
    entry_date date not null default current_date,
    primary_electric_status text check (primary_electric_status in ('Prospect', 'Opportunity', 'Customer', 'Former Customer', 'Dead')),
    secondary_electric_statuses text[] not null default '{}',
    primary_gas_status text check (primary_gas_status in ('Prospect', 'Opportunity', 'Customer', 'Former Customer', 'Dead')),
    secondary_gas_statuses text[] not null default '{}',
    primary_dr_status text check (primary_dr_status in ('Prospect', 'Opportunity', 'Customer', 'Former Customer', 'Dead')),
    secondary_dr_statuses text[] not null default '{}',
    electric_contract_end_date date,
    gas_contract_end_date date,
    dr_contract_end_date date,
    electric_usage numeric(16, 2) check (electric_usage >= 0),
    gas_usage numeric(16, 2) check (gas_usage >= 0),
    dr_reduction numeric(14, 2) check (dr_reduction >= 0),
    electric_area_utility_id bigint,
    gas_area_utility_id bigint,
    dr_area_utility_id bigint,
    utilities boolean not null default false,
    bill_management boolean not null default false,
    community_solar boolean not null default false,
    energy_efficiency boolean not null default false,
    w9 boolean not null default false,
    inside_user_id bigint,
    closer_user_id bigint,
    analyst_user_id bigint,
    admin_user_id bigint,
    customer_care_user_id bigint,
    support_analyst1_user_id bigint,
    support_analyst2_user_id bigint,
    affiliate text,
    version bigint not null default 1,
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now(),
    updated_by bigint,
    -- Secondary statuses exist only under a primary status.
    check (primary_electric_status is not null or cardinality(secondary_electric_statuses) = 0),
    check (primary_gas_status is not null or cardinality(secondary_gas_statuses) = 0),
    check (primary_dr_status is not null or cardinality(secondary_dr_statuses) = 0)
);

-- Lists walk names in order. The index carries every column the search drawer filters on, so
-- a page's ids come from the index alone (no heap read per name walked past); only the page's
-- rows are then read.
create index company_name_idx on company (name, company_id) include (
    name_search, primary_electric_status, primary_gas_status, secondary_electric_statuses,
    secondary_gas_statuses, electric_usage, gas_usage, electric_area_utility_id, gas_area_utility_id,
    dr_area_utility_id, electric_contract_end_date, gas_contract_end_date, inside_user_id, closer_user_id,
    analyst_user_id, admin_user_id, customer_care_user_id, support_analyst1_user_id, support_analyst2_user_id
);
create index company_name_search_idx on company using gin (name_search gin_trgm_ops);
create index company_primary_electric_status_idx on company (primary_electric_status);
create index company_primary_gas_status_idx on company (primary_gas_status);
create index company_secondary_electric_statuses_idx on company using gin (secondary_electric_statuses);
create index company_secondary_gas_statuses_idx on company using gin (secondary_gas_statuses);
create index company_electric_usage_idx on company (electric_usage);
create index company_gas_usage_idx on company (gas_usage);
create index company_electric_contract_end_date_idx on company (electric_contract_end_date);
create index company_gas_contract_end_date_idx on company (gas_contract_end_date);
create index company_electric_area_idx on company (electric_area_utility_id);
create index company_gas_area_idx on company (gas_area_utility_id);
create index company_dr_area_idx on company (dr_area_utility_id);
-- Who may see a company (Sales) and the user filters: one index per team role.
create index company_inside_user_idx on company (inside_user_id) where inside_user_id is not null;
create index company_closer_user_idx on company (closer_user_id) where closer_user_id is not null;
create index company_analyst_user_idx on company (analyst_user_id) where analyst_user_id is not null;
create index company_admin_user_idx on company (admin_user_id) where admin_user_id is not null;
create index company_customer_care_user_idx on company (customer_care_user_id) where customer_care_user_id is not null;
create index company_support_analyst1_user_idx on company (support_analyst1_user_id) where support_analyst1_user_id is not null;
create index company_support_analyst2_user_idx on company (support_analyst2_user_id) where support_analyst2_user_id is not null;

-- Every saved change of a company, for its History panel.
create table company_change (
    company_change_id bigint generated always as identity primary key,
    company_id bigint not null references company (company_id) on delete cascade,
    kind text not null check (kind in ('created', 'updated', 'teams assigned')),
    user_id bigint not null,
    changed_at timestamptz not null default now(),
    fields jsonb not null
);

create index company_change_company_idx on company_change (company_id, company_change_id desc);

-- Domain events, written in the same transaction as the change they describe and published
-- by a relay (encoded eris.crm.v1.CompanyEvent).
create table outbox (
    outbox_id bigint generated always as identity primary key,
    event_type text not null,
    aggregate_id bigint not null,
    payload bytea not null,
    created_at timestamptz not null default now()
);

create table affiliate (
    affiliate_id bigint generated always as identity primary key,
    name text not null check (length(btrim(name)) > 0),
    created_at timestamptz not null default now(),
    created_by bigint
);

create unique index affiliate_name_key on affiliate (lower(name));

create table note (
    note_id bigint generated always as identity primary key,
    company_id bigint not null references company (company_id) on delete cascade,
    user_id bigint not null,
    text text not null check (length(btrim(text)) > 0),
    service text not null default 'All' check (service in ('Energy Efficiencies', 'DR', 'Bill Management', 'Brokerage', 'All')),
    follow_up_date date,
    created_at timestamptz not null default now()
);

create index note_company_idx on note (company_id, note_id desc);

create table task (
    task_id bigint generated always as identity primary key,
    type text not null check (type in ('Brokerage', 'Demand Response', 'Follow Up', 'Contract Renewal')),
    subject text not null check (length(btrim(subject)) > 0),
    description text not null default '',
    due_at timestamptz not null,
    status text not null default 'Open' check (status in ('Open', 'Closed')),
    company_id bigint references company (company_id) on delete cascade,
    author_user_id bigint not null,
    version bigint not null default 1,
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now(),
    updated_by bigint
);

create index task_company_idx on task (company_id, due_at);
create index task_due_idx on task (due_at);

create table task_assignee (
    task_id bigint not null references task (task_id) on delete cascade,
    user_id bigint not null,
    primary key (task_id, user_id)
);

create index task_assignee_user_idx on task_assignee (user_id, task_id);

create table call_bank (
    call_bank_id bigint generated always as identity primary key,
    name text not null check (length(btrim(name)) > 0),
    service_type text not null check (service_type in ('Brokerage', 'Demand Response', 'Follow Up', 'Contract Renewal')),
    assignee_user_id bigint not null,
    rep_type text not null check (rep_type in ('Inside', 'Admin', 'Closer', 'Analyst', 'Customer Care')),
    due_date date not null,
    version bigint not null default 1,
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now(),
    updated_by bigint
);

create index call_bank_assignee_idx on call_bank (assignee_user_id, due_date);

create table call_bank_company (
    call_bank_id bigint not null references call_bank (call_bank_id) on delete cascade,
    company_id bigint not null references company (company_id) on delete cascade,
    status text not null default 'Open' check (status in ('Open', 'Closed')),
    updated_at timestamptz not null default now(),
    updated_by bigint,
    primary key (call_bank_id, company_id)
);

create index call_bank_company_company_idx on call_bank_company (company_id);
