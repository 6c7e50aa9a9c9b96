-- Security state lives here, not in Redis (which only caches it).

-- A token is valid only while its generation is the user's current one: sign-out, a password
-- change or reset, a role change and deactivation raise it.
alter table app_user add column token_generation bigint not null default 1;

-- A one-time password (made by Management for a new or reset user) works for one sign-in until it
-- expires; a password the user chose has neither.
alter table app_user add column one_time_password_expires_at timestamptz;
alter table app_user add column one_time_password_used_at timestamptz;

-- Refresh tokens, by the SHA-256 of the token (the token itself is never stored). Each use
-- replaces the token with a new one of the same family (the session); a replaced token used
-- again later ends the whole family, as it can only be a copy.
create sequence refresh_family_seq;
create table refresh_token (
    token_hash bytea primary key,
    user_id bigint not null references app_user (user_id) on delete cascade,
    family_id bigint not null,
    created_at timestamptz not null default now(),
    expires_at timestamptz not null,
    rotated_at timestamptz,
    revoked_at timestamptz
);
create index refresh_token_family_idx on refresh_token (family_id);
create index refresh_token_user_idx on refresh_token (user_id) where revoked_at is null;
create index refresh_token_expires_idx on refresh_token (expires_at);

-- Names identify users in REST calls, so no two users share one, whatever the case. Earlier
-- duplicates keep the oldest name; later ones get their id appended.
update app_user set name = name || ' (' || user_id || ')'
where user_id in (
    select user_id from (
        select user_id, row_number() over (partition by lower(name) order by user_id) as n from app_user
    ) ranked where n > 1
);
drop index app_user_lower_name_idx;
create unique index app_user_name_key on app_user (lower(name));
