-- Everyone in a company's team roles (inside, closer, analyst, admin, customer care and both
-- support analysts): a Sales user's reports cover the companies naming them.
alter table company add column team_user_ids bigint[] not null default '{}';
create index company_team_idx on company using gin (team_user_ids);
