-- Read-only mode that holds (server/projects/read-only-mode.ts): the project's role loses CONNECT
-- on its database while it is enforced, whatever transaction a client would ask for.
--   read_only_enforced: the database is held now (a project in read-only mode may have writes
--     allowed for a while to free space: read_only_lifted_until, and its size then, for the guard);
--   read_only_grants: the CONNECT grants the project's role had made to roles of its own, given
--     back when the hold ends.
-- Projects in read-only mode from before are held at the next usage sample (enforced false here).
alter table projects
  add column read_only_enforced boolean not null default false,
  add column read_only_lifted_until timestamptz,
  add column read_only_lift_bytes bigint,
  add column read_only_grants jsonb;
