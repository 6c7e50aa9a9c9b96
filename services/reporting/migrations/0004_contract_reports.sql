-- What the contract reports and the Opportunity Tracker show besides: companies' entry dates,
-- area utilities and annual usage; contacts (the first by priority is whom a welcome e-mail or a
-- first bill goes to); contracts' rate, billing, tax status, accounts and the day they were made
-- Inactive because their end date had passed.
alter table company
    add column entry_date date,
    add column electric_utility_id bigint,
    add column gas_utility_id bigint,
    add column total_kwh numeric,
    add column total_therms numeric;
create index company_entry_idx on company (entry_date, company_id);

create table contact (
    contact_id bigint primary key,
    company_id bigint not null,
    first_name text not null,
    last_name text not null,
    email text not null,
    priority integer not null,
    version bigint not null
);
create index contact_company_idx on contact (company_id, priority, contact_id);

alter table contract
    add column contract_rate numeric,
    add column billing_type text not null default '',
    add column tax_exempt text not null default '',
    add column account_count integer not null default 0,
    add column auto_inactive_on date;
create index contract_auto_inactive_idx on contract (auto_inactive_on, contract_id) where auto_inactive_on is not null;
