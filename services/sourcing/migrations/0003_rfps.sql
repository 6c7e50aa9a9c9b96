-- Requests for pricing and the prices suppliers return. An RFP names crm's company and accounts
-- and sourcing's suppliers by id; the company's name is kept as of the last save for lists.

create table rfp (
    rfp_id bigint generated always as identity primary key,
    company_id bigint not null,
    company_name text not null default '',
    len text not null default '',
    address text not null default '',
    city text not null default '',
    state text not null default '',
    zip text not null default '',
    commodity text not null check (commodity in ('Electric', 'Gas')),
    start_date date,
    return_date date not null,
    return_time time not null default '11:00',
    supplier_ids bigint[] not null default '{}',
    terms integer[] not null default '{}',
    products text[] not null default '{}',
    fee numeric(14, 6),
    account_ids bigint[] not null default '{}',
    owner_user_id bigint not null,
    outcome text not null default 'Open' check (outcome in ('Open', 'Won', 'Lost')),
    won_quote_id bigint,
    version bigint not null default 1,
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now(),
    updated_by bigint
);

-- A company's RFPs and every RFP, latest return first; one user's by return date (the calendar).
create index rfp_company_idx on rfp (company_id, return_date desc, rfp_id desc);
create index rfp_return_idx on rfp (return_date desc, rfp_id desc);
create index rfp_owner_idx on rfp (owner_user_id, return_date, return_time);

create table rfp_quote (
    quote_id bigint generated always as identity primary key,
    rfp_id bigint not null references rfp on delete cascade,
    supplier_id bigint not null references supplier,
    term_months integer not null check (term_months between 1 and 240),
    product text not null default '',
    rate numeric(14, 6) not null check (rate >= 0),
    fee numeric(14, 6),
    notes text not null default '',
    received_at timestamptz not null default now(),
    created_by bigint not null
);

create index rfp_quote_rfp_idx on rfp_quote (rfp_id, term_months, rate);

alter table rfp add constraint rfp_won_quote_fk foreign key (won_quote_id) references rfp_quote on delete set null;
