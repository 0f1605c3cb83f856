/**
 * Creating and dropping an extension as the server's admin, on a project's behalf (the admin URL
 * of PROJECT_DB_SERVERS for the project's region, connected to the project's own database). The
 * script of such an extension runs with the admin's rights, so nothing it resolves may come from
 * the project's role:
 * - it goes into the platform's schema (PLATFORM_SCHEMA), made and owned by the admin, in which
 *   no role but superusers may create (checked in the same transaction); the project's role gets
 *   USAGE on it, nothing more;
 * - the transaction's search_path is that schema and pg_catalog only (SET LOCAL), and the role is
 *   the admin's own (a `role` the database's owner set with ALTER DATABASE is undone);
 * - Postgres runs the script with the target schema and the schemas of the extensions it requires
 *   on the search_path: each of those, already there, must be in pg_catalog or in a schema as
 *   sealed as ours (else refused), and each CASCADE would create must be trusted or offered.
 * The extension stays the admin's (extowner): its owner could ALTER EXTENSION … ADD/DROP members
 * and UPDATE it; the project's role gets EXECUTE on what it needs instead, and drops it through
 * the platform (dropExtensionAsPlatform), with the same care.
 */
import pg from 'pg'
import { platformDisableExtensionSql, platformEnableExtensionSql } from '@/lib/extensions/extension-sql'
import { RESET_DATABASE_FUNCTION } from '@/lib/sql/project-features/query-performance'
import { PlatformError } from '../kernel/errors'
import { SqlError } from '../databases/types'
import { PLATFORM_SCHEMA, superuserExtension } from './superuser-extensions'
import { withAdminSession } from '../databases/admin-session'

/** The project's database on the admin's server: the database and the roles that may use what is made. */
export type PlatformTarget = { adminUrl: string; database: string; ownerRole: string; readOnlyRole: string }

const ident = pg.escapeIdentifier

/**
 * A transaction of the admin's in the project's database (a pinned session, admin-session.ts),
 * with the platform's schema on its search_path and nothing of the project's.
 */
async function withAdmin<T>(target: PlatformTarget, fn: (client: pg.Client) => Promise<T>): Promise<T> {
  return withAdminSession(
    target.adminUrl,
    async (client) => {
      try {
        await client.query('BEGIN')
        try {
          // Whatever the database's owner set for sessions here (ALTER DATABASE … SET), this
          // transaction is the admin's own, with a search_path the project cannot add to.
          await client.query(`SET LOCAL ROLE NONE; SET LOCAL search_path = pg_catalog, ${ident(PLATFORM_SCHEMA)}`)
          const result = await fn(client)
          await client.query('COMMIT')
          return result
        } catch (error) {
          await client.query('ROLLBACK').catch(() => undefined)
          throw error
        }
      } catch (error) {
        if (error instanceof pg.DatabaseError) throw new SqlError(error.message, { code: error.code, detail: error.detail, hint: error.hint })
        throw error
      }
    },
    { database: target.database, statementTimeoutMs: 60_000 }
  )
}

/** A schema where only superusers may create (owner and CREATE grantees): nothing in it was planted. */
const SEALED_SCHEMA = (alias: string) => `(
  (select r.rolsuper from pg_catalog.pg_roles r where r.oid = ${alias}.nspowner)
  and not exists (
    select 1 from pg_catalog.aclexplode(${alias}.nspacl) a
    left join pg_catalog.pg_roles g on g.oid = a.grantee
    where a.privilege_type = 'CREATE' and not coalesce(g.rolsuper, false)
  )
)`

/** The platform's schema, made when missing, and checked to be sealed; the project's roles may use it. */
export async function ensureSchema(client: pg.Client, target: Pick<PlatformTarget, 'ownerRole' | 'readOnlyRole'>) {
  await client.query(`CREATE SCHEMA IF NOT EXISTS ${ident(PLATFORM_SCHEMA)}`)
  const { rows } = await client.query<{ sealed: boolean }>(
    `select ${SEALED_SCHEMA('n')} as sealed from pg_catalog.pg_namespace n where n.nspname = $1`,
    [PLATFORM_SCHEMA]
  )
  if (!rows[0]?.sealed)
    throw new PlatformError(
      409,
      `The platform creates extensions in schema "${PLATFORM_SCHEMA}", but in this database that schema belongs to another role (anything in it could stand in for what an extension calls). Rename that schema, then try again.`
    )
  const roles = await client.query<{ rolname: string }>('select rolname from pg_catalog.pg_roles where rolname = any($1)', [
    [target.ownerRole, target.readOnlyRole],
  ])
  for (const { rolname } of roles.rows) await client.query(`GRANT USAGE ON SCHEMA ${ident(PLATFORM_SCHEMA)} TO ${ident(rolname)}`)
}

type Requirement = { name: string; installed: boolean; schema: string | null; safe: boolean; trusted: boolean; superuser: boolean }

/** Every extension `name` requires, directly or not, and where those already there live. */
async function requirements(client: pg.Client, name: string): Promise<Requirement[]> {
  const { rows } = await client.query<Requirement>(
    `with recursive required(name) as (
       select pg_catalog.unnest(v.requires)::text
       from pg_catalog.pg_available_extensions a
       join pg_catalog.pg_available_extension_versions v on v.name = a.name and v.version = a.default_version
       where a.name = $1
       union
       select pg_catalog.unnest(v.requires)::text
       from required q
       join pg_catalog.pg_available_extensions a on a.name = q.name
       join pg_catalog.pg_available_extension_versions v on v.name = a.name and v.version = a.default_version
     )
     select q.name, e.oid is not null as installed, n.nspname::text as schema,
       coalesce(n.nspname = 'pg_catalog' or ${SEALED_SCHEMA('n')}, false) as safe,
       coalesce(v.trusted, false) as trusted, coalesce(v.superuser, true) as superuser
     from required q
     left join pg_catalog.pg_extension e on e.extname = q.name
     left join pg_catalog.pg_namespace n on n.oid = e.extnamespace
     left join pg_catalog.pg_available_extensions a on a.name = q.name
     left join pg_catalog.pg_available_extension_versions v on v.name = a.name and v.version = a.default_version
     order by q.name`,
    [name]
  )
  return rows
}

function checkRequirements(name: string, required: Requirement[]) {
  for (const r of required) {
    if (r.installed && !r.safe)
      throw new PlatformError(
        409,
        `Extension "${name}" needs "${r.name}", which is enabled in schema "${r.schema}", where the project's role can create objects: the platform would run "${name}"'s script with that schema on its search_path. Disable "${r.name}", then enable "${name}" with the extensions it needs.`
      )
    if (!r.installed && r.superuser && !r.trusted) {
      const decision = superuserExtension(r.name)
      if (!decision.offered) throw new PlatformError(403, `Extension "${name}" needs "${r.name}". ${decision.reason}`)
    }
  }
}

/** EXECUTE on the extension's functions its script kept from PUBLIC, for the project's role. */
async function grantsFor(client: pg.Client, name: string, ownerRole: string): Promise<string[]> {
  const decision = superuserExtension(name)
  if (name === 'pg_stat_statements') return resetDatabaseSql(ownerRole)
  if (!decision.offered || !decision.grantExecute) return []
  const { rows } = await client.query<{ signature: string }>(
    `select pg_catalog.format('%I.%I(%s)', n.nspname, p.proname, pg_catalog.pg_get_function_identity_arguments(p.oid)) as signature
     from pg_catalog.pg_depend d
     join pg_catalog.pg_extension e on e.oid = d.refobjid
     join pg_catalog.pg_proc p on p.oid = d.objid
     join pg_catalog.pg_namespace n on n.oid = p.pronamespace
     where d.classid = 'pg_catalog.pg_proc'::pg_catalog.regclass and d.refclassid = 'pg_catalog.pg_extension'::pg_catalog.regclass
       and d.deptype = 'e' and e.extname = $1 and p.proname <> all ($2)
     order by 1`,
    [name, decision.grantExecute.except]
  )
  return rows.length ? [`grant execute on function ${rows.map((r) => r.signature).join(', ')} to ${ident(ownerRole)};`] : []
}

/**
 * Forgets the statistics of this database only, for the project's role: a SECURITY DEFINER
 * function of the admin, fixed search_path, everything qualified, no argument to abuse. A member
 * of the extension, so dropping the extension drops it too.
 */
function resetDatabaseSql(ownerRole: string): string[] {
  const schema = ident(PLATFORM_SCHEMA)
  const fn = `${schema}.${ident(RESET_DATABASE_FUNCTION)}()`
  return [
    `create function ${fn} returns void language sql security definer set search_path = pg_catalog, pg_temp as $$ select ${schema}.pg_stat_statements_reset(0, d.oid, 0) from pg_catalog.pg_database d where d.datname = pg_catalog.current_database() $$;`,
    `revoke all on function ${fn} from public;`,
    `grant execute on function ${fn} to ${ident(ownerRole)};`,
    `alter extension pg_stat_statements add function ${fn};`,
  ]
}

/**
 * What creating `name` takes: the schema made and checked, its requirements checked, and those
 * not installed yet, in the order to create them (each after what it needs itself).
 */
export async function planExtension(client: pg.Client, target: PlatformTarget, name: string): Promise<string[]> {
  await ensureSchema(client, target)
  const required = await requirements(client, name)
  checkRequirements(name, required)
  const missing = required.filter((r) => !r.installed).map((r) => r.name)
  const order: string[] = []
  // Each one's own requirements first: it needs them installed (or made here) as much.
  const needs = new Map(await Promise.all(missing.map(async (m) => [m, (await requirements(client, m)).filter((r) => !r.installed).map((r) => r.name)] as const)))
  while (order.length < missing.length) {
    const next = missing.find((m) => !order.includes(m) && (needs.get(m) ?? []).every((n) => order.includes(n)))
    if (!next) throw new PlatformError(409, `Extension "${name}" needs extensions that need each other; they cannot be created in an order.`)
    order.push(next)
  }
  return order
}

/**
 * Creates the planned requirements, each in the platform's schema by name, then `name` itself:
 * CREATE EXTENSION … CASCADE looks a requirement up when it runs, so one the project
 * created in a schema of its own after the plan was checked would be used, its schema on the
 * script's search_path. Made here, in this transaction, a requirement is ours: the project's own
 * CREATE EXTENSION of that name waits for this transaction and then fails, and one it committed
 * since the check makes ours fail instead (nothing of the script ran with its schema).
 */
export async function createFromPlan(client: pg.Client, target: PlatformTarget, name: string, requirementsToCreate: string[], cascade = false): Promise<string[]> {
  const grants: string[] = []
  for (const extension of [...requirementsToCreate, name]) {
    // CASCADE, when asked, finds nothing left to create: every requirement is made above or was checked.
    const last = extension === name && cascade ? ' CASCADE' : ''
    await client.query(`CREATE EXTENSION ${ident(extension)} WITH SCHEMA ${ident(PLATFORM_SCHEMA)}${last}`)
    for (const grant of await grantsFor(client, extension, target.ownerRole)) {
      await client.query(grant)
      grants.push(grant)
    }
  }
  return grants
}

/** Creates `name` (and with cascade what it needs) in the platform's schema; answers the SQL that ran. */
export async function createExtensionAsPlatform(target: PlatformTarget, { name, cascade }: { name: string; cascade: boolean }): Promise<string> {
  return withAdmin(target, async (client) => {
    const needed = await planExtension(client, target, name)
    if (needed.length && !cascade)
      throw new PlatformError(400, `Extension "${name}" needs ${needed.map((n) => `"${n}"`).join(', ')}: enable ${needed.length === 1 ? 'it' : 'them'} first, or ask with cascade.`)
    const grants = await createFromPlan(client, target, name, needed, cascade)
    return platformEnableExtensionSql({ name, schema: PLATFORM_SCHEMA, cascade, grants, requirements: needed })
  })
}

/** Drops what the platform made: only an extension a superuser owns, in the platform's sealed schema. */
export async function dropExtensionAsPlatform(target: PlatformTarget, { name, cascade }: { name: string; cascade: boolean }): Promise<string> {
  return withAdmin(target, async (client) => {
    const { rows } = await client.query<{ ours: boolean }>(
      `select n.nspname = $2 and ${SEALED_SCHEMA('n')} and (select r.rolsuper from pg_catalog.pg_roles r where r.oid = e.extowner) as ours
       from pg_catalog.pg_extension e join pg_catalog.pg_namespace n on n.oid = e.extnamespace where e.extname = $1`,
      [name, PLATFORM_SCHEMA]
    )
    if (!rows[0]) throw new PlatformError(404, `Extension "${name}" is not enabled in this database.`)
    if (!rows[0].ours) throw new PlatformError(403, `Extension "${name}" was not created by the platform: only its owner can disable it.`)
    await client.query(`DROP EXTENSION ${ident(name)}${cascade ? ' CASCADE' : ''}`)
    return platformDisableExtensionSql({ name, schema: PLATFORM_SCHEMA, cascade })
  })
}
