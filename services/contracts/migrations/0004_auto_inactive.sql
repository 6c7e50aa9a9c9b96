-- Contracts whose end date has passed become Inactive by themselves (their status before is kept
-- in previous_status), once: the day it happened is kept, so a contract someone makes active again
-- stays so, and Auto Inactive Contracts lists what each day's sweep did.
alter table contract add column auto_inactive_on date;
create index contract_ending_idx on contract (end_date, contract_id) where status <> 3 and auto_inactive_on is null;
