-- Client addresses (hashed) from which a project's user signed in with their password: the same
-- allowance as auth_sign_in_addresses, for the users of each project's own auth service
-- (server/auth/sign-in-limits.ts). The users live in the project's database, so no foreign key;
-- kept 30 days after the last sign-in.
create table project_auth_sign_in_addresses (
  project_ref text not null,
  user_id uuid not null,
  address text not null,
  last_sign_in_at timestamptz not null default now(),
  primary key (project_ref, user_id, address)
);
create index project_auth_sign_in_addresses_last_idx on project_auth_sign_in_addresses (last_sign_in_at);
