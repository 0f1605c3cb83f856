// One project's PGlite, in its own thread. PGlite runs queries on the JS thread and cannot cancel
// them, so it lives here: the server stays responsive, and terminating this thread is the cancel.
//
// Users' SQL never runs as a superuser (see HARDEN). workerData: { dataDir, maxResultBytes, flow }:
// `flow` is a SharedArrayBuffer (one Int32) counting the bytes of a streamed answer not yet taken.
//
// Messages in:  { id, op: 'run', sql, shape } | { id, op: 'close' }   (shape 'stream': NDJSON lines)
//               { op: 'wire-open', conn, flow: SharedArrayBuffer } | { op: 'wire-data', conn, bytes: ArrayBuffer } | { op: 'wire-close', conn }
// Messages out: { type: 'ready' } | { type: 'failed', message }
//               { wire: conn, chunk: ArrayBuffer (transferred) } | { wireEnd: conn }   (see "Wire sessions")
//               { wireBusy: conn } | { wireDone: conn, bytes }   a client's message started / ended its work
//               { id, chunk: ArrayBuffer (transferred) }   streamed lines, while a 'stream' run runs
//               { id, ok: true, json: ArrayBuffer (transferred), durationMs, rowCount? }
//               { id, ok: false, error: { message, code, position, detail, hint }, fatal? }
import { parentPort, workerData } from 'node:worker_threads'
import { Duplex } from 'node:stream'
import { PGlite } from '@electric-sql/pglite'
import { PGLiteSocketHandler } from '@electric-sql/pglite-socket'
import { EXTENSIONS } from './pglite-extensions.mjs'
import { serialize } from 'pg-protocol'
import { Parser } from 'pg-protocol/dist/parser.js'
import { ResultJsonBuilder } from './result-json.mjs'
import { ResultStreamBuilder } from './result-stream.mjs'


// Restores a clean session after every request (PGlite is one shared session). PGlite ignores
// RESET SESSION AUTHORIZATION and DISCARD ALL for the session user, hence the explicit SET.
const RESET_SESSION = 'SET SESSION AUTHORIZATION postgres; RESET ALL; RESET ROLE; CLOSE ALL; DEALLOCATE ALL'

// PGlite runs one backend in which the authenticated user is always the bootstrap role
// `postgres`, so any SQL could `SET SESSION AUTHORIZATION postgres`: a separate login role would
// protect nothing. Instead `postgres` itself stops being a superuser, once per data dir, before
// any user SQL runs (a fresh, copied or older dir alike). It stays the owner of the database and
// of `public`, may create tables, functions, policies, roles and the trusted extensions; COPY …
// PROGRAM, files, tablespaces, ALTER SYSTEM and C functions are refused by Postgres itself. The
// catalog functions Postgres keeps from PUBLIC (pg_read_file, lo_import, pg_reload_conf …) belong
// to `postgres` as the bootstrap owner, so they are handed to a role nobody can log in as or
// join.
//
// Built-in objects belong to the bootstrap role, which here is the user: `postgres` could move a
// catalog function out of pg_catalog and redefine it, create functions or operators in pg_catalog,
// or casts between built-in types, and so run its own code wherever a superuser resolves a name.
// So everything built in goes to `platform_guard` and the system schemas to `platform_admin`, as
// on a server, where the bootstrap role is nobody's.
//
// Extension scripts need a superuser (C functions), and Postgres runs a trusted extension's
// script as the bootstrap role, `postgres` itself. So event triggers owned by `platform_admin`
// (a superuser nobody can log in as or join) lend `postgres` the superuser attribute for exactly
// one CREATE EXTENSION and take it back when that command ends; a command that fails rolls the
// loan back with its transaction. Nothing else is lent for: ALTER EXTENSION (ADD / DROP member,
// UPDATE) runs with the user's own rights, so ADD can only take in the user's own objects and
// UPDATE to a newer version is refused by Postgres (drop and create the extension instead). The
// commands an extension's script runs itself (cube's and seg's ALTER EXTENSION … DROP) fire no
// CREATE EXTENSION trigger, so the loan lasts to the end of the top-level command; CASCADE creates
// the required extensions inside that same command. The end trigger refuses an extension whose
// objects land in a system schema or in platform_internal. Two more triggers keep the platform's
// objects from being dropped (sql_drop aborts the command) or made members of an extension.
// Only the extensions of EXTENSIONS exist here, all marked trusted by Postgres. The worker checks
// after every run that all of this still holds (see guard()).

/** Names the version of HARDEN a data dir has (the comment on platform_internal). */
const HARDENING = 'platform hardening 2'

const HARDEN = `
DO $harden$
DECLARE f regprocedure; r record;
BEGIN
  IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'platform_guard') THEN
    CREATE ROLE platform_guard NOLOGIN;
  END IF;
  IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'platform_admin') THEN
    CREATE ROLE platform_admin SUPERUSER NOLOGIN;
  END IF;
  ALTER ROLE platform_admin SUPERUSER NOLOGIN;
  ALTER ROLE platform_guard NOSUPERUSER NOLOGIN;
  -- A repair: no other superuser, nobody in a superuser role or a platform role.
  UPDATE pg_authid SET rolsuper = false WHERE rolsuper AND rolname <> 'platform_admin' AND oid <> 10;
  DELETE FROM pg_auth_members WHERE roleid IN (SELECT oid FROM pg_authid WHERE rolsuper OR rolname IN ('platform_admin', 'platform_guard'));
  FOR f IN
    SELECT p.oid::regprocedure FROM pg_proc p
    WHERE p.pronamespace = 'pg_catalog'::regnamespace AND p.proowner = 10 AND p.proacl IS NOT NULL
      AND NOT EXISTS (SELECT 1 FROM aclexplode(p.proacl) a WHERE a.grantee = 0 AND a.privilege_type = 'EXECUTE')
  LOOP
    EXECUTE format('ALTER FUNCTION %s OWNER TO platform_guard', f);
  END LOOP;
  -- The rest of the catalog: ALTER where an ACL names the owner, a plain owner change elsewhere
  -- (ALTER … OWNER cannot name every kind of built-in, e.g. array types or count(*)).
  FOR r IN
    SELECT p.oid::regprocedure AS f, CASE p.prokind WHEN 'a' THEN 'AGGREGATE' WHEN 'p' THEN 'PROCEDURE' ELSE 'FUNCTION' END AS kind
    FROM pg_proc p WHERE p.pronamespace = 'pg_catalog'::regnamespace AND p.proowner = 10 AND p.proacl IS NOT NULL
  LOOP
    EXECUTE format('ALTER %s %s OWNER TO platform_guard', r.kind, r.f);
  END LOOP;
  UPDATE pg_proc SET proowner = 'platform_guard'::regrole WHERE pronamespace = 'pg_catalog'::regnamespace AND proowner = 10 AND proacl IS NULL;
  UPDATE pg_type SET typowner = 'platform_guard'::regrole WHERE typnamespace = 'pg_catalog'::regnamespace AND typowner = 10;
  UPDATE pg_operator SET oprowner = 'platform_guard'::regrole WHERE oprnamespace = 'pg_catalog'::regnamespace AND oprowner = 10;
  UPDATE pg_opclass SET opcowner = 'platform_guard'::regrole WHERE opcnamespace = 'pg_catalog'::regnamespace AND opcowner = 10;
  UPDATE pg_opfamily SET opfowner = 'platform_guard'::regrole WHERE opfnamespace = 'pg_catalog'::regnamespace AND opfowner = 10;
  UPDATE pg_conversion SET conowner = 'platform_guard'::regrole WHERE connamespace = 'pg_catalog'::regnamespace AND conowner = 10;
  UPDATE pg_collation SET collowner = 'platform_guard'::regrole WHERE collnamespace = 'pg_catalog'::regnamespace AND collowner = 10;
  UPDATE pg_ts_config SET cfgowner = 'platform_guard'::regrole WHERE cfgnamespace = 'pg_catalog'::regnamespace AND cfgowner = 10;
  UPDATE pg_ts_dict SET dictowner = 'platform_guard'::regrole WHERE dictnamespace = 'pg_catalog'::regnamespace AND dictowner = 10;
  FOR r IN SELECT lanname FROM pg_language WHERE lanowner = 10 LOOP
    EXECUTE format('ALTER LANGUAGE %I OWNER TO platform_guard', r.lanname);
  END LOOP;
  -- plpgsql runs the platform's triggers: its owner could drop it, and them with it (CASCADE).
  UPDATE pg_extension SET extowner = 'platform_admin'::regrole WHERE extname = 'plpgsql';
  ALTER SCHEMA pg_catalog OWNER TO platform_admin;
  ALTER SCHEMA pg_toast OWNER TO platform_admin;
END
$harden$;
CREATE SCHEMA IF NOT EXISTS platform_internal AUTHORIZATION platform_admin;
ALTER SCHEMA platform_internal OWNER TO platform_admin;
REVOKE ALL ON SCHEMA platform_internal FROM PUBLIC;
DROP EVENT TRIGGER IF EXISTS platform_extension_start;
DROP EVENT TRIGGER IF EXISTS platform_extension_end;
DROP EVENT TRIGGER IF EXISTS platform_protect_drop;
DROP EVENT TRIGGER IF EXISTS platform_protect_members;
CREATE OR REPLACE FUNCTION platform_internal.lend_superuser() RETURNS event_trigger
  LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, pg_temp
  AS $f$ BEGIN UPDATE pg_catalog.pg_authid SET rolsuper = true WHERE oid OPERATOR(pg_catalog.=) '10'; END $f$;
CREATE OR REPLACE FUNCTION platform_internal.take_back_superuser() RETURNS event_trigger
  LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, pg_temp
  AS $f$
  DECLARE protected pg_catalog.text[] := '{pg_catalog,pg_toast,information_schema,platform_internal}';
  BEGIN
    -- Every extension but plpgsql (the platform's): the command collects only the extension it
    -- names, not those CASCADE adds nor the objects their scripts make.
    IF EXISTS (SELECT 1 FROM pg_catalog.pg_extension x
               WHERE x.extowner OPERATOR(pg_catalog.<>) 'platform_admin'::pg_catalog.regrole
                 AND (x.extnamespace::pg_catalog.text OPERATOR(pg_catalog.=) ANY (protected)
                      OR EXISTS (SELECT 1 FROM pg_catalog.pg_depend d, pg_catalog.pg_identify_object(d.classid, d.objid, 0) o
                                 WHERE d.refclassid OPERATOR(pg_catalog.=) 'pg_catalog.pg_extension'::pg_catalog.regclass
                                   AND d.refobjid OPERATOR(pg_catalog.=) x.oid AND d.deptype OPERATOR(pg_catalog.=) 'e'
                                   AND o.schema OPERATOR(pg_catalog.=) ANY (protected)))) THEN
      RAISE EXCEPTION 'extensions cannot be created in a system schema' USING ERRCODE = '42501',
        HINT = 'Create it in public or a schema of your own.';
    END IF;
    UPDATE pg_catalog.pg_authid SET rolsuper = false WHERE oid OPERATOR(pg_catalog.=) '10';
  END $f$;
CREATE OR REPLACE FUNCTION platform_internal.protect_platform() RETURNS event_trigger
  LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, pg_temp
  AS $f$
  BEGIN
    IF TG_EVENT OPERATOR(pg_catalog.=) 'sql_drop' THEN
      IF EXISTS (SELECT 1 FROM pg_catalog.pg_event_trigger_dropped_objects() d
                 WHERE d.schema_name OPERATOR(pg_catalog.=) 'platform_internal'
                    OR d.object_type OPERATOR(pg_catalog.=) 'event trigger'
                    OR (d.object_type OPERATOR(pg_catalog.=) 'schema' AND d.object_identity OPERATOR(pg_catalog.=) 'platform_internal')) THEN
        RAISE EXCEPTION 'the platform''s own objects cannot be dropped' USING ERRCODE = '42501';
      END IF;
    ELSIF EXISTS (SELECT 1 FROM pg_catalog.pg_depend d
                  WHERE d.deptype OPERATOR(pg_catalog.=) 'e' AND (
                    d.classid OPERATOR(pg_catalog.=) 'pg_catalog.pg_event_trigger'::pg_catalog.regclass
                    OR (d.classid OPERATOR(pg_catalog.=) 'pg_catalog.pg_namespace'::pg_catalog.regclass
                        AND d.objid OPERATOR(pg_catalog.=) 'platform_internal'::pg_catalog.regnamespace)
                    OR (d.classid OPERATOR(pg_catalog.=) 'pg_catalog.pg_proc'::pg_catalog.regclass
                        AND d.objid IN (SELECT p.oid FROM pg_catalog.pg_proc p
                                        WHERE p.pronamespace OPERATOR(pg_catalog.=) 'platform_internal'::pg_catalog.regnamespace)))) THEN
      RAISE EXCEPTION 'the platform''s own objects cannot be members of an extension' USING ERRCODE = '42501';
    END IF;
  END $f$;
ALTER FUNCTION platform_internal.lend_superuser() OWNER TO platform_admin;
ALTER FUNCTION platform_internal.take_back_superuser() OWNER TO platform_admin;
ALTER FUNCTION platform_internal.protect_platform() OWNER TO platform_admin;
CREATE EVENT TRIGGER platform_extension_start ON ddl_command_start WHEN TAG IN ('CREATE EXTENSION')
  EXECUTE FUNCTION platform_internal.lend_superuser();
CREATE EVENT TRIGGER platform_extension_end ON ddl_command_end WHEN TAG IN ('CREATE EXTENSION')
  EXECUTE FUNCTION platform_internal.take_back_superuser();
CREATE EVENT TRIGGER platform_protect_drop ON sql_drop
  EXECUTE FUNCTION platform_internal.protect_platform();
CREATE EVENT TRIGGER platform_protect_members ON ddl_command_end WHEN TAG IN ('ALTER EXTENSION')
  EXECUTE FUNCTION platform_internal.protect_platform();
ALTER EVENT TRIGGER platform_extension_start OWNER TO platform_admin;
ALTER EVENT TRIGGER platform_extension_end OWNER TO platform_admin;
ALTER EVENT TRIGGER platform_protect_drop OWNER TO platform_admin;
ALTER EVENT TRIGGER platform_protect_members OWNER TO platform_admin;
COMMENT ON SCHEMA platform_internal IS '${HARDENING}';
UPDATE pg_authid SET rolsuper = false, rolreplication = false WHERE oid = 10;
`

// Sent after every query. COPY ... FROM STDIN would otherwise wait for input that never comes, and
// PGlite exits on the empty read; outside COPY, Postgres ignores a stray CopyFail.
const COPY_FAIL = serialize.copyFail('COPY FROM STDIN is not supported here')

// Postgres' default 128 MB of shared buffers makes each open database take ~250 MB; a project's
// files are also in the machine's page cache, so 32 MB halves that (measured ~125 MB) and lets
// twice as many databases stay open in the same memory.
const POSTGRESQL_CONF = ['shared_buffers = 32MB']

const encoder = new TextEncoder()
let db

/** A streamed run pauses while this much of its answer is still on its way to the reader. */
const MAX_IN_FLIGHT_BYTES = 4 * 1024 * 1024

/**
 * Sends one simple-query protocol message and feeds every backend message to onMessage.
 * Raw protocol + pg-protocol is several times faster than db.exec() for big results. Use only
 * this in this file: PGlite keeps the last raw-stream callback, so mixing in db.query() breaks.
 */
async function send(message, onMessage) {
  const parser = new Parser()
  await db.execProtocolRawStream(message, {
    // The chunk is a view into WASM memory that is reused: copy it, the parser may keep a tail.
    onRawData: (chunk) => parser.parse(Buffer.from(chunk), onMessage),
  })
}

/** Runs SQL; returns the transaction status of the final ReadyForQuery and the first error. */
async function simpleQuery(sql, builder) {
  let status = 'I'
  let error = null
  const onMessage = (msg) => {
    switch (msg.name) {
      case 'dataRow':
        if (builder) builder.dataRow(msg.fields)
        break
      case 'rowDescription':
        if (builder) builder.rowDescription(msg.fields)
        break
      case 'commandComplete':
        if (builder) builder.commandComplete(msg.text)
        break
      case 'notice':
        if (builder?.notice) builder.notice(msg)
        break
      case 'error':
        if (!error) error = msg
        break
      case 'readyForQuery':
        status = msg.status
        break
    }
  }
  await send(Buffer.concat([serialize.query(sql), COPY_FAIL]), onMessage)
  return { status, error }
}

async function resetSession(status) {
  if (status !== 'I') await simpleQuery('ROLLBACK')
  const { error } = await simpleQuery(RESET_SESSION)
  if (error) throw new Error(`session reset failed: ${error.message}`)
  // The superuser lent for an extension is always taken back by its command's end or rollback;
  // should that ever fail, it is taken back here before anything else runs.
  await guard()
}

/** The first column of the first row of a one-statement query, as text. */
async function queryValue(sql) {
  let value = null
  let error = null
  await send(serialize.query(sql), (msg) => {
    if (msg.name === 'dataRow' && value === null) value = msg.fields[0]
    if (msg.name === 'error' && !error) error = msg
  })
  if (error) throw new Error(error.message)
  return value
}

/** The platform's event triggers as guard() expects them: name:event:enabled:tags:function:owner. */
const EVENT_TRIGGERS = [
  'platform_extension_end:ddl_command_end:O:CREATE EXTENSION:platform_internal.take_back_superuser():platform_admin',
  'platform_extension_start:ddl_command_start:O:CREATE EXTENSION:platform_internal.lend_superuser():platform_admin',
  'platform_protect_drop:sql_drop:O::platform_internal.protect_platform():platform_admin',
  'platform_protect_members:ddl_command_end:O:ALTER EXTENSION:platform_internal.protect_platform():platform_admin',
].join(';')

// What HARDEN establishes, checked as `postgres` after every run: 'ok', 'superuser' (a fresh dir,
// or a loan not taken back: HARDEN repairs it), 'outdated' (an older HARDEN), or what is wrong.
// Every name is schema-qualified and every constant typed by its literal: the user's temp tables
// and operators must not answer for the catalog.
const GUARD_CHECKS = `
  WHEN r.rolsuper THEN 'superuser'
  WHEN pg_catalog.obj_description(n.oid, 'pg_namespace') IS DISTINCT FROM '${HARDENING}' THEN 'outdated'
  WHEN EXISTS (SELECT 1 FROM pg_catalog.pg_roles o WHERE o.rolsuper AND o.rolname <> 'platform_admin') THEN 'a role other than platform_admin is a superuser'
  WHEN NOT EXISTS (SELECT 1 FROM pg_catalog.pg_roles a WHERE a.rolname = 'platform_admin' AND a.rolsuper AND NOT a.rolcanlogin) THEN 'platform_admin changed'
  WHEN EXISTS (SELECT 1 FROM pg_catalog.pg_auth_members m JOIN pg_catalog.pg_roles g ON g.oid = m.roleid
               WHERE g.rolsuper OR g.rolname IN ('platform_admin', 'platform_guard', 'pg_execute_server_program', 'pg_read_server_files', 'pg_write_server_files'))
    THEN 'a role is a member of a superuser or platform role'
  WHEN r.rolreplication THEN 'postgres may replicate'
  WHEN EXISTS (SELECT 1 FROM pg_catalog.pg_namespace s WHERE s.nspname IN ('pg_catalog', 'pg_toast', 'platform_internal') AND pg_catalog.pg_get_userbyid(s.nspowner) <> 'platform_admin')
    THEN 'a system schema changed owner'
  WHEN EXISTS (SELECT 1 FROM pg_catalog.pg_proc p WHERE p.pronamespace = n.oid AND pg_catalog.pg_get_userbyid(p.proowner) <> 'platform_admin')
    THEN 'a function in platform_internal changed owner'
  WHEN (SELECT pg_catalog.string_agg(pg_catalog.concat_ws(':', e.evtname, e.evtevent, e.evtenabled, COALESCE(pg_catalog.array_to_string(e.evttags, ','), ''),
                                                          e.evtfoid::pg_catalog.regprocedure, pg_catalog.pg_get_userbyid(e.evtowner)), ';' ORDER BY e.evtname)
        FROM pg_catalog.pg_event_trigger e) IS DISTINCT FROM '${EVENT_TRIGGERS}'
    THEN 'the event triggers changed'`

// Checked once when the dir opens: nothing built in left to `postgres`, nothing of its own in pg_catalog.
const GUARD_CATALOG_CHECKS = `
  WHEN EXISTS (SELECT 1 FROM pg_catalog.pg_proc p WHERE p.pronamespace = 'pg_catalog'::pg_catalog.regnamespace AND (p.proowner = '10' OR p.oid >= '16384'))
    OR EXISTS (SELECT 1 FROM pg_catalog.pg_type t WHERE t.typnamespace = 'pg_catalog'::pg_catalog.regnamespace AND (t.typowner = '10' OR t.oid >= '16384'))
    OR EXISTS (SELECT 1 FROM pg_catalog.pg_operator o WHERE o.oprnamespace = 'pg_catalog'::pg_catalog.regnamespace AND (o.oprowner = '10' OR o.oid >= '16384'))
    THEN 'pg_catalog holds functions, types or operators of postgres'
  WHEN EXISTS (SELECT 1 FROM pg_catalog.pg_cast c JOIN pg_catalog.pg_type s ON s.oid = c.castsource JOIN pg_catalog.pg_type t ON t.oid = c.casttarget
               WHERE c.oid >= '16384' AND s.typnamespace = 'pg_catalog'::pg_catalog.regnamespace AND t.typnamespace = 'pg_catalog'::pg_catalog.regnamespace)
    THEN 'a cast between built-in types was added'`

const guardQuery = (checks) => `SELECT CASE ${checks} ELSE 'ok' END
  FROM pg_catalog.pg_roles r LEFT JOIN pg_catalog.pg_namespace n ON n.nspname = 'platform_internal' WHERE r.oid = '10'`

/**
 * A data dir hardened by the first HARDEN, whose triggers also lent for ALTER EXTENSION: its ADD
 * makes the end trigger a member of an extension, dropped with it, so the next CREATE EXTENSION's
 * loan lasts long enough to run today's HARDEN in the same transaction (which takes it back). Only
 * the platform does this, on an extension the project does not have.
 */
async function upgradeOlderHardening() {
  const spare = await queryValue(`SELECT name FROM pg_catalog.pg_available_extensions
    WHERE installed_version IS NULL AND name IN ('tsm_system_rows', 'tsm_system_time', 'dict_int', 'tcn', 'lo') ORDER BY name LIMIT 1`)
  if (!spare) return
  const { error } = await simpleQuery(`
    CREATE EXTENSION ${spare}; ALTER EXTENSION ${spare} ADD EVENT TRIGGER platform_extension_end; DROP EXTENSION ${spare};
    CREATE EXTENSION ${spare}; DROP EXTENSION ${spare};
    ${HARDEN}`)
  if (error) throw new Error(`could not update the database's protection: ${error.message}`)
}

/**
 * Makes sure users' SQL has no way to a superuser (see HARDEN): repairs what HARDEN can repair
 * (it needs `postgres` to be the superuser, as in a fresh dir or a loan not taken back) and refuses
 * to serve the dir otherwise; the caller then ends this worker.
 */
async function guard({ catalog = false } = {}) {
  const query = guardQuery(catalog ? GUARD_CHECKS + GUARD_CATALOG_CHECKS : GUARD_CHECKS)
  let state = await queryValue(query)
  if (state === 'outdated') {
    await upgradeOlderHardening()
    state = await queryValue(query)
  }
  if (state === 'superuser') {
    const { error } = await simpleQuery(HARDEN)
    if (error) throw new Error(`could not secure the database: ${error.message}`)
    state = await queryValue(query)
  }
  if (state !== 'ok') throw new Error(`the database's protection does not hold (${state}); it is not served`)
}

function errorFields(e) {
  return {
    message: e.message,
    code: e.code,
    position: e.position ? Number(e.position) : undefined,
    detail: e.detail,
    hint: e.hint,
  }
}

/**
 * A streamed run: every line goes to the platform as soon as a batch is full (PGlite calls back
 * while the query still runs), so neither thread holds the whole result.
 */
async function stream({ id, sql }) {
  const started = performance.now()
  const inFlight = new Int32Array(workerData.flow)
  Atomics.store(inFlight, 0, 0)
  const builder = new ResultStreamBuilder((text) => {
    const bytes = encoder.encode(text)
    Atomics.add(inFlight, 0, bytes.length)
    parentPort.postMessage({ id, chunk: bytes.buffer }, [bytes.buffer])
    // Backpressure: PGlite is inside this callback, so waiting here pauses the query itself until
    // the platform has handed enough of the answer on (it subtracts what its reader took). The
    // wait is short and repeated, so that terminating this thread (a cancel) is never held up.
    for (let now = Atomics.load(inFlight, 0); now > MAX_IN_FLIGHT_BYTES; now = Atomics.load(inFlight, 0)) Atomics.wait(inFlight, 0, now, 50)
  })
  try {
    const result = await simpleQuery(sql, builder)
    builder.flush()
    const durationMs = performance.now() - started
    await resetSession(result.status)
    if (result.error) parentPort.postMessage({ id, ok: false, error: errorFields(result.error) })
    else parentPort.postMessage({ id, ok: true, json: new ArrayBuffer(0), durationMs, rowCount: builder.lastRowCount })
  } catch (e) {
    parentPort.postMessage({ id, ok: false, fatal: true, error: { message: String(e?.message ?? e) } })
  }
}

async function run({ id, sql, shape }) {
  if (shape === 'stream') return stream({ id, sql })
  const started = performance.now()
  const builder = new ResultJsonBuilder(shape, workerData.maxResultBytes)
  let status = 'I'
  try {
    const result = await simpleQuery(sql, builder)
    status = result.status
    if (result.error) {
      await resetSession(status)
      parentPort.postMessage({ id, ok: false, error: errorFields(result.error) })
      return
    }
    if (builder.tooLarge) {
      await resetSession(status)
      parentPort.postMessage({ id, ok: false, error: builder.tooLargeError() })
      return
    }
    const bytes = encoder.encode(builder.toJson())
    const durationMs = performance.now() - started
    await resetSession(status)
    parentPort.postMessage({ id, ok: true, json: bytes.buffer, durationMs, rowCount: builder.rowCount }, [bytes.buffer])
  } catch (e) {
    // A JS-level failure (WASM abort, broken reset): this instance can't be trusted any more.
    parentPort.postMessage({ id, ok: false, fatal: true, error: { message: String(e?.message ?? e) } })
  }
}

async function close({ id }) {
  try {
    await db.close()
  } finally {
    parentPort.postMessage({ id, ok: true })
    process.exit(0)
  }
}

// ---- Wire sessions ---------------------------------------------------------------------------
//
// Clients of the platform's wire listener (server/databases/wire/listener.ts) reach this database
// through the main thread: it authenticates them, then relays their bytes here ('wire-data') and
// ours back. Each connection is served by @electric-sql/pglite-socket's PGLiteSocketHandler on a
// Duplex that stands for the socket. The handler hands every complete protocol message to a
// queue; ours (below) is the one scheduler of this database, shared with the platform's own runs:
//
// - one job at a time, each inside PGlite's runExclusive;
// - while a wire client has a transaction open (or an extended-protocol sequence not yet ended by
//   Sync), only its own messages run: the platform's runs and other clients wait (the platform's
//   timeout still applies: it ends this thread, and with it every wire connection);
// - before a platform run that follows wire traffic, the session is reset and `postgres` checked
//   (guard), as after every platform run; whenever a client's session is idle again the guard
//   runs too, so no wire traffic leaves `postgres` a superuser;
// - a client that leaves mid-transaction is rolled back before anything else runs;
// - every message gets 'wireBusy' before its work and 'wireDone' after (the platform times the
//   work, and counts the client's input still waiting here, see embedded.ts serveWire);
// - the main thread sends whole messages (wire/frames.ts); answers go back through a shared
//   counter: while too much of a client's answer is not yet taken by its socket, this thread
//   waits inside PGlite (as a streamed run does), until the client reads or its session ends.

/** Frontend messages that leave an extended-protocol sequence open until Sync. */
const SEQUENCE_OPENERS = new Set(['P', 'B', 'D', 'E', 'C', 'H'].map((c) => c.charCodeAt(0)))
/** Simple Query and Execute may start COPY FROM STDIN: the CopyFail after them ends it (see COPY_FAIL). */
const MAY_COPY = new Set(['Q', 'E'].map((c) => c.charCodeAt(0)))

/** Jobs waiting: { handlerId (null: the platform's), run(), drop(error) }. */
const jobs = []
/** The wire handler whose transaction (or unfinished sequence) holds the session; null when free. */
let owner = null
/** Wire traffic ran since the session was last reset. */
let dirty = false
/** Handlers whose connection ended: their session is given back before anything else runs. */
const gone = new Set()
let pumping = false

function schedule(job) {
  jobs.push(job)
  void pump()
}

async function pump() {
  if (pumping) return
  pumping = true
  try {
    for (;;) {
      if (owner !== null && gone.has(owner)) await db.runExclusive(releaseSession)
      const index = owner === null ? 0 : jobs.findIndex((job) => job.handlerId === owner)
      if (index === -1 || jobs.length === 0) break
      const [job] = jobs.splice(index, 1)
      // close() takes PGlite's query lock itself: it must not run inside it.
      await (job.exclusive === false ? job.run() : db.runExclusive(job.run))
    }
  } finally {
    pumping = false
  }
}

/** Ends what a departed client left open: an unfinished sequence (Sync), then its transaction. */
async function releaseSession() {
  await send(serialize.sync(), () => undefined)
  if (db.isInTransaction()) await simpleQuery('ROLLBACK')
  owner = null
  dirty = true
}

/** Runs the platform's own work: on a session reset first when clients used it since. */
function platformJob(work, { exclusive = true } = {}) {
  return new Promise((resolve, reject) => {
    schedule({
      handlerId: null,
      exclusive,
      run: async () => {
        try {
          if (dirty) {
            await resetSession('I')
            dirty = false
          }
          resolve(await work())
        } catch (e) {
          reject(e)
        }
      },
      drop: reject,
    })
  })
}

/** What PGLiteSocketHandler needs of a queue (enqueue, clearQueueForHandler, clearTransactionIfNeeded). */
const wireQueue = {
  enqueue(handlerId, message, onData) {
    return new Promise((resolve, reject) => {
      schedule({
        handlerId,
        run: async () => {
          try {
            const type = message[0]
            const bytes = MAY_COPY.has(type) ? Buffer.concat([message, COPY_FAIL]) : message
            let size = 0
            const conn = connOfHandler.get(handlerId)
            if (conn !== undefined) parentPort.postMessage({ wireBusy: conn })
            try {
              await db.execProtocolRawStream(bytes, {
                onRawData: (data) => {
                  size += data.length
                  onData(data)
                },
              })
              dirty = true
              const holding = db.isInTransaction() || SEQUENCE_OPENERS.has(type)
              owner = holding ? handlerId : null
              // An idle session again: the superuser lent for an extension must be back (see HARDEN).
              if (!holding) await guard()
            } finally {
              if (conn !== undefined) parentPort.postMessage({ wireDone: conn, bytes: message.length })
            }
            resolve(size)
          } catch (e) {
            reject(e)
          }
        },
        drop: reject,
      })
    })
  },
  clearQueueForHandler(handlerId) {
    for (let i = jobs.length - 1; i >= 0; i--) {
      if (jobs[i].handlerId !== handlerId) continue
      const [job] = jobs.splice(i, 1)
      job.drop(new Error('Handler disconnected'))
    }
  },
  async clearTransactionIfNeeded(handlerId) {
    gone.add(handlerId)
    await pump()
  },
}

/** A session's answer waits while this much of it is not yet taken by the client's socket. */
const MAX_WIRE_OUTPUT_IN_FLIGHT = 1024 * 1024

/** Stands for a client's socket: bytes come from the main thread and go back to it. */
class RelayedSocket extends Duplex {
  constructor(conn, flow) {
    super()
    this.conn = conn
    /** [0]: bytes sent and not yet taken by the client's socket; [1]: 1 once the session ended. */
    this.flow = new Int32Array(flow)
    this.remoteAddress = 'relay'
    this.remotePort = 0
  }
  setNoDelay() {}
  _read() {}
  _write(chunk, _encoding, callback) {
    const bytes = new Uint8Array(chunk) // a copy of its own, so it can be transferred
    const flow = this.flow
    Atomics.add(flow, 0, bytes.length)
    parentPort.postMessage({ wire: this.conn, chunk: bytes.buffer }, [bytes.buffer])
    // Backpressure: the handler writes from inside PGlite's output callback, so waiting here
    // pauses the query itself. Short waits, so that terminating this thread is never held up.
    for (let now = Atomics.load(flow, 0); now > MAX_WIRE_OUTPUT_IN_FLIGHT && Atomics.load(flow, 1) === 0; now = Atomics.load(flow, 0)) Atomics.wait(flow, 0, now, 50)
    callback()
  }
  _final(callback) {
    parentPort.postMessage({ wireEnd: this.conn })
    callback()
  }
  _destroy(error, callback) {
    parentPort.postMessage({ wireEnd: this.conn })
    callback(error)
  }
}

/** Open wire connections by the main thread's connection id. */
const connections = new Map()
/** The main thread's connection id of each handler. */
const connOfHandler = new Map()

function onWire(msg) {
  if (msg.op === 'wire-open') {
    const socket = new RelayedSocket(msg.conn, msg.flow)
    const handler = new PGLiteSocketHandler({ queryQueue: wireQueue, closeOnDetach: true })
    connections.set(msg.conn, { socket, handler })
    connOfHandler.set(handler.handlerId, msg.conn)
    socket.once('close', () => {
      connections.delete(msg.conn)
      connOfHandler.delete(handler.handlerId)
    })
    void handler.attach(socket)
  } else if (msg.op === 'wire-data') {
    connections.get(msg.conn)?.socket.push(Buffer.from(msg.bytes))
  } else if (msg.op === 'wire-close') {
    const connection = connections.get(msg.conn)
    if (!connection) return
    // At once: its transaction is given back before another job runs.
    gone.add(connection.handler.handlerId)
    connection.socket.push(null)
    connection.socket.destroy()
    void pump()
  }
}

try {
  db = await PGlite.create(workerData.dataDir, { extensions: EXTENSIONS, postgresqlconf: POSTGRESQL_CONF })
  await guard({ catalog: true })
  parentPort.on('message', (msg) => {
    if (msg.op?.startsWith('wire-')) return onWire(msg)
    const job = msg.op === 'run' ? platformJob(() => run(msg)) : platformJob(() => close(msg), { exclusive: false })
    void job.catch(() => undefined)
  })
  parentPort.postMessage({ type: 'ready' })
} catch (e) {
  parentPort.postMessage({ type: 'failed', message: String(e?.message ?? e) })
}
