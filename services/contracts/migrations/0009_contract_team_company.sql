-- A Sales reader's book is the contracts naming them at the companies they may open (crm's rule,
-- asked per call as a list of company ids). Each row of contract_team carries its contract's
-- company, so that rule is a filter on the same index-only scan instead of a lookup of every
-- listed company's contracts.
alter table contract_team add column company_id bigint;
update contract_team t set company_id = c.company_id from contract c where c.contract_id = t.contract_id;
alter table contract_team alter column company_id set not null;

drop index contract_team_user_idx;
drop index contract_team_commodity_idx;
create unique index contract_team_user_idx on contract_team (user_id, sort_date desc, contract_id desc)
    include (commodity, status, start_date, end_date, annual_volume, company_id);
create index contract_team_commodity_idx on contract_team (user_id, commodity, sort_date desc, contract_id desc)
    include (status, start_date, end_date, annual_volume, company_id);

create or replace function contract_team_sync() returns trigger language plpgsql as $$
begin
    if tg_op <> 'INSERT' then
        delete from contract_team where contract_id = old.contract_id;
    end if;
    if tg_op <> 'DELETE' then
        insert into contract_team (user_id, contract_id, sort_date, commodity, status, start_date, end_date,
            annual_volume, company_id)
        select distinct member, new.contract_id, new.sort_date, new.commodity, new.status, new.start_date,
            new.end_date, new.annual_volume, new.company_id
        from unnest(new.team_user_ids) as member;
    end if;
    return null;
end
$$;

drop trigger contract_team_on_update on contract;
create trigger contract_team_on_update after update on contract
    for each row
    when ((old.team_user_ids, old.sort_date, old.commodity, old.status, old.start_date, old.end_date,
           old.annual_volume, old.company_id) is distinct from
          (new.team_user_ids, new.sort_date, new.commodity, new.status, new.start_date, new.end_date,
           new.annual_volume, new.company_id))
    execute function contract_team_sync();
