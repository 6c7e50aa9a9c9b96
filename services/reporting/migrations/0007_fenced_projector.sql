-- The projector's watermark per source: the highest publication number applied with none
-- missing below it. Repeated to Redis, where the source's relay reads it to know which outbox
-- rows it may delete and from where to publish again after a reset.
alter table stream_position add column applied_seq bigint not null default 0;

-- The lease's fencing token: each projector that takes the lease raises the epoch, and every
-- batch checks, inside its own transaction, that the epoch is still the one its projector took.
create table projector_lease (
    only_row boolean primary key default true check (only_row),
    epoch bigint not null,
    holder text not null default '',
    taken_at timestamptz
);
insert into projector_lease (epoch) values (0);
