-- Staff who sign in to the CRM.
create table app_user (
    user_id bigint generated always as identity primary key,
    name text not null check (length(btrim(name)) > 0),
    email text not null check (email ~ '^[^@\s]+@[^@\s]+$'),
    job text not null default '',
    role text not null check (role in ('Management', 'Admin', 'Sales', 'Customer Care')),
    status text not null default 'Active' check (status in ('Active', 'Inactive')),
    force_password_reset boolean not null default true,
    password_hash text not null,
    version bigint not null default 1,
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now(),
    updated_by bigint references app_user (user_id)
);

-- Sign-in compares emails case-insensitively, so uniqueness does too.
create unique index app_user_email_key on app_user (lower(email));
create index app_user_name_idx on app_user (name, user_id);

-- The token signing key when none is configured: generated once, shared by every replica.
create table signing_key (
    signing_key_id smallint primary key default 1 check (signing_key_id = 1),
    algorithm text not null,
    private_key_pem text not null,
    created_at timestamptz not null default now()
);
