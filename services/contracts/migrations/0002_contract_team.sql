-- The contracts naming each user in a team role, one row per user and contract, kept by a
-- trigger. The Contracts page of one user, and its totals, read this with index-only scans
-- instead of visiting every contract the user is named on (a busy closer is on thousands).
create table contract_team (
    user_id bigint not null,
    contract_id bigint not null references contract on delete cascade,
    sort_date date not null,
    commodity text not null,
    status smallint not null,
    start_date date,
    end_date date,
    annual_volume numeric(18, 4) not null
);
create unique index contract_team_user_idx on contract_team (user_id, sort_date desc, contract_id desc)
    include (commodity, status, start_date, end_date, annual_volume);
create index contract_team_commodity_idx on contract_team (user_id, commodity, sort_date desc, contract_id desc)
    include (status, start_date, end_date, annual_volume);
create index contract_team_contract_idx on contract_team (contract_id);

create function contract_team_sync() returns trigger language plpgsql as $$
begin
    if tg_op <> 'INSERT' then
        delete from contract_team where contract_id = old.contract_id;
    end if;
    if tg_op <> 'DELETE' then
        insert into contract_team (user_id, contract_id, sort_date, commodity, status, start_date, end_date,
            annual_volume)
        select distinct member, new.contract_id, new.sort_date, new.commodity, new.status, new.start_date,
            new.end_date, new.annual_volume
        from unnest(new.team_user_ids) as member;
    end if;
    return null;
end
$$;

create trigger contract_team_on_insert after insert on contract
    for each row execute function contract_team_sync();
create trigger contract_team_on_update after update on contract
    for each row
    when ((old.team_user_ids, old.sort_date, old.commodity, old.status, old.start_date, old.end_date,
           old.annual_volume) is distinct from
          (new.team_user_ids, new.sort_date, new.commodity, new.status, new.start_date, new.end_date,
           new.annual_volume))
    execute function contract_team_sync();

insert into contract_team (user_id, contract_id, sort_date, commodity, status, start_date, end_date, annual_volume)
select distinct member, contract_id, sort_date, commodity, status, start_date, end_date, annual_volume
from contract, unnest(team_user_ids) as member;

-- Replaced by contract_team.
drop index contract_team_idx;
