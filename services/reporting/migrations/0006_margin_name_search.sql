-- Margin Builder's Company Name filter ("contains", any case) answered from an index: each
-- contract keeps the distinct three-letter pieces of its lower-cased company name, and a GIN index
-- over them finds the contracts holding every piece of the typed part; ILIKE then checks the
-- part itself. pg_trgm would do the same, but an extension lives once per database and the crm
-- schema already holds it; this schema uses only what PostgreSQL has built in.
create function name_grams(name text) returns text[] language sql immutable parallel safe strict
return array(select distinct substr(lower(name), i, 3) from generate_series(1, length(name) - 2) as i);

alter table contract add column name_grams text[] generated always as (name_grams(company_name)) stored;
create index contract_name_grams_idx on contract using gin (name_grams);
-- The planner needs the pieces' statistics to tell a rare piece (read the index) from a common
-- one (read in key order).
analyze contract;
