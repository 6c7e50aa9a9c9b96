-- An upload address works once: the nonce of each token used is kept until well after the token
-- expired (tokens live 10 minutes; rows older than a day are deleted as new ones come).
create table upload_used (
    nonce text primary key,
    used_at timestamptz not null default now()
);
create index upload_used_at_idx on upload_used (used_at);
