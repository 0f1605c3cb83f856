-- Realtime (server/realtime/): its sockets and REST broadcasts are recorded in realtime_logs.
alter table log_events drop constraint log_events_source_check;
alter table log_events add constraint log_events_source_check check (source in ('edge_logs', 'auth_logs', 'postgres_logs', 'postgrest_logs', 'storage_logs', 'realtime_logs'));
