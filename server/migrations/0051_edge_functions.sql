-- Edge Functions (server/functions/): each project's functions, their code by version, its
-- secrets (the functions' environment), and the two log sources of SPEC §3.
alter table log_events drop constraint log_events_source_check;
alter table log_events add constraint log_events_source_check check (source in ('edge_logs', 'auth_logs', 'postgres_logs', 'postgrest_logs', 'storage_logs', 'realtime_logs', 'function_edge_logs', 'function_logs'));

-- One row per function; `version` names the files that serve it now. A deploy writes the next
-- version's files, then moves `version` in the same transaction: a request reads one or the other.
create table edge_functions (
  id bigserial primary key,
  project_ref text not null,
  slug text not null check (slug ~ '^[A-Za-z][A-Za-z0-9_-]{0,127}$'),
  name text not null,
  version int not null check (version > 0),
  verify_jwt boolean not null default true,
  entrypoint_path text not null,
  import_map_path text,
  -- sha256 of the version's files (paths and bytes), and their size in all.
  digest text not null,
  size_bytes bigint not null check (size_bytes >= 0),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  unique (project_ref, slug)
);

-- The files of a version. The version before the current one is kept while its workers finish.
create table edge_function_files (
  function_id bigint not null references edge_functions (id) on delete cascade,
  version int not null,
  path text not null,
  content bytea not null,
  primary key (function_id, version, path)
);

-- A project's secrets, each its functions' environment variable. The value is never answered:
-- only its sha256 (what `supabase secrets list` shows).
create table edge_function_secrets (
  project_ref text not null,
  name text not null check (name ~ '^[A-Za-z_][A-Za-z0-9_]*$' and name !~* '^SUPABASE_'),
  value text not null,
  updated_at timestamptz not null default now(),
  primary key (project_ref, name)
);
