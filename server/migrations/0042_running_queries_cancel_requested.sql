-- When another app instance's cancel reached a named run. A run whose session is ended while the
-- server still answers reads it to say why: its cancel (the statement went on after it and was
-- ended), or the platform ending the database's sessions (read-only mode, a new compute size).
alter table running_queries add column cancel_requested_at timestamptz;
