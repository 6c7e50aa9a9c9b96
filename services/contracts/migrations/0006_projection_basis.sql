-- How a contract's projected payments are computed from usage and revenue split: by its fee (the
-- lead contracts screen's formula) or by its rate (the beta form's). The screen that makes a
-- contract sets it; it changes only when an update names it. Contracts made before it existed
-- keep the formula of the screen that made them.
alter table contract add column projection_basis text not null default 'Fee'
    check (projection_basis in ('Fee', 'Rate'));
update contract set projection_basis = 'Rate' where beta;
