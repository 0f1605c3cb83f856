-- Named SQL runs on PostgreSQL-server projects, while they run: a cancel that reaches another app
-- instance than the one running the query finds its backend here (pid) and cancels it there. The
-- backend also carries the run's name (application_name), so a row that outlived its run never
-- cancels another one. A row lives as long as its run; rows of an instance that died are ignored
-- once older than any run may last, and pruned by the next run that records itself.
create table running_queries (
  project_id bigint not null references projects (id) on delete cascade,
  query_id uuid not null,
  instance_id text not null,
  pid integer not null,
  -- The read-only role ran it: only that role's connection may cancel it.
  read_only boolean not null default false,
  user_id uuid not null references users (id) on delete cascade,
  started_at timestamptz not null default now(),
  primary key (project_id, query_id)
);
create index running_queries_started_idx on running_queries (started_at);
