-- Provisioning is claimed with a lease on the row (no lock or connection held while a database is
-- created), retried with backoff; health checks record since when a project is unreachable.
alter table projects
  add column provision_attempts integer not null default 0,
  add column next_provision_at timestamptz,
  add column lease_owner text,
  add column lease_until timestamptz,
  add column unhealthy_since timestamptz;
create index projects_provisioning_idx on projects (next_provision_at) where status = 'COMING_UP';

-- Counters that stop brute force, shared by every app instance: one row per limit, key and window.
create table rate_limit_counters (
  bucket text not null,
  key text not null,
  window_start timestamptz not null,
  hits integer not null,
  primary key (bucket, key, window_start)
);
create index rate_limit_counters_window_idx on rate_limit_counters (window_start);
