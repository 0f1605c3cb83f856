-- Read-only mode (server/projects/read-only-mode.ts): a project whose database grew past its plan's
-- size quota has default_transaction_read_only = on set on its database; here, since when and why.
alter table projects add column read_only_at timestamptz;
alter table projects add column read_only_note text;
