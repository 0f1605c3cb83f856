/**
 * Which schemas and roles are the project's, as SQL run in the project's own database: shared by
 * column privileges (server/privileges) and the database objects pages (database-objects-sql.ts),
 * so both show the same roles.
 *
 * The project's roles: its own role (`p_<ref>` on a server the platform manages, where the
 * database itself is the platform's; the database's owner where it is given as it is) and the roles it is a member of or has granted something to in its schemas (on a
 * schema, a table or a column). Never a superuser, a predefined `pg_*` role or one of the
 * platform's own (the read-only runners). Roles are shared by every database of a server, so "any role" would show other projects' roles. The owner comes from
 * the database rather than current_user, so a Read-only member's listing (run as the read-only
 * role) shows the same roles.
 */

/**
 * The project's own role as an oid, in SQL run in its database (`d`: its pg_database row): the role
 * named as the database (`p_<ref>`) where the platform manages it, else the database's owner.
 */
export const PROJECT_OWNER_OID = (d: string) =>
  `coalesce((select r.oid from pg_catalog.pg_roles r where r.rolname = ${d}.datname and pg_catalog.starts_with(${d}.datname, 'p_') and not r.rolsuper), ${d}.datdba)`

/** The schemas that are the project's: not the catalog's, nor the platform's own. */
export const PROJECT_SCHEMA = (alias: string) =>
  `not pg_catalog.starts_with(${alias}.nspname, 'pg_') and ${alias}.nspname <> all (array['information_schema', 'platform_internal', 'platform_ro'])`

/** The platform's own roles, never offered (the owner's read-only twin is `<owner>_ro` on servers). */
const PLATFORM_ROLES = `array['project_readonly', 'platform_guard', 'platform_admin']`

/** `project` (owner, owner_name) and `project_roles` (oid, rolname): the roles of the project. */
export const PROJECT_ROLES_CTES = `project as (
  select o.owner, pg_catalog.pg_get_userbyid(o.owner)::text as owner_name
  from pg_catalog.pg_database d, lateral (select ${PROJECT_OWNER_OID('d')} as owner) o
  where d.datname = pg_catalog.current_database()
),
acl_grantees as (
  select a.grantee
  from pg_catalog.pg_namespace n, pg_catalog.aclexplode(n.nspacl) a
  where n.nspacl is not null and ${PROJECT_SCHEMA('n')}
  union
  select a.grantee
  from pg_catalog.pg_class c
  join pg_catalog.pg_namespace n on n.oid = c.relnamespace,
  pg_catalog.aclexplode(c.relacl) a
  where c.relacl is not null and ${PROJECT_SCHEMA('n')}
  union
  select a.grantee
  from pg_catalog.pg_attribute att
  join pg_catalog.pg_class c on c.oid = att.attrelid
  join pg_catalog.pg_namespace n on n.oid = c.relnamespace,
  pg_catalog.aclexplode(att.attacl) a
  where att.attacl is not null and ${PROJECT_SCHEMA('n')}
),
project_roles as (
  select r.oid, r.rolname::text as rolname
  from pg_catalog.pg_roles r, project p
  where r.oid = p.owner
    or (
      not r.rolsuper
      and not pg_catalog.starts_with(r.rolname, 'pg_')
      and r.rolname::text <> all (${PLATFORM_ROLES} || (p.owner_name || '_ro'))
      and (pg_catalog.pg_has_role(p.owner, r.oid, 'MEMBER') or r.oid in (select grantee from acl_grantees))
    )
)`
