-- Client addresses (hashed) that authenticated to an embedded project's database with its password
-- through the wire listener. The per-project limit on password attempts never refuses them, so
-- that guesses from elsewhere cannot lock the owner out from where they usually connect
-- (server/connection/wire-access.ts). Kept 30 days after the last success.
create table embedded_db_auth_addresses (
  project_id bigint not null references projects (id) on delete cascade,
  address text not null,
  last_success_at timestamptz not null default now(),
  primary key (project_id, address)
);
create index embedded_db_auth_addresses_last_idx on embedded_db_auth_addresses (last_success_at);
