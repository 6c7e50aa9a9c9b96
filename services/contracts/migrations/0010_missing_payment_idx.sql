-- The payments still missing (projected, not paid), by projected month: the dashboard's
-- statement summary counts those of the last twelve months on every load, which read all
-- payments before.
create index payment_missing_idx on payment (projected_year, projected_month)
    where payment_actual is null and projected_payment > 0;
