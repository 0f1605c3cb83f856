/** Templates that look at the database itself: extensions, version, sessions, replication, storage. */
import { sql, type Snippet } from '../types'

export const showExtensions: Snippet = {
  id: 5,
  type: 'template',
  title: 'Show extensions',
  description: 'Every extension this database offers, the installed ones first, with their versions.',
  sql: sql`
    select
      name,
      installed_version,
      default_version,
      comment
    from pg_available_extensions
    order by installed_version is null, name;
  `,
}

export const showVersion: Snippet = {
  id: 6,
  type: 'template',
  title: 'Show version',
  description: 'The Postgres version of this database, in full and as a number to compare against.',
  sql: sql`
    select
      version() as version,
      current_setting('server_version_num')::integer as version_number;
  `,
}

export const showActiveConnections: Snippet = {
  id: 7,
  type: 'template',
  title: 'Show active connections',
  description: 'The sessions connected to this database: who, from where, since when and what they are running.',
  sql: sql`
    -- Without extra privileges, other roles' sessions show no query text.
    select
      pid,
      usename as role,
      application_name,
      client_addr,
      backend_start,
      state,
      wait_event_type,
      left(query, 200) as query
    from pg_stat_activity
    where datname = current_database()
    order by backend_start;
  `,
}

export const replicationStatus: Snippet = {
  id: 14,
  type: 'template',
  title: 'Replication status',
  description: 'How far each replica is behind, and how much WAL each replication slot keeps back.',
  sql: sql`
    -- Replicas streaming from this server.
    select
      application_name,
      client_addr,
      state,
      sync_state,
      pg_size_pretty(pg_wal_lsn_diff(sent_lsn, replay_lsn)) as not_yet_replayed,
      replay_lag
    from pg_stat_replication
    order by application_name;

    -- Replication slots: WAL a slot still needs is kept on disk, even when nothing reads it.
    select
      slot_name,
      slot_type,
      database,
      active,
      pg_size_pretty(
        pg_wal_lsn_diff(
          case when pg_is_in_recovery() then pg_last_wal_replay_lsn() else pg_current_wal_lsn() end,
          restart_lsn
        )
      ) as retained_wal
    from pg_replication_slots
    order by slot_name;
  `,
}

export const largeObjects: Snippet = {
  id: 16,
  type: 'template',
  title: 'Large objects',
  description: 'The first 25 large objects in this database, with their owners and whether anyone else was granted access.',
  sql: sql`
    -- Large objects live outside any table; those no row points to any more still take space.
    -- Remove one with: select lo_unlink(<oid>);
    select
      oid,
      pg_get_userbyid(lomowner) as owner,
      lomacl is not null as shared
    from pg_largeobject_metadata
    order by oid
    limit 25;
  `,
}

export const tableSizes: Snippet = {
  id: 17,
  type: 'template',
  title: 'Table sizes',
  description: 'The 100 largest tables, with their estimated row counts and the space taken by data and indexes.',
  sql: sql`
    select
      n.nspname as schema,
      c.relname as table,
      -- -1 until the table was first vacuumed or analyzed: unknown.
      nullif(c.reltuples, -1)::bigint as estimated_rows,
      pg_size_pretty(pg_total_relation_size(c.oid)) as total_size,
      pg_size_pretty(pg_relation_size(c.oid)) as data_size,
      pg_size_pretty(pg_indexes_size(c.oid)) as index_size
    from pg_class c
    join pg_namespace n on n.oid = c.relnamespace
    where c.relkind in ('r', 'p', 'm')
      and n.nspname not in ('pg_catalog', 'information_schema')
      and n.nspname not like 'pg\_toast%'
    order by pg_total_relation_size(c.oid) desc, n.nspname, c.relname
    limit 100;
  `,
}
