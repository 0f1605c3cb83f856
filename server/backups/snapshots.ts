/**
 * Backups as same-server snapshots, as the server's admin: a backup is a database of its own
 * (`p_<ref>_bk_<id>`, owned by the admin, closed to connections, CONNECT revoked from PUBLIC) made
 * with `CREATE DATABASE … TEMPLATE p_<ref>`; a restore puts the project's database aside, copies
 * the backup into `p_<ref>` (owner: the admin, database-ownership.ts; the database's grants, connection limit and settings
 * taken over from the one put aside), then drops the one put aside. Every step looks at what is
 * there first, so a restore cut off anywhere (kill -9) is finished, or undone, by the next try.
 */
import pg from 'pg'
import { copyLockKey, reopenDatabase, withAdminSession, withCopyLock } from '../databases/admin-session'
import { holdDatabase } from '../databases/database-ownership'

export const liveDatabaseOf = (ref: string) => `p_${ref}`
export const asideDatabaseOf = (ref: string) => `p_${ref}_pre_restore`
export const backupDatabaseOf = (ref: string, id: number | string) => `p_${ref}_bk_${id}`

function assertName(name: string) {
  if (!/^p_[a-z0-9][a-z0-9_-]*$/.test(name) || name.length > 63) throw new Error(`invalid database name: ${name}`)
}

const ident = pg.escapeIdentifier

async function exists(client: pg.Client, database: string): Promise<{ open: boolean } | null> {
  const { rows } = await client.query<{ open: boolean }>('select datallowconn as open from pg_database where datname = $1', [database])
  return rows[0] ?? null
}

async function closeAndEmpty(client: pg.Client, database: string) {
  await client.query(`ALTER DATABASE ${ident(database)} ALLOW_CONNECTIONS false`)
  await client.query('select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()', [database])
}

/**
 * Copies the project's database into `backup`; answers its size in bytes. The project's open
 * sessions are ended and new ones refused for the moment of the copy (the caller stopped this
 * process's pools, the data API and the auth service's connections first).
 */
export async function takeSnapshot(adminUrl: string, ref: string, backup: string): Promise<number> {
  const live = liveDatabaseOf(ref)
  assertName(live)
  assertName(backup)
  return withCopyLock(adminUrl, live, async (client) => {
    const source = await exists(client, live)
    if (!source) throw new Error('the project has no database on its server')
    if (await exists(client, backup)) await client.query(`DROP DATABASE ${ident(backup)} WITH (FORCE)`)
    try {
      await closeAndEmpty(client, live)
      // Postgres waits a few seconds for ended sessions to go.
      // Closed from the start: a new database grants CONNECT to PUBLIC, so any login role on the
      // server could get in before the grants below are revoked, and stay connected after.
      await client.query(`CREATE DATABASE ${ident(backup)} TEMPLATE ${ident(live)} ALLOW_CONNECTIONS false`)
    } finally {
      // Also when this session was lost: the project's database must not stay closed.
      if (source.open) await client.query(`ALTER DATABASE ${ident(live)} ALLOW_CONNECTIONS true`).catch(() => reopenDatabase(adminUrl, live))
    }
    // Nobody but the platform reaches a backup: not the project's role, not PUBLIC.
    await client.query(`REVOKE ALL ON DATABASE ${ident(backup)} FROM PUBLIC`)
    const { rows } = await client.query<{ size: string }>('select pg_database_size($1)::text as size', [backup])
    return Number(rows[0].size)
  })
}

export async function dropSnapshot(adminUrl: string, ref: string, backup: string) {
  assertName(backup)
  if (!backup.startsWith(`${liveDatabaseOf(ref)}_bk_`)) throw new Error(`${backup} is not a backup of ${ref}`)
  await withAdminSession(adminUrl, (client) => client.query(`DROP DATABASE IF EXISTS ${ident(backup)} WITH (FORCE)`))
}

/**
 * Clears what a backup cut off mid-copy (its maker killed) left: the copy, when the server made
 * it anyway (CREATE DATABASE runs to its end without its client), and the project's database
 * closed to connections for the copy, opened again when `reopen` (the project is running).
 * Answers false, doing nothing, while another session holds the copy lock: the maker is alive.
 */
export async function clearCutOffSnapshot(adminUrl: string, ref: string, backup: string, { reopen }: { reopen: boolean }): Promise<boolean> {
  const live = liveDatabaseOf(ref)
  assertName(live)
  assertName(backup)
  if (!backup.startsWith(`${live}_bk_`)) throw new Error(`${backup} is not a backup of ${ref}`)
  // Ending the session releases the advisory lock.
  return withAdminSession(adminUrl, async (client) => {
    const { rows } = await client.query<{ locked: boolean }>('select pg_try_advisory_lock(hashtext($1)) as locked', [copyLockKey(live)])
    if (!rows[0].locked) return false
    await client.query(`DROP DATABASE IF EXISTS ${ident(backup)} WITH (FORCE)`)
    const state = await exists(client, live)
    if (reopen && state && !state.open) await client.query(`ALTER DATABASE ${ident(live)} ALLOW_CONNECTIONS true`)
    return true
  })
}

/** Values of list settings come back flattened as identifiers ("$user", public): kept as they are. */
const LIST_SETTINGS = new Set(['search_path', 'temp_tablespaces', 'local_preload_libraries', 'session_preload_libraries'])
const LIST_VALUE = /^("([^"]|"")*"|[A-Za-z0-9_$.-]+)(, ("([^"]|"")*"|[A-Za-z0-9_$.-]+))*$/

/** The database-level grants, connection limit and settings of `from`, given to `to`. */
async function takeOverAttributes(client: pg.Client, from: string, to: string) {
  const { rows: acl } = await client.query<{ grantee: string | null; privilege: string; grantable: boolean }>(
    `select case when a.grantee = 0 then null else pg_get_userbyid(a.grantee) end as grantee, a.privilege_type as privilege, a.is_grantable as grantable
     from pg_database d, aclexplode(coalesce(d.datacl, acldefault('d', d.datdba))) a where d.datname = $1 and a.grantee <> d.datdba`,
    [from]
  )
  await client.query(`REVOKE ALL ON DATABASE ${ident(to)} FROM PUBLIC`)
  for (const { grantee, privilege, grantable } of acl)
    await client.query(`GRANT ${privilege} ON DATABASE ${ident(to)} TO ${grantee === null ? 'PUBLIC' : ident(grantee)}${grantable ? ' WITH GRANT OPTION' : ''}`)
  const { rows: limit } = await client.query<{ n: number }>('select datconnlimit as n from pg_database where datname = $1', [from])
  await client.query(`ALTER DATABASE ${ident(to)} CONNECTION LIMIT ${Number(limit[0]?.n ?? -1)}`)
  const { rows: settings } = await client.query<{ role: string | null; config: string[] }>(
    `select case when s.setrole = 0 then null else pg_get_userbyid(s.setrole) end as role, s.setconfig as config
     from pg_db_role_setting s join pg_database d on d.oid = s.setdatabase where d.datname = $1`,
    [from]
  )
  for (const { role, config } of settings)
    for (const item of config) {
      const at = item.indexOf('=')
      const name = item.slice(0, at)
      const value = item.slice(at + 1)
      if (!/^[A-Za-z_][A-Za-z0-9_.]*$/.test(name)) continue
      let sqlValue = pg.escapeLiteral(value)
      if (LIST_SETTINGS.has(name.toLowerCase())) {
        if (!LIST_VALUE.test(value)) {
          console.warn(`[backups] setting ${name} of ${from} not taken over: unexpected value`)
          continue
        }
        sqlValue = value
      }
      const target = role === null ? `DATABASE ${ident(to)}` : `ROLE ${ident(role)} IN DATABASE ${ident(to)}`
      await client
        .query(`ALTER ${target} SET ${ident(name)} = ${sqlValue}`)
        .catch((e) => console.warn(`[backups] setting ${name} of ${from} not taken over: ${(e as Error).message}`))
    }
}

/**
 * Replaces the project's database with a copy of `backup`, or finishes a replacement cut off
 * half-way. States, from what exists: live only (not started) → live put aside → copy made as
 * live → attributes taken over → aside dropped. The new database stays closed until the end.
 * A project held read-only (`readOnly`) stays held: its role gets no CONNECT on the copy.
 */
export async function restoreSnapshot(adminUrl: string, ref: string, backup: string, { readOnly = false } = {}) {
  const live = liveDatabaseOf(ref)
  const aside = asideDatabaseOf(ref)
  for (const name of [live, aside, backup]) assertName(name)
  await withCopyLock(adminUrl, live, async (client) => {
    if (!(await exists(client, backup))) throw new Error('the backup is no longer on the server')
    if (!(await exists(client, aside))) {
      if (!(await exists(client, live))) throw new Error('the project has no database on its server')
      await closeAndEmpty(client, live)
      await client.query(`ALTER DATABASE ${ident(live)} RENAME TO ${ident(aside)}`)
    }
    if (!(await exists(client, live))) {
      // A copy cut off by a crash leaves no database behind (CREATE DATABASE is all or nothing).
      await client.query(`CREATE DATABASE ${ident(live)} TEMPLATE ${ident(backup)} ALLOW_CONNECTIONS false`)
    }
    await takeOverAttributes(client, aside, live)
    await client.query(`DROP DATABASE ${ident(aside)} WITH (FORCE)`)
    await client.query(`ALTER DATABASE ${ident(live)} ALLOW_CONNECTIONS true`)
    // A backup made while the project's role owned its database gives it `public` back.
    await holdDatabase(client, adminUrl, live, live, { connect: !readOnly })
  })
}

/**
 * Undoes a restore that failed: the database put aside becomes the project's again (the copy, if
 * made, is dropped). Nothing put aside: nothing was changed, the project's database is as it was.
 */
export async function undoRestore(adminUrl: string, ref: string) {
  const live = liveDatabaseOf(ref)
  const aside = asideDatabaseOf(ref)
  await withCopyLock(adminUrl, live, async (client) => {
    if (await exists(client, aside)) {
      if (await exists(client, live)) await client.query(`DROP DATABASE ${ident(live)} WITH (FORCE)`)
      await client.query(`ALTER DATABASE ${ident(aside)} RENAME TO ${ident(live)}`)
    }
    if (await exists(client, live)) await client.query(`ALTER DATABASE ${ident(live)} ALLOW_CONNECTIONS true`)
  })
}
