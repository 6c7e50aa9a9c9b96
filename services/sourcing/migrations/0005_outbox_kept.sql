-- Outbox rows stay after they are published, until reporting has applied them (the watermark it
-- repeats to Redis) and the retention period has passed: a stream that Redis lost is published
-- again from here. `publish_seq` is the publication order the relay gives a row when it first
-- takes it, one more than the last (`outbox_relay.last_seq`, counted in the same transaction, so
-- there are no holes); the stream entry carries it, so a consumer sees every gap.
create table outbox_relay (
    only_row boolean primary key default true check (only_row),
    last_seq bigint not null
);
insert into outbox_relay (last_seq) values (0);
alter table outbox add column publish_seq bigint, add column published_at timestamptz;
create unique index outbox_publish_seq_key on outbox (publish_seq);
create index outbox_unnumbered_idx on outbox (outbox_id) where publish_seq is null;

-- Wakes the relay when an event commits (a notification is delivered at commit); its poll stays
-- as the safety net.
create function outbox_notify() returns trigger language plpgsql as $$
begin
    perform pg_notify('eris_outbox_' || tg_table_schema, '');
    return null;
end
$$;
create trigger outbox_notify after insert on outbox for each statement execute function outbox_notify();
