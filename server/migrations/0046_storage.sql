-- Storage (server/storage/): its requests are recorded in storage_logs, and the platform keeps its
-- own account of the bytes it holds for each project's objects.
alter table log_events drop constraint log_events_source_check;
alter table log_events add constraint log_events_source_check check (source in ('edge_logs', 'auth_logs', 'postgres_logs', 'postgrest_logs', 'storage_logs'));

-- One row per object version whose bytes a storage backend holds, under the key
-- `{project_ref}/{version}`. Made before the bytes are written (size_bytes null while they are),
-- sized once they are, removed once they are gone. A project's storage size is counted from
-- here, not from its own `storage` schema (its SQL may change that), and a project's delete
-- removes what is listed here.
create table storage_versions (
  project_ref text not null,
  version text not null,
  size_bytes bigint check (size_bytes >= 0),
  created_at timestamptz not null default now(),
  primary key (project_ref, version)
);
