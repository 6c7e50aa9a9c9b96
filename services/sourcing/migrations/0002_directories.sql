-- Suppliers and their contacts, rate codes, rate types, the field-edit log and the outbox.

alter table utility
    add column version bigint not null default 1,
    add column updated_at timestamptz not null default now(),
    add column updated_by bigint;

-- A utility's rate codes, in the order they were saved; ReplaceRateCodes rewrites the list.
create table rate_code (
    rate_code_id bigint generated always as identity primary key,
    utility_id bigint not null references utility on delete cascade,
    position integer not null check (position >= 0),
    matrix text not null default '',
    tariff text not null default '',
    description text not null default '',
    unique (utility_id, position)
);

-- Accounts, contracts and RFPs name suppliers by id, so a supplier is archived, never removed.
create table supplier (
    supplier_id bigint generated always as identity primary key,
    name text not null check (length(btrim(name)) > 0),
    commodity text not null check (commodity in ('Electric', 'Gas', 'DR')),
    broker_agreement_status text not null default '',
    archived_at timestamptz,
    version bigint not null default 1,
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now(),
    updated_by bigint
);

-- One live supplier per name and commodity; an archived one may share its name with a new one.
create unique index supplier_name_key on supplier (lower(name), commodity) where archived_at is null;

create table supplier_contact (
    supplier_contact_id bigint generated always as identity primary key,
    supplier_id bigint not null references supplier on delete cascade,
    name text not null check (length(btrim(name)) > 0),
    contact_type text not null default '' check (contact_type in ('', 'Primary', 'Secondary', 'Regional')),
    commodity text not null default '' check (commodity in ('', 'Electric', 'Gas', 'DR')),
    email text not null default '',
    support text not null default '',
    pricing_desk text not null default '',
    office_phone text not null default '',
    cell_phone text not null default '',
    version bigint not null default 1,
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now(),
    updated_by bigint
);

create index supplier_contact_supplier_idx on supplier_contact (supplier_id);

-- Contracts name rate types by name.
create table rate_type (
    rate_type_id bigint generated always as identity primary key,
    name text not null check (length(btrim(name)) > 0),
    created_at timestamptz not null default now(),
    created_by bigint
);

create unique index rate_type_name_key on rate_type (lower(name));

-- Which field of a record changed, at which version, by whom and from what (see crm's).
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
