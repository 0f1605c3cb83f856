-- A project's logs (docs/logs.md): API requests (edge_logs), SQL errors and slow statements
-- (postgres_logs), and the auth events of the organization's members (auth_logs). One table for
-- every source: the sources differ only in their metadata. Auth events belong to the whole
-- organization (the platform runs one auth service): their project_id is null and every project
-- of the organization shows them. Rows older than the organization's plan allows are never
-- answered and are deleted by the scheduler (server/logs/retention.ts).
create table log_events (
  id bigserial primary key,
  organization_id bigint not null references organizations (id) on delete cascade,
  project_id bigint references projects (id) on delete cascade,
  source text not null check (source in ('edge_logs', 'auth_logs', 'postgres_logs')),
  occurred_at timestamptz not null,
  level text not null check (level in ('info', 'warning', 'error')),
  event_message text not null check (char_length(event_message) <= 2000),
  metadata jsonb not null default '{}'::jsonb,
  check ((source = 'auth_logs') = (project_id is null))
);

-- A project's source, newest first (reads and keyset pages); the organization's auth events; the
-- retention sweep, organization by organization (each plan keeps its own number of days, so the
-- sweep reads only the rows past each organization's limit, never the weeks a longer plan keeps).
create index log_events_project_idx on log_events (project_id, source, occurred_at desc, id desc) where project_id is not null;
create index log_events_organization_idx on log_events (organization_id, source, occurred_at desc, id desc) where project_id is null;
create index log_events_retention_idx on log_events (organization_id, occurred_at);
