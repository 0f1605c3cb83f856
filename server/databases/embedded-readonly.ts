/**
 * Read-only SQL on an embedded (PGlite) database, in a way the SQL cannot escape.
 *
 * PGlite runs one backend whose session user is always `postgres`, the owner of everything: a
 * `SET ROLE reader` would be undone by `RESET ROLE`, and `SET default_transaction_read_only` by
 * `SET TRANSACTION READ WRITE`. So the reader's SQL never runs in the session itself:
 *
 * - it runs inside `platform_ro.run(text)`, a SECURITY DEFINER function owned by
 *   `project_readonly` (a role with SELECT on the project's tables and nothing else). Inside such
 *   a function Postgres refuses `SET ROLE`, `SET SESSION AUTHORIZATION` (also through
 *   set_config) and COMMIT/ROLLBACK, so the SQL cannot leave the reader's privileges nor end the
 *   transaction;
 * - the call is wrapped by the platform in `BEGIN … ROLLBACK`: whatever the SQL managed to do
 *   (a temporary view, say) is undone, always.
 *
 * The function turns the query into a temporary view to learn its columns and types, then
 * answers one JSON header (columns) and one JSON array of text values per row; `rebuildResult`
 * turns that into exactly the answer a normal run gives. Limit: one query at a time, of a kind a
 * view can hold (SELECT, VALUES, TABLE, WITH … SELECT).
 */
import { randomBytes } from 'node:crypto'
import { ResultJsonBuilder } from '../../workers/result-json.mjs'
import { ResultStreamBuilder } from '../../workers/result-stream.mjs'
import type { RunShape, RunStream } from './types'

/**
 * The schemas that are the project's own, as a condition on `n` (pg_namespace): not the system's,
 * not the platform's. Readers are given these; the assistant is told about these only.
 */
export const PROJECT_SCHEMAS = `n.nspname NOT LIKE 'pg\\_%' AND n.nspname NOT IN ('information_schema', 'platform_internal', 'platform_ro')`

/** Run once per data dir (idempotent): the reader role, its schema and its function. */
export const READONLY_SETUP = `
DO $setup$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'project_readonly') THEN
    CREATE ROLE project_readonly NOLOGIN NOINHERIT;
  END IF;
END
$setup$;
GRANT project_readonly TO postgres WITH INHERIT FALSE, SET TRUE;
CREATE SCHEMA IF NOT EXISTS platform_ro;
REVOKE ALL ON SCHEMA platform_ro FROM PUBLIC;
GRANT USAGE, CREATE ON SCHEMA platform_ro TO project_readonly;
DO $temp$ BEGIN EXECUTE format('GRANT TEMPORARY ON DATABASE %I TO project_readonly', current_database()); END $temp$;
SET ROLE project_readonly;
CREATE OR REPLACE FUNCTION platform_ro.run(query text) RETURNS SETOF json
  LANGUAGE plpgsql SECURITY DEFINER AS $fn$
DECLARE
  cols json;
  n int;
  aliases text;
  values_ text;
BEGIN
  EXECUTE 'CREATE TEMP VIEW platform_ro_result AS ' || query;
  -- Dynamic, so that no plan keeps the view of an earlier call.
  EXECUTE $q$SELECT coalesce(json_agg(json_build_object('name', attname, 'type', atttypid::int) ORDER BY attnum), '[]'::json), count(*)
    FROM pg_attribute WHERE attrelid = to_regclass('pg_temp.platform_ro_result') AND attnum > 0 AND NOT attisdropped$q$
    INTO cols, n;
  RETURN NEXT cols;
  IF n = 0 THEN
    RETURN QUERY EXECUTE 'SELECT ''[]''::json FROM pg_temp.platform_ro_result';
  ELSE
    SELECT string_agg(format('c%s', i), ','), string_agg(format('CASE WHEN r.c%1$s::text IS NULL THEN NULL ELSE format(''%%s'', r.c%1$s) END', i), ',') INTO aliases, values_
      FROM generate_series(1, n) i;
    -- format('%s') prints a value as its type's output function does (a cast to text may not: boolean).
    RETURN QUERY EXECUTE format('SELECT json_build_array(%s) FROM pg_temp.platform_ro_result r(%s)', values_, aliases);
  END IF;
END
$fn$;
RESET ROLE;
REVOKE CREATE ON SCHEMA platform_ro FROM project_readonly;
`

/**
 * The reader role. Platform clients that run their own SQL for a reader on the shared session
 * (the GraphQL endpoint, over the wire listener) take it with `SET LOCAL ROLE` inside their
 * read-only transaction, after READONLY_SETUP and GRANT_READ ran: row-level security and the
 * reader's grants then apply as they do to `platform_ro.run`.
 */
export const EMBEDDED_READER_ROLE = 'project_readonly'

/**
 * Gives the reader SELECT on what `postgres` owns and it cannot read yet (tables made since the
 * last read). Runs as `postgres`, before the reader's transaction.
 */
export const GRANT_READ = `
DO $grants$
DECLARE r record;
BEGIN
  FOR r IN SELECT n.nspname FROM pg_namespace n
    WHERE ${PROJECT_SCHEMAS} AND pg_has_role('postgres', n.nspowner, 'USAGE')
      AND NOT has_schema_privilege('project_readonly', n.oid, 'USAGE')
  LOOP
    EXECUTE format('GRANT USAGE ON SCHEMA %I TO project_readonly', r.nspname);
  END LOOP;
  FOR r IN SELECT c.oid::regclass AS rel FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
    WHERE ${PROJECT_SCHEMAS} AND c.relkind IN ('r', 'p', 'v', 'm', 'f', 'S') AND pg_has_role('postgres', c.relowner, 'USAGE')
      AND NOT has_table_privilege('project_readonly', c.oid, 'SELECT')
  LOOP
    EXECUTE format('GRANT SELECT ON %s TO project_readonly', r.rel);
  END LOOP;
END
$grants$;`

/** A dollar-quote tag that does not occur in the text: the text is passed as one literal. */
function dollarQuote(text: string): string {
  let tag: string
  do tag = `$ro_${randomBytes(6).toString('hex')}$`
  while (text.includes(tag))
  return `${tag}${text}${tag}`
}

/** The batch sent for a reader's SQL: grants, then the SQL inside the function, rolled back. */
export function readOnlyBatch(sql: string): string {
  return `${GRANT_READ}\nBEGIN;\nSELECT platform_ro.run(${dollarQuote(sql)}) AS row;\nROLLBACK;`
}

type BatchResult = { rows: { row: unknown }[] }[]

type Replayable = {
  rowDescription(fields: { name: string; dataTypeID: number }[]): void
  dataRow(values: (string | null)[]): void
  commandComplete(tag: string): void
}

/** Feeds the function's header and rows (third statement of the batch) to a builder, as a normal run would. */
function replay(batchJson: Uint8Array, builder: Replayable) {
  const statements = JSON.parse(Buffer.from(batchJson).toString('utf8')) as BatchResult
  const rows = statements[2]?.rows ?? []
  const columns = (rows[0]?.row ?? []) as { name: string; type: number }[]
  builder.rowDescription(columns.map((c) => ({ name: c.name, dataTypeID: Number(c.type) })))
  for (const { row } of rows.slice(1)) builder.dataRow(row as (string | null)[])
  builder.commandComplete(`SELECT ${rows.length - 1}`)
}

/** The answer of a normal run. */
export function rebuildResult(
  batchJson: Uint8Array,
  shape: RunShape,
  maxResultBytes: number
): { json: Uint8Array; rowCount: number | null; tooLarge?: { message: string; code: string } } {
  const builder = new ResultJsonBuilder(shape, maxResultBytes)
  replay(batchJson, builder)
  if (builder.tooLarge) return { json: new Uint8Array(), rowCount: null, tooLarge: builder.tooLargeError() }
  return { json: Buffer.from(builder.toJson(), 'utf8'), rowCount: builder.rowCount }
}

/**
 * The lines of a streamed run, written to `sink` in one go (a reader's answer is built whole
 * first, within the size cap); answers the row count.
 */
export function streamResult(batchJson: Uint8Array, sink: RunStream): number | null {
  const builder = new ResultStreamBuilder((text) => void sink.write(text))
  replay(batchJson, builder)
  return builder.lastRowCount
}

/** Said with a syntax error: the reader may have tried a statement a view cannot hold. */
export const READONLY_HINT =
  'Read-only members run one query at a time here (SELECT, VALUES, TABLE or WITH … SELECT), with read privileges only.'
