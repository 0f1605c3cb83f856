-- Statement timeouts of a project's data API roles, in seconds, as hosted projects have them
-- (anon 3 s, authenticated 8 s): set on the roles in the project's database when its PostgREST
-- starts (server/data-api/roles.ts), so that one looping request cannot hold the project's pool.
alter table project_api_settings
  add column data_api_anon_timeout_s integer not null default 3 check (data_api_anon_timeout_s between 1 and 600),
  add column data_api_authenticated_timeout_s integer not null default 8 check (data_api_authenticated_timeout_s between 1 and 600);
