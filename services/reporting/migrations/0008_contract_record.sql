-- Each contract whole, as the contracts service sent it (an `eris.contracts.v1.Contract` message),
-- beside the columns the reports filter, sort and join on: a report shows any contract field
-- from it, so a new contract field needs no column here. Every upsert writes it; a contract
-- projected before this column existed has none until the reconciler replaces it (it counts a
-- contract without its record as one that differs from the contracts service).
alter table contract add column record bytea;
