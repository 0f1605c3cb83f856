/**
 * The extensions the dashboard knows by name (SPEC §3, §9): well-known contrib modules shipped with
 * Postgres and popular ones built elsewhere. A catalogue entry says what an extension is for and
 * where to read about it; whether a project can enable it is decided by its database (merge.ts).
 * Checked by catalogue.ts.
 */
import type { ExtensionTag } from './tags'

export type CatalogueSeed = {
  name: string
  comment: string
  tags: ExtensionTag[]
  github_url: string
  product: string
  product_url: string
}

const CONTRIB_TREE = 'https://github.com/postgres/postgres/tree/master/contrib'
const POSTGRES_DOCS = 'https://www.postgresql.org/docs/current'

/** A module of Postgres' own contrib directory; `page` is its page in the Postgres manual. */
const contrib = (name: string, page: string, comment: string, tags: ExtensionTag[]): CatalogueSeed => ({
  name,
  comment,
  tags,
  github_url: `${CONTRIB_TREE}/${name}`,
  product: 'PostgreSQL',
  product_url: `${POSTGRES_DOCS}/${page}.html`,
})

const CONTRIB: CatalogueSeed[] = [
  contrib('amcheck', 'amcheck', 'Checks tables and B-tree indexes for corruption', ['Admin']),
  contrib('btree_gin', 'btree-gin', 'GIN operator classes for ordinary scalar types', ['Index']),
  contrib('btree_gist', 'btree-gist', 'GiST operator classes for scalar types, used by exclusion constraints', ['Index']),
  contrib('citext', 'citext', 'A text type that compares without regard to case', ['Data Type']),
  contrib('cube', 'cube', 'Multi-dimensional cubes and points', ['Data Type']),
  contrib('dblink', 'dblink', 'Queries other Postgres databases from inside a query', ['Utility']),
  contrib('dict_int', 'dict-int', 'Full-text search dictionary that keeps long numbers in check', ['Search']),
  contrib('earthdistance', 'earthdistance', 'Great-circle distances between points on the Earth', ['Geo']),
  contrib('fuzzystrmatch', 'fuzzystrmatch', 'Soundex, Metaphone and Levenshtein distance between strings', ['Search']),
  contrib('hstore', 'hstore', 'Sets of key/value pairs in one column', ['Data Type']),
  contrib('intarray', 'intarray', 'Functions, operators and index support for integer arrays', ['Index', 'Data Type']),
  contrib('isn', 'isn', 'Types for ISBN, ISSN, EAN13 and other product numbers', ['Data Type']),
  contrib('lo', 'lo', 'Keeps large objects from leaking when the rows that point to them go', ['Utility']),
  contrib('ltree', 'ltree', 'Labels of a tree stored as paths, with fast ancestor searches', ['Data Type']),
  contrib('pageinspect', 'pageinspect', 'Looks inside the raw pages of tables and indexes', ['Admin']),
  contrib('pg_buffercache', 'pgbuffercache', 'Shows what the shared buffer cache holds', ['Admin']),
  contrib('pg_prewarm', 'pgprewarm', 'Loads tables into the buffer cache ahead of use', ['Admin']),
  contrib('pg_stat_statements', 'pgstatstatements', 'Execution statistics of every statement the server runs', ['Admin']),
  contrib('pg_trgm', 'pgtrgm', 'Similarity of text by trigrams, with indexes for LIKE and fuzzy search', ['Search', 'Index']),
  contrib('pg_walinspect', 'pgwalinspect', 'Reads the contents of the write-ahead log', ['Admin']),
  contrib('pgcrypto', 'pgcrypto', 'Hashing, encryption and random bytes in SQL', ['Security', 'Utility']),
  contrib('pgstattuple', 'pgstattuple', 'Tuple-level statistics: dead rows and free space of a table', ['Admin']),
  contrib('postgres_fdw', 'postgres-fdw', 'Tables of another Postgres server, queried as if they were local', ['Foreign Data']),
  contrib('seg', 'seg', 'Line segments and floating-point intervals, for measurements', ['Data Type']),
  contrib('tablefunc', 'tablefunc', 'Crosstab (pivot) tables and other functions that return tables', ['Utility']),
  contrib('tcn', 'tcn', 'A trigger that notifies listeners of changes to a table', ['Utility']),
  contrib('tsm_system_rows', 'tsm-system-rows', 'TABLESAMPLE by a number of rows', ['Utility']),
  contrib('tsm_system_time', 'tsm-system-time', 'TABLESAMPLE within a time limit', ['Utility']),
  contrib('unaccent', 'unaccent', 'A text search dictionary that removes accents', ['Search']),
  contrib('uuid-ossp', 'uuid-ossp', 'Functions that generate universally unique identifiers (UUIDs)', ['Utility']),
  {
    ...contrib('moddatetime', 'contrib-spi', 'A trigger that stamps the time a row was last changed', ['Utility']),
    github_url: `${CONTRIB_TREE}/spi`,
  },
  {
    name: 'plpgsql',
    comment: 'PL/pgSQL, the procedural language of Postgres functions and triggers',
    tags: ['Language'],
    github_url: 'https://github.com/postgres/postgres/tree/master/src/pl/plpgsql',
    product: 'PostgreSQL',
    product_url: `${POSTGRES_DOCS}/plpgsql.html`,
  },
]

const GITHUB = 'https://github.com'

const THIRD_PARTY: CatalogueSeed[] = [
  { name: 'vector', comment: 'Vector similarity search for embeddings, with HNSW and IVFFlat indexes', tags: ['AI', 'Index', 'Data Type'], github_url: `${GITHUB}/pgvector/pgvector`, product: 'pgvector', product_url: `${GITHUB}/pgvector/pgvector#readme` },
  { name: 'postgis', comment: 'Geometry and geography types, spatial functions and indexes', tags: ['Geo', 'Data Type'], github_url: `${GITHUB}/postgis/postgis`, product: 'PostGIS', product_url: 'https://postgis.net' },
  { name: 'postgis_topology', comment: 'Topological models of spatial data on top of PostGIS', tags: ['Geo'], github_url: `${GITHUB}/postgis/postgis`, product: 'PostGIS', product_url: 'https://postgis.net' },
  { name: 'pgrouting', comment: 'Shortest paths and other routing over PostGIS networks', tags: ['Geo'], github_url: `${GITHUB}/pgRouting/pgrouting`, product: 'pgRouting', product_url: 'https://pgrouting.org' },
  { name: 'pg_cron', comment: 'Runs SQL on a schedule written like a crontab', tags: ['Utility'], github_url: `${GITHUB}/citusdata/pg_cron`, product: 'pg_cron', product_url: `${GITHUB}/citusdata/pg_cron#readme` },
  { name: 'pg_graphql', comment: 'A GraphQL API generated from the database schema', tags: ['Utility'], github_url: `${GITHUB}/supabase/pg_graphql`, product: 'pg_graphql', product_url: 'https://supabase.github.io/pg_graphql' },
  { name: 'pg_net', comment: 'Asynchronous HTTP requests from SQL', tags: ['Network', 'Utility'], github_url: `${GITHUB}/supabase/pg_net`, product: 'pg_net', product_url: `${GITHUB}/supabase/pg_net#readme` },
  { name: 'http', comment: 'Synchronous HTTP requests from SQL', tags: ['Network', 'Utility'], github_url: `${GITHUB}/pramsey/pgsql-http`, product: 'pgsql-http', product_url: `${GITHUB}/pramsey/pgsql-http#readme` },
  { name: 'pgsodium', comment: 'Encryption with libsodium, and keys kept out of the tables', tags: ['Security'], github_url: `${GITHUB}/michelp/pgsodium`, product: 'pgsodium', product_url: `${GITHUB}/michelp/pgsodium#readme` },
  { name: 'pgjwt', comment: 'Signs and verifies JSON Web Tokens in SQL', tags: ['Security', 'Utility'], github_url: `${GITHUB}/michelp/pgjwt`, product: 'pgjwt', product_url: `${GITHUB}/michelp/pgjwt#readme` },
  { name: 'pgaudit', comment: 'Detailed session and object audit logging', tags: ['Audit', 'Admin'], github_url: `${GITHUB}/pgaudit/pgaudit`, product: 'pgAudit', product_url: 'https://www.pgaudit.org' },
  { name: 'plv8', comment: 'Functions written in JavaScript, run by V8', tags: ['Language'], github_url: `${GITHUB}/plv8/plv8`, product: 'PLV8', product_url: 'https://plv8.github.io' },
  { name: 'plpgsql_check', comment: 'Checks PL/pgSQL functions for errors before they run', tags: ['Language', 'Admin'], github_url: `${GITHUB}/okbob/plpgsql_check`, product: 'plpgsql_check', product_url: `${GITHUB}/okbob/plpgsql_check#readme` },
  { name: 'pg_hashids', comment: 'Short, unique, non-sequential ids made from numbers', tags: ['Utility'], github_url: `${GITHUB}/iCyberon/pg_hashids`, product: 'pg_hashids', product_url: `${GITHUB}/iCyberon/pg_hashids#readme` },
  { name: 'pg_jsonschema', comment: 'Validates json and jsonb against a JSON Schema', tags: ['Data Type', 'Utility'], github_url: `${GITHUB}/supabase/pg_jsonschema`, product: 'pg_jsonschema', product_url: `${GITHUB}/supabase/pg_jsonschema#readme` },
  { name: 'pgtap', comment: 'Unit tests for the database, written in SQL', tags: ['Testing'], github_url: `${GITHUB}/theory/pgtap`, product: 'pgTAP', product_url: 'https://pgtap.org' },
  { name: 'timescaledb', comment: 'Time-series tables partitioned by time, with continuous aggregates', tags: ['Time Series'], github_url: `${GITHUB}/timescale/timescaledb`, product: 'TimescaleDB', product_url: 'https://www.timescale.com' },
  { name: 'pg_repack', comment: 'Removes bloat from tables and indexes without long locks', tags: ['Admin'], github_url: `${GITHUB}/reorg/pg_repack`, product: 'pg_repack', product_url: 'https://reorg.github.io/pg_repack' },
  { name: 'hypopg', comment: 'Hypothetical indexes: see whether an index would help before building it', tags: ['Index', 'Admin'], github_url: `${GITHUB}/HypoPG/hypopg`, product: 'HypoPG', product_url: 'https://hypopg.readthedocs.io' },
  { name: 'index_advisor', comment: 'Suggests indexes that would speed up a query', tags: ['Index', 'Admin'], github_url: `${GITHUB}/supabase/index_advisor`, product: 'index_advisor', product_url: `${GITHUB}/supabase/index_advisor#readme` },
  { name: 'pgmq', comment: 'A lightweight message queue inside Postgres', tags: ['Utility'], github_url: `${GITHUB}/pgmq/pgmq`, product: 'PGMQ', product_url: `${GITHUB}/pgmq/pgmq#readme` },
  { name: 'pg_partman', comment: 'Creates and maintains time- and number-based partitions', tags: ['Admin'], github_url: `${GITHUB}/pgpartman/pg_partman`, product: 'pg_partman', product_url: `${GITHUB}/pgpartman/pg_partman#readme` },
  { name: 'rum', comment: 'An index for full-text search that ranks and orders by distance', tags: ['Index', 'Search'], github_url: `${GITHUB}/postgrespro/rum`, product: 'RUM', product_url: `${GITHUB}/postgrespro/rum#readme` },
  { name: 'pgroonga', comment: 'Full-text search for every language, Japanese and Chinese included', tags: ['Search', 'Index'], github_url: `${GITHUB}/pgroonga/pgroonga`, product: 'PGroonga', product_url: 'https://pgroonga.github.io' },
]

export const CATALOGUE_SEEDS: CatalogueSeed[] = [...CONTRIB, ...THIRD_PARTY]
