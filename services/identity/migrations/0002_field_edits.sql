-- Which field of a record changed, at which version, by whom and from what: a save is refused
-- only when a field it changes was changed by someone else after the version its caller read.
create table field_edit (
    field_edit_id bigint generated always as identity primary key,
    resource text not null,
    record_id bigint not null,
    version bigint not null,
    user_id bigint not null,
    field text not null,
    old_value text not null,
    changed_at timestamptz not null default now()
);

create index field_edit_record_idx on field_edit (resource, record_id, version);
create index app_user_lower_name_idx on app_user (lower(name));
