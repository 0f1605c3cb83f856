-- Named runs are recorded as they start and forgotten before their answer goes out, so each
-- record is two commits on the path of every SQL editor run. A logged table made each wait for
-- the WAL's flush to disk (about 3 ms each on a server that syncs). The rows are worth nothing
-- after a crash of this server (PostgreSQL empties an unlogged table then): the runs they name
-- are gone, or can no longer be cancelled from another app instance, which is what a missing row
-- means anyway. Their visibility to other sessions is unchanged: a commit is seen at once.
alter table running_queries set unlogged;
