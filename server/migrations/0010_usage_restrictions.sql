-- Usage measured by the platform and the organization restriction status computed from it.
alter table projects
  -- The database's size at the last sample (pg_database_size, or the embedded data dir on disk).
  add column db_size_bytes bigint,
  add column db_size_measured_at timestamptz;

alter table organizations
  -- The last sample that found the organization over its plan's quota, and what was over.
  add column over_quota_at timestamptz,
  add column quota_note text;
