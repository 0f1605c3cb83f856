-- A named run's backend is found by its pid and when that backend started (pg_stat_activity's
-- backend_start): together they name one backend, never one that reused the pid. The run's
-- application_name is not enough, the run's own SQL may change it. Null for rows written before.
alter table running_queries add column backend_start timestamptz;
