-- Revenue by supplier and month, kept added up as payments and contracts change, so a year of the
-- revenue reports reads at most 12 cells per supplier instead of every payment of the year.
-- basis 1: projected payments by projected month; 2: payments received by the month received.
create table revenue_cell (
    basis smallint not null,
    year integer not null,
    month integer not null,
    supplier_id bigint not null,
    amount numeric not null,
    primary key (basis, year, month, supplier_id)
);

-- Adds `sign` times what `changed` payments count for, under their contract's supplier now.
create function revenue_cells_add(changed payment[], sign integer) returns void language sql as $$
    insert into revenue_cell (basis, year, month, supplier_id, amount)
    select b.basis, b.year, b.month, coalesce(c.supplier_id, 0), sign * sum(b.amount)
    from unnest(changed) p
    left join contract c on c.contract_id = p.contract_id
    cross join lateral (values (1::smallint, p.projected_year, p.projected_month, p.projected_payment),
                               (2::smallint, p.payment_year, p.payment_month, p.payment_actual))
        as b(basis, year, month, amount)
    where b.amount is not null and b.month between 1 and 12
    group by 1, 2, 3, 4
    on conflict (basis, year, month, supplier_id) do update set amount = revenue_cell.amount + excluded.amount
$$;

-- Every cell counted again from the payments: what a rebuild does once at its end, with the
-- triggers below idle meanwhile (`eris.rebuilding`), rather than once per statement.
create function revenue_cells_recount() returns void language sql as $$
    delete from revenue_cell;
    insert into revenue_cell (basis, year, month, supplier_id, amount)
    select b.basis, b.year, b.month, coalesce(c.supplier_id, 0), sum(b.amount)
    from payment p
    left join contract c on c.contract_id = p.contract_id
    cross join lateral (values (1::smallint, p.projected_year, p.projected_month, p.projected_payment),
                               (2::smallint, p.payment_year, p.payment_month, p.payment_actual))
        as b(basis, year, month, amount)
    where b.amount is not null and b.month between 1 and 12
    group by 1, 2, 3, 4
$$;

create function payment_revenue() returns trigger language plpgsql as $$
begin
    if current_setting('eris.rebuilding', true) = 'on' then
        return null;
    end if;
    if tg_op in ('UPDATE', 'DELETE') then
        perform revenue_cells_add(array(select row(o.*)::payment from old_rows o), -1);
    end if;
    if tg_op in ('UPDATE', 'INSERT') then
        perform revenue_cells_add(array(select row(n.*)::payment from new_rows n), 1);
    end if;
    return null;
end $$;

create trigger payment_revenue_insert after insert on payment
    referencing new table as new_rows for each statement execute function payment_revenue();
create trigger payment_revenue_update after update on payment
    referencing old table as old_rows new table as new_rows for each statement execute function payment_revenue();
create trigger payment_revenue_delete after delete on payment
    referencing old table as old_rows for each statement execute function payment_revenue();

-- A contract's payments move to its new supplier (a contract that arrives after its payments
-- moves them from "no supplier").
create function contract_revenue() returns trigger language plpgsql as $$
begin
    if current_setting('eris.rebuilding', true) = 'on' then
        return null;
    end if;
    insert into revenue_cell (basis, year, month, supplier_id, amount)
    select b.basis, b.year, b.month, moved.supplier_id, sum(moved.sign * b.amount)
    from (
        select n.contract_id, coalesce(o.supplier_id, 0) as supplier_id, -1 as sign
        from new_rows n left join old_rows o on o.contract_id = n.contract_id
        where coalesce(o.supplier_id, 0) is distinct from coalesce(n.supplier_id, 0)
        union all
        select n.contract_id, coalesce(n.supplier_id, 0), 1
        from new_rows n left join old_rows o on o.contract_id = n.contract_id
        where coalesce(o.supplier_id, 0) is distinct from coalesce(n.supplier_id, 0)
    ) moved
    join payment p on p.contract_id = moved.contract_id
    cross join lateral (values (1::smallint, p.projected_year, p.projected_month, p.projected_payment),
                               (2::smallint, p.payment_year, p.payment_month, p.payment_actual))
        as b(basis, year, month, amount)
    where b.amount is not null and b.month between 1 and 12
    group by 1, 2, 3, 4
    on conflict (basis, year, month, supplier_id) do update set amount = revenue_cell.amount + excluded.amount;
    return null;
end $$;

create trigger contract_revenue_update after update on contract
    referencing old table as old_rows new table as new_rows for each statement execute function contract_revenue();

-- A contract inserted has no old row: its old supplier counts as none.
create function contract_revenue_insert() returns trigger language plpgsql as $$
begin
    if current_setting('eris.rebuilding', true) = 'on' then
        return null;
    end if;
    insert into revenue_cell (basis, year, month, supplier_id, amount)
    select b.basis, b.year, b.month, moved.supplier_id, sum(moved.sign * b.amount)
    from (
        select n.contract_id, 0::bigint as supplier_id, -1 as sign from new_rows n where coalesce(n.supplier_id, 0) <> 0
        union all
        select n.contract_id, n.supplier_id, 1 from new_rows n where coalesce(n.supplier_id, 0) <> 0
    ) moved
    join payment p on p.contract_id = moved.contract_id
    cross join lateral (values (1::smallint, p.projected_year, p.projected_month, p.projected_payment),
                               (2::smallint, p.payment_year, p.payment_month, p.payment_actual))
        as b(basis, year, month, amount)
    where b.amount is not null and b.month between 1 and 12
    group by 1, 2, 3, 4
    on conflict (basis, year, month, supplier_id) do update set amount = revenue_cell.amount + excluded.amount;
    return null;
end $$;

create trigger contract_revenue_insert after insert on contract
    referencing new table as new_rows for each statement execute function contract_revenue_insert();

-- What the cells would hold for the payments already here.
select revenue_cells_recount();

-- Margin Builder: a year's (or a received year's) payments in key order, so a page from any place
-- reads only the rows it shows.
create index payment_projected_year_key_idx on payment (projected_year, contract_id, payment_id);
create index payment_paid_year_key_idx on payment (payment_year, contract_id, payment_id);
