-- Account numbers as supplier statements write them: the same number with or without spaces,
-- dashes, letter case and leading zeros. Statements look accounts up by this key.
create function account_number_key(value text) returns text
    language sql immutable parallel safe strict
    as $$ select ltrim(regexp_replace(upper(value), '[[:space:]-]', '', 'g'), '0') $$;

create index account_number_key_idx on account (account_number_key(account_number));
create index account_secondary_number_key_idx on account (account_number_key(secondary_account_number))
    where secondary_account_number <> '';
