-- Backups of project databases: same-server snapshots (CREATE DATABASE … TEMPLATE), one database
-- per backup on the project's server (server/backups/README.md).
create table project_backups (
  id bigserial primary key,
  project_ref text not null,
  kind text not null check (kind in ('daily', 'manual')),
  status text not null default 'pending' check (status in ('pending', 'completed', 'failed')),
  size_bytes bigint,
  -- The snapshot's database on the project's server; gone once the backup is dropped.
  database_name text not null,
  error text,
  -- A pending backup whose maker stopped (crash) is failed and cleaned up after this.
  lease_until timestamptz,
  inserted_at timestamptz not null default now(),
  completed_at timestamptz
);
create index project_backups_ref on project_backups (project_ref, inserted_at desc);

-- The backup a RESTORING project is being restored from (null: a restore from pause).
alter table projects add column restoring_backup_id bigint;

-- A project cloned from a backup: its database is made as a copy of that backup's.
alter table projects add column clone_from_backup_id bigint;
