-- Client addresses (hashed) that signed in to an account with its password. The per-account
-- sign-in limit never refuses them, so that guesses from elsewhere cannot lock the owner out from
-- where they usually sign in (server/auth/sign-in-limits.ts). Kept 30 days after the last sign-in.
create table auth_sign_in_addresses (
  user_id uuid not null references users (id) on delete cascade,
  address text not null,
  last_sign_in_at timestamptz not null default now(),
  primary key (user_id, address)
);
create index auth_sign_in_addresses_last_idx on auth_sign_in_addresses (last_sign_in_at);
