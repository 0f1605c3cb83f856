/**
 * The SQL that reads a project's extensions: one SELECT (so it runs for Read-only members too; on
 * PGlite their SQL becomes a view, which holds one query) answering one row, one JSON column
 * `extensions`, with the facts lib/extensions/merge.ts decides from. The owner's rights come from
 * the database (PROJECT_OWNER_OID) rather than current_user, so a Read-only member sees what the project's role can do.
 */
import { PROJECT_OWNER_OID, PROJECT_SCHEMA } from '@/lib/sql/project-roles-sql'

export const LIST_EXTENSIONS_SQL = `with project as (
  select d.oid as database, ${PROJECT_OWNER_OID('d')} as owner
  from pg_catalog.pg_database d
  where d.datname = pg_catalog.current_database()
),
available as (
  select a.name::text as name, a.default_version::text as default_version, a.comment::text as comment,
    coalesce(v.trusted, false) as trusted, coalesce(v.superuser, true) as superuser,
    v.schema::text as required_schema, coalesce(v.requires::text[], array[]::text[]) as requires
  from pg_catalog.pg_available_extensions a
  left join pg_catalog.pg_available_extension_versions v on v.name = a.name and v.version = a.default_version
),
required_by as (
  select d.refobjid as extension, pg_catalog.json_agg(dependent.extname::text order by dependent.extname) as names
  from pg_catalog.pg_depend d
  join pg_catalog.pg_extension dependent on dependent.oid = d.objid
  where d.classid = 'pg_catalog.pg_extension'::pg_catalog.regclass
    and d.refclassid = 'pg_catalog.pg_extension'::pg_catalog.regclass
    and d.deptype = 'n'
  group by d.refobjid
)
select pg_catalog.json_build_object(
  'owner', (
    select pg_catalog.json_build_object(
      'superuser', r.rolsuper,
      'can_create', pg_catalog.has_database_privilege(p.owner, p.database, 'CREATE'))
    from project p join pg_catalog.pg_roles r on r.oid = p.owner
  ),
  'available', (
    select coalesce(pg_catalog.json_agg(pg_catalog.json_build_object(
      'name', a.name, 'default_version', a.default_version, 'comment', a.comment, 'trusted', a.trusted,
      'superuser', a.superuser, 'required_schema', a.required_schema, 'requires', pg_catalog.to_json(a.requires)) order by a.name), '[]'::json)
    from available a
  ),
  'installed', (
    select coalesce(pg_catalog.json_agg(pg_catalog.json_build_object(
      'name', e.extname, 'version', e.extversion, 'schema', n.nspname,
      'owned', e.extowner = p.owner or r.rolsuper,
      'by_superuser', coalesce((select x.rolsuper from pg_catalog.pg_roles x where x.oid = e.extowner), false),
      'required_by', coalesce(rb.names, '[]'::json)) order by e.extname), '[]'::json)
    from pg_catalog.pg_extension e
    join pg_catalog.pg_namespace n on n.oid = e.extnamespace
    left join required_by rb on rb.extension = e.oid
    cross join project p
    join pg_catalog.pg_roles r on r.oid = p.owner
  ),
  'schemas', (
    select coalesce(pg_catalog.json_agg(n.nspname::text order by n.nspname), '[]'::json)
    from pg_catalog.pg_namespace n
    where ${PROJECT_SCHEMA('n')}
  ),
  -- Schemas only superusers may create in (owner and CREATE grantees): where the platform may
  -- create what needs a superuser.
  'sealed_schemas', (
    select coalesce(pg_catalog.json_agg(n.nspname::text order by n.nspname), '[]'::json)
    from pg_catalog.pg_namespace n
    join pg_catalog.pg_roles o on o.oid = n.nspowner
    where ${PROJECT_SCHEMA('n')} and o.rolsuper
      and not exists (
        select 1 from pg_catalog.aclexplode(n.nspacl) a
        left join pg_catalog.pg_roles g on g.oid = a.grantee
        where a.privilege_type = 'CREATE' and not coalesce(g.rolsuper, false)
      )
  )
) as extensions`
