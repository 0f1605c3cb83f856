/**
 * A preview branch on PGlite starts as a copy of its parent's data dir (the exact schema:
 * tables, views, functions, policies, extensions, roles), then this empties it: every table
 * truncated, sequences back to their start, materialized views left unpopulated, large objects
 * removed. Runs as `postgres` (the owner of what the project made); a table owned by a role
 * `postgres` cannot act for makes it fail, and the branch's set-up says so.
 */
const USER_SCHEMAS = `n.nspname NOT LIKE 'pg\\_%' AND n.nspname NOT IN ('information_schema', 'platform_internal', 'platform_ro')`

export const EMPTY_ALL_TABLES = `
DO $empty$
DECLARE
  tables text;
  r record;
BEGIN
  SELECT string_agg(c.oid::regclass::text, ', ') INTO tables
    FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
    WHERE c.relkind IN ('r', 'p') AND c.relpersistence <> 't' AND ${USER_SCHEMAS};
  IF tables IS NOT NULL THEN
    EXECUTE 'TRUNCATE ' || tables || ' RESTART IDENTITY';
  END IF;
  FOR r IN SELECT c.oid::regclass AS seq, s.seqstart FROM pg_class c
      JOIN pg_namespace n ON n.oid = c.relnamespace JOIN pg_sequence s ON s.seqrelid = c.oid
      WHERE c.relkind = 'S' AND ${USER_SCHEMAS}
  LOOP
    PERFORM setval(r.seq, r.seqstart, false);
  END LOOP;
  FOR r IN SELECT c.oid::regclass AS mv FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE c.relkind = 'm' AND ${USER_SCHEMAS}
  LOOP
    EXECUTE format('REFRESH MATERIALIZED VIEW %s WITH NO DATA', r.mv);
  END LOOP;
  PERFORM lo_unlink(oid) FROM pg_largeobject_metadata;
END
$empty$;
`
