/**
 * The Management API's functions and secrets (lib/api-types/functions.routes.ts): deploy, list,
 * read, change and delete a project's functions, and set its secrets. A change that alters what a
 * worker runs (a redeploy, a secret) needs no restart here: each request finds the version and
 * environment it should run, and the older worker retires (workers.ts). A deleted function's
 * workers stop at once.
 */
import { createHash } from 'node:crypto'
import type { EdgeFunction, ProjectSecret, functionRoutes } from '@/lib/api-types'
import type { Platform } from '../kernel/platform'
import type { Handlers } from '../kernel/handler-types'
import { PlatformError } from '../kernel/errors'
import { ownOrigin } from '../auth/redirects'
import { apiSettingsOf } from '../data-api/settings'
import { notServingMessage } from '../sql/not-serving'
import { requireLocation } from '../connection/db-password'
import { DEPLOY_MAX_BYTES } from '@/lib/api-types/functions.routes'
import { deployFunction, readDeploy, DEPLOYED_COLUMNS, type DeployedRow } from './deploy'
import { functionsService } from './service'

const notFound = (slug: string) => new PlatformError(404, `The project has no function named ${slug}.`)

function answerOf(row: DeployedRow): EdgeFunction {
  return {
    id: String(row.id),
    slug: row.slug,
    name: row.name,
    status: 'ACTIVE',
    version: row.version,
    created_at: row.created_at.getTime(),
    updated_at: row.updated_at.getTime(),
    verify_jwt: row.verify_jwt,
    import_map: row.import_map_path !== null,
    entrypoint_path: row.entrypoint_path,
    import_map_path: row.import_map_path,
    ezbr_sha256: row.digest,
    size_bytes: row.size_bytes,
  }
}

/** A project's secrets as they are listed: each value's sha256, never the value. */
async function listedSecrets(platform: Platform, ref: string): Promise<ProjectSecret[]> {
  const rows = await platform.db.query<{ name: string; value: string; updated_at: Date }>('select name, value, updated_at from edge_function_secrets where project_ref = $1 order by name', [ref])
  return rows.map((row) => ({ name: row.name, value: createHash('sha256').update(row.value).digest('hex'), updated_at: row.updated_at.toISOString() }))
}

export const functionHandlers: Handlers<typeof functionRoutes> = {
  listFunctions: async ({ platform, access }) => {
    const rows = await platform.db.query<DeployedRow & { invocations_24h: number }>(
      `select ${DEPLOYED_COLUMNS.split(', ').map((c) => `f.${c}`).join(', ')},
         (select count(*)::int from log_events e where e.project_id = $2 and e.source = 'function_edge_logs' and e.occurred_at > now() - interval '24 hours'
            and e.metadata->>'function_slug' = f.slug) as invocations_24h
       from edge_functions f where f.project_ref = $1 order by f.slug`,
      [access.ref, access.id]
    )
    return rows.map((row) => ({ ...answerOf(row), invocations_24h: row.invocations_24h }))
  },

  deployFunction: async ({ platform, req, access, query }) => {
    if (access.status !== 'ACTIVE_HEALTHY' && access.status !== 'ACTIVE_UNHEALTHY') throw new PlatformError(409, notServingMessage(access.status))
    const location = requireLocation(access)
    if (location.given) throw new PlatformError(409, "Edge functions run beside databases the platform manages; this project's database is given as it is (DATABASE_URL).")
    const parsed = await readDeploy(req, DEPLOY_MAX_BYTES, { idleMs: platform.config.bodyTimeoutMs })
    const settings = await apiSettingsOf(platform, access.ref)
    const row = await deployFunction(platform, { ref: access.ref, projectId: access.id, plan: access.plan, dbUrl: location.url, settings, origin: ownOrigin(platform, req) }, query.slug, parsed)
    return answerOf(row)
  },

  getFunction: async ({ platform, access, params }) => {
    const [row] = await platform.db.query<DeployedRow>(`select ${DEPLOYED_COLUMNS} from edge_functions where project_ref = $1 and slug = $2`, [access.ref, params.slug])
    if (!row) throw notFound(params.slug)
    return answerOf(row)
  },

  getFunctionBody: async ({ platform, access, params }) => {
    const [row] = await platform.db.query<{ id: number; version: number; entrypoint_path: string; import_map_path: string | null }>(
      'select id::int as id, version, entrypoint_path, import_map_path from edge_functions where project_ref = $1 and slug = $2',
      [access.ref, params.slug]
    )
    if (!row) throw notFound(params.slug)
    const files = await platform.db.query<{ path: string; content: Buffer }>('select path, content from edge_function_files where function_id = $1 and version = $2 order by path', [row.id, row.version])
    return { entrypoint_path: row.entrypoint_path, import_map_path: row.import_map_path, version: row.version, files: files.map((f) => ({ name: f.path, content: f.content.toString('utf8') })) }
  },

  updateFunction: async ({ platform, access, params, body }) => {
    const [row] = await platform.db.query<DeployedRow>(
      `update edge_functions set verify_jwt = coalesce($3, verify_jwt), name = coalesce($4, name), updated_at = now()
       where project_ref = $1 and slug = $2 returning ${DEPLOYED_COLUMNS}`,
      [access.ref, params.slug, body.verify_jwt ?? null, body.name ?? null]
    )
    if (!row) throw notFound(params.slug)
    return answerOf(row)
  },

  deleteFunction: async ({ platform, access, params }) => {
    const rows = await platform.db.query('delete from edge_functions where project_ref = $1 and slug = $2 returning id', [access.ref, params.slug])
    if (rows.length === 0) throw notFound(params.slug)
    await functionsService(platform).pool.release(access.ref, params.slug)
    return undefined
  },

  listSecrets: async ({ platform, access }) => listedSecrets(platform, access.ref),

  createSecrets: async ({ platform, access, body }) => {
    const names = body.map((secret) => secret.name)
    if (new Set(names).size !== names.length) throw new PlatformError(400, 'Each secret is named once per request.')
    await platform.db.query(
      `insert into edge_function_secrets (project_ref, name, value) select $1, s.name, s.value from unnest($2::text[], $3::text[]) as s (name, value)
       on conflict (project_ref, name) do update set value = excluded.value, updated_at = now()`,
      [access.ref, names, body.map((secret) => secret.value)]
    )
    return listedSecrets(platform, access.ref)
  },

  deleteSecrets: async ({ platform, access, body }) => {
    await platform.db.query('delete from edge_function_secrets where project_ref = $1 and name = any($2::text[])', [access.ref, body])
    return undefined
  },
}
