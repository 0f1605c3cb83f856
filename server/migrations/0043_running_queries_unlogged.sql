-- Named runs (every run of the SQL editor) are recorded as they start and forgotten as they end:
-- two commits per run. In a logged table each waited for the WAL's flush to disk (0.3 ms on this
-- project's test machine, milliseconds on many disks). The rows are worth nothing after a crash of
-- this server (PostgreSQL empties an unlogged table then): the runs they name are gone, or can no
-- longer be cancelled from another app instance, which is what a missing row means anyway. Their
-- visibility to other sessions is unchanged: a commit is seen at once.
alter table running_queries set unlogged;
