/**
 * The extensions that need a superuser (not `trusted` in their control file) and what the platform
 * does about each, on a PostgreSQL server whose admin it holds: offered ones it creates on the
 * project's behalf, as that admin, in its own schema (as-platform.ts says how); refused ones the
 * extensions page shows as not offered, with the reason below. An extension not named here is
 * refused too (NOT_LISTED). Trusted extensions are not decided here: the project's role creates
 * them itself.
 *
 * The rule: offered only when everything it can do stays inside the project's own database and
 * needs no more than the project's own rights there. Refused when it reaches the server host (its
 * files, its network, its operating-system account), other databases of the server, or state that
 * the whole cluster shares (buffers, WAL), or when it bypasses Postgres' own safety (raw pages).
 */

/** The schema the platform owns in each project database: what it creates goes there, nowhere else. */
export const PLATFORM_SCHEMA = 'extensions'

export type SuperuserExtension =
  | {
      offered: true
      /** Why it is safe to offer (for the reader of this file). */
      why: string
      /**
       * Its functions are revoked from PUBLIC by its own script (superuser-only by default): the
       * project's role is granted EXECUTE on every one of them, except those named here.
       */
      grantExecute?: { except: string[] }
    }
  | { offered: false; reason: string }

const offered = (why: string, grantExecute?: { except: string[] }): SuperuserExtension => ({ offered: true, why, grantExecute })
const refused = (reason: string): SuperuserExtension => ({ offered: false, reason })

const UNTRUSTED_LANGUAGE =
  'Not offered: an untrusted language runs code as the database server\'s operating-system account, outside every database\'s permissions.'
const LANGUAGE_TRANSFORM = 'Not offered: it belongs to an untrusted procedural language, which is not offered.'

export const SUPERUSER_EXTENSIONS: Readonly<Record<string, SuperuserExtension>> = {
  // The query performance page: it counts this database's statements. Every role reads the view,
  // but sees other roles' query text as '<insufficient privilege>' and the page keeps its own
  // database's rows only. pg_stat_statements_reset stays superuser-only (it can forget every
  // database's statistics); as-platform.ts adds a reset of this database only.
  pg_stat_statements: offered('Query performance needs it; reads are limited to the caller\'s own statements\' text.'),
  // An index access method: indexes on the project's own tables.
  bloom: offered('An index type for the project\'s own tables.'),
  // Pure functions over points on a sphere (needs cube, trusted, created with it).
  earthdistance: offered('Pure functions; needs cube, created in the same schema.'),
  // Tuple-level statistics of a relation of the current database; its functions are superuser-only
  // until granted. Counts only, of relations the project can name in its own database.
  pgstattuple: offered('Statistics of relations in the project\'s own database.', { except: [] }),
  // Row locks of a table: checks SELECT on the table itself.
  pgrowlocks: offered('Row locks of the project\'s own tables; it checks SELECT on the table.', { except: [] }),
  // Read-only checks of the project's own indexes and tables.
  amcheck: offered('Read-only consistency checks of the project\'s own tables and indexes.', { except: [] }),
  // Aggregates over integer arrays, plain SQL and C functions.
  intagg: offered('Plain aggregate functions.'),
  // Trigger functions that only touch the row being written.
  autoinc: offered('A trigger function on the project\'s own rows.'),
  insert_username: offered('A trigger function on the project\'s own rows.'),
  moddatetime: offered('A trigger function on the project\'s own rows.'),
  // A dictionary template whose files can only come from the server's tsearch_data directory.
  dict_xsyn: offered('A text-search dictionary; it reads only the server\'s own dictionary files.'),
  // The current connection's SSL facts.
  sslinfo: offered('Reads facts about the caller\'s own connection.'),

  postgres_fdw: refused(
    'Not offered: it opens network connections from the database server\'s host, to other servers or to other databases of this one.'
  ),
  dblink: refused('Not offered: it opens network connections from the database server\'s host, to other servers or to other databases of this one.'),
  file_fdw: refused('Not offered: it reads files on the database server\'s host and can run programs there.'),
  xml2: refused('Not offered: its XSLT functions can fetch documents from files and addresses the database server can reach.'),
  adminpack: refused('Not offered: it reads and writes files on the database server\'s host.'),
  refint: refused('Not offered: kept by PostgreSQL as an example; foreign keys do its job, safely.'),
  pg_buffercache: refused('Not offered: it shows the shared buffers of the whole server, every project\'s included.'),
  pg_prewarm: refused('Not offered: it manages the shared buffers of the whole server.'),
  pg_walinspect: refused('Not offered: the write-ahead log holds the changes of every database of the server.'),
  pg_surgery: refused('Not offered: it changes rows beneath PostgreSQL\'s own checks and can corrupt data.'),
  pageinspect: refused('Not offered: it reads raw data pages, which is for superusers only.'),
  pg_visibility: refused('Not offered: it reads the server\'s internal visibility maps, which is for superusers only.'),
  pg_freespacemap: refused('Not offered: it reads the server\'s internal free space maps, which is for superusers only.'),
  old_snapshot: refused('Not offered: it shows server-wide internals.'),
  pg_logicalinspect: refused('Not offered: it reads the server\'s logical replication files.'),
  plperlu: refused(UNTRUSTED_LANGUAGE),
  plpython3u: refused(UNTRUSTED_LANGUAGE),
  plpythonu: refused(UNTRUSTED_LANGUAGE),
  plpython2u: refused(UNTRUSTED_LANGUAGE),
  pltclu: refused(UNTRUSTED_LANGUAGE),
  bool_plperlu: refused(LANGUAGE_TRANSFORM),
  hstore_plperlu: refused(LANGUAGE_TRANSFORM),
  jsonb_plperlu: refused(LANGUAGE_TRANSFORM),
  hstore_plpython3u: refused(LANGUAGE_TRANSFORM),
  jsonb_plpython3u: refused(LANGUAGE_TRANSFORM),
  ltree_plpython3u: refused(LANGUAGE_TRANSFORM),
}

/** Said of an extension that needs a superuser and that this file does not name. */
export const NOT_LISTED = 'Not offered: it needs a superuser, and it is not on the list of extensions the platform creates for projects.'

/** What the platform does about an extension that needs a superuser. */
export const superuserExtension = (name: string): SuperuserExtension =>
  Object.hasOwn(SUPERUSER_EXTENSIONS, name) ? SUPERUSER_EXTENSIONS[name] : refused(NOT_LISTED)
