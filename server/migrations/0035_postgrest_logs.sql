-- postgrest_logs: the requests a project's data API (its PostgREST, behind {site}/p/{ref}/rest/v1)
-- answered, recorded by the platform's proxy once the request's key was this project's.
alter table log_events drop constraint log_events_source_check;
alter table log_events add constraint log_events_source_check check (source in ('edge_logs', 'auth_logs', 'postgres_logs', 'postgrest_logs'));
