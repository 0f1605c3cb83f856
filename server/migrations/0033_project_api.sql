-- A project's data API (server/data-api): its own JWT secret, which signs its anon and
-- service_role keys (never the platform's), and what PostgREST exposes. One row per project,
-- made on first use for projects older than this table (insert … on conflict do nothing).
create table project_api_settings (
  project_ref text primary key references projects (ref) on delete cascade,
  -- Holds a secret: whoever reads it can sign keys of the project.
  jwt_secret text not null,
  -- When the current secret was made: the keys' iat, so that a key is the same at every read.
  jwt_secret_created_at timestamptz not null default now(),
  jwt_secret_rotated_at timestamptz,
  data_api_enabled boolean not null default true,
  data_api_schemas text[] not null default '{public}',
  data_api_max_rows integer not null default 1000,
  updated_at timestamptz not null default now()
);
