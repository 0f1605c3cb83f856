-- Usage sampling (server/billing/usage-sampling.ts).

-- Compute hours: the moment up to which a running project's time was added to usage_daily. A
-- sample adds the time since then and moves it on with a conditional update, so two app instances
-- sampling at once never add the same time twice. Null while the project is not running. The
-- COMPUTE_HOURS rows of usage_daily hold hours (a fraction), not seconds.
alter table projects add column compute_counted_until timestamptz;

-- Monthly active users: each sample looks for sessions issued or refreshed, and sign-ins, since
-- the day before; without these it would read both tables whole every time.
create index refresh_tokens_created_idx on refresh_tokens (created_at);
create index users_last_sign_in_idx on users (last_sign_in_at);
