-- Supplier commission statements: each supplier's file of what it paid, matched to projected
-- payments and applied to them as actual payments (see docs/decisions.md).

-- Which column of a supplier's files holds each figure, as last confirmed.
create table statement_mapping (
    supplier_id bigint primary key,
    mapping jsonb not null,
    updated_at timestamptz not null default now(),
    updated_by bigint not null
);

create table commission_statement (
    statement_id bigint generated always as identity primary key,
    supplier_id bigint not null,
    file_name text not null,
    -- SHA-256 of the supplier and the rows as read: the same content twice is one statement.
    content_hash bytea not null,
    row_count integer not null,
    payment_month smallint not null check (payment_month between 1 and 12),
    payment_year integer not null check (payment_year between 1900 and 2200),
    tolerance_percent numeric(7, 4) not null,
    first_month date,
    last_month date,
    -- Rows per bucket and the amounts, as imported and linked since.
    matched integer not null default 0,
    short_over integer not null default 0,
    unmatched integer not null default 0,
    duplicate integer not null default 0,
    linked integer not null default 0,
    missing integer not null default 0,
    received_total numeric(18, 2) not null default 0,
    applied_total numeric(18, 2) not null default 0,
    expected_total numeric(18, 2) not null default 0,
    missing_total numeric(18, 2) not null default 0,
    imported_at timestamptz not null default now(),
    imported_by bigint not null,
    reverted_at timestamptz,
    reverted_by bigint
);

-- Importing the same content again is refused while the earlier statement stands; two imports
-- of one file at once meet here, and one of them pays.
create unique index commission_statement_content_idx on commission_statement (supplier_id, content_hash)
    where reverted_at is null;
create index commission_statement_supplier_idx on commission_statement (supplier_id, statement_id desc);

create table commission_statement_row (
    statement_id bigint not null references commission_statement on delete cascade,
    row_number integer not null,
    account_number text not null,
    period_start date not null,
    period_end date,
    usage numeric(18, 4),
    amount numeric(16, 2) not null,
    fee numeric(12, 5),
    commodity text not null default '',
    customer_name text not null default '',
    bucket smallint not null check (bucket between 1 and 5),
    contract_id bigint,
    payment_id bigint,
    company_id bigint,
    company_name text not null default '',
    month date not null,
    expected numeric(16, 2),
    received numeric(16, 2),
    note text not null default '',
    suggestions jsonb not null default '[]',
    primary key (statement_id, row_number)
);

create index commission_statement_row_month_idx on commission_statement_row (month, statement_id);

-- What a statement wrote into each payment and what the payment held before: a revert puts the
-- old values back, and a payment held by a standing statement is not paid again.
create table commission_statement_payment (
    statement_id bigint not null references commission_statement on delete cascade,
    payment_id bigint not null,
    contract_id bigint not null,
    -- The payment was made by the statement (linked to a month with no projected payment).
    created boolean not null default false,
    before_usage_actual numeric(18, 4),
    before_payment_actual numeric(16, 2),
    before_payment_month smallint,
    before_payment_year integer,
    -- The payment's version after the statement wrote it: a revert finds it unchanged.
    written_version bigint not null,
    primary key (statement_id, payment_id)
);

create index commission_statement_payment_idx on commission_statement_payment (payment_id);

-- Statements read a supplier's contracts.
create index contract_supplier_idx on contract (supplier_id, contract_id);
