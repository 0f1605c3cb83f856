/**
 * Edge Functions as one of the gateway's project services (`/p/{ref}/functions/v1/{slug}…`, any
 * method and path below it): the function's current version and the project's secrets are read in
 * one statement, `verify_jwt` is checked (a bearer token signed with the project's secret; OPTIONS
 * passes), and the request is streamed to the version's worker (workers.ts) with the path the
 * function sees, `/{slug}…`. The function answers its own CORS; the gateway's errors carry CORS.
 * Each invocation is counted (FUNCTION_INVOCATIONS) and logged in `function_edge_logs` with its
 * function and version; what the function prints goes to `function_logs`.
 */
import { createHash } from 'node:crypto'
import type { Platform } from '../kernel/platform'
import type { PassedGate, ProjectService, ReleaseReason, ServiceCall } from '../gateway/types'
import { serviceNamed } from '../gateway/services'
import { publicAnswer } from '../gateway/answers'
import { ownOrigin } from '../auth/redirects'
import { keyPassedBefore, signApiKey } from '../data-api/keys'
import { requestKey } from '../gateway/gate'
import { isPlatformError } from '../kernel/errors'
import { UsageCounter } from '../billing/usage-counter'
import { WorkerPool, type WorkerRequest } from './workers'
import type { ProjectApiSettings } from '../data-api/settings-type'
import { BootFailure, WorkerFailure } from './worker'
import { cacheDirOf, codeDir, removeProjectCode } from './code-store'
import { detectSandbox, type SandboxMode } from './sandbox'
import { findDeno } from './deno-binary'
import { logFunctionLine } from './logs'
import { signedWithSecret } from './verify-jwt'

/** What a worker's environment is made from: the project, its API settings, the site's origin. */
export type ProjectContext = { ref: string; projectId: number; dbUrl: string; settings: ProjectApiSettings; origin: string }

export type FunctionRow = {
  id: number
  slug: string
  version: number
  verify_jwt: boolean
  entrypoint_path: string
  import_map_path: string | null
  digest: string
  secrets: Record<string, string>
}

export const FUNCTION_SQL = `select f.id::int as id, f.slug, f.version, f.verify_jwt, f.entrypoint_path, f.import_map_path, f.digest,
    coalesce((select json_object_agg(s.name, s.value) from edge_function_secrets s where s.project_ref = f.project_ref), '{}'::json) as secrets
  from edge_functions f where f.project_ref = $1 and f.slug = $2`

export const SANDBOX_MISSING =
  'Edge functions run inside an operating-system sandbox (mount and PID namespaces), which this system does not allow. docs/edge-functions.md says what is needed; FUNCTIONS_SANDBOX=off runs them without one (trusted code only).'

const bearerOf = (header: string | undefined) => /^Bearer\s+(\S+)\s*$/i.exec(header ?? '')?.[1] ?? null

export class FunctionsService implements ProjectService {
  readonly name = 'functions'
  readonly logSource = 'function_edge_logs' as const
  readonly ownsCors = true
  readonly pool: WorkerPool
  readonly invocations = new UsageCounter('FUNCTION_INVOCATIONS')
  private readonly keys = new Map<string, Promise<{ anon: string; service: string }>>()

  constructor(private readonly platform: Platform) {
    this.pool = new WorkerPool(platform, (spec, line) => logFunctionLine(platform, spec, line))
  }

  /** A webhook has no key: `verify_jwt` is the function's own rule, checked below. */
  keyOptional(): boolean {
    return true
  }

  /** The boundary workers run in here, or null when this system gives none and none was waived. */
  sandboxMode(): SandboxMode | null {
    if (this.platform.config.functions.sandbox === 'off') return 'off'
    const mode = detectSandbox()
    return mode === 'off' ? null : mode
  }

  async serve(call: ServiceCall): Promise<void> {
    const match = /^\/([^/?]+)(\/[^?]*)?$/.exec(call.rest)
    const slug = match ? safeDecode(match[1]) : null
    // With a key that passed this project's gate before, the function is read beside the gate's
    // own read rather than after it (nothing of it is used unless the gate passes); any other
    // request waits for the gate, so one refused costs a single read.
    const read = () => (slug ? this.platform.db.query<FunctionRow>(FUNCTION_SQL, [call.ref, slug], { prepare: true }) : Promise.resolve([]))
    const key = requestKey(call.req, call.url)
    const early = key && keyPassedBefore(call.ref, key) ? read() : null
    early?.catch(() => undefined)
    const gate = await call.pass()
    if (!gate) return
    if (!slug) return publicAnswer(call.res, 404, { code: 'NOT_FOUND', message: 'Name the function: /functions/v1/{name}.' }, call.requestId)
    const [fn] = await (early ?? read())
    if (!fn) return publicAnswer(call.res, 404, { code: 'NOT_FOUND', message: 'Requested function was not found' }, call.requestId)
    Object.assign(call.logFields, { function_id: fn.id, function_slug: fn.slug, version: fn.version })
    if (fn.verify_jwt && call.req.method !== 'OPTIONS' && !(await this.signedByProject(call.req.headers.authorization, gate)))
      return publicAnswer(call.res, 401, { msg: 'Invalid JWT' }, call.requestId)
    const mode = this.sandboxMode()
    if (!mode) return publicAnswer(call.res, 503, { code: 'SANDBOX_UNAVAILABLE', message: SANDBOX_MISSING }, call.requestId)
    if (this.platform.config.isPlatform) this.invocations.count(gate.project.id, 1)
    try {
      const spec = await this.specOf({ ref: gate.project.ref, projectId: gate.project.id, dbUrl: gate.project.db_location.url, settings: gate.settings, origin: ownOrigin(this.platform, call.req) }, fn, mode)
      const worker = this.pool.workerFor(spec)
      await worker.serve(call.req, call.res, `/${fn.slug}${match?.[2] ?? ''}${call.url.search}`)
    } catch (error) {
      if (error instanceof BootFailure) return publicAnswer(call.res, 503, { code: 'BOOT_ERROR', message: `The function could not start: ${error.output}` }, call.requestId)
      if (error instanceof WorkerFailure) return publicAnswer(call.res, error.status, { code: error.code, message: error.message }, call.requestId)
      if (isPlatformError(error)) return publicAnswer(call.res, error.status, { message: error.message }, call.requestId, error.headers)
      throw error
    }
  }

  private async signedByProject(authorization: string | undefined, gate: PassedGate): Promise<boolean> {
    const token = bearerOf(authorization)
    if (!token) return false
    // The key the gate has just verified with this project's secret (supabase-js sends the anon key as both).
    if (token === gate.key) return true
    return signedWithSecret(token, gate.settings.jwtSecret)
  }

  /** The worker a request goes to: this version's code, with the environment it has now. */
  async specOf(project: ProjectContext, fn: FunctionRow, mode: SandboxMode): Promise<WorkerRequest> {
    const { ref } = project
    const keys = await this.keysOf(ref, project.settings)
    const env: Record<string, string> = {
      ...fn.secrets,
      SUPABASE_URL: `${project.origin}/p/${ref}`,
      SUPABASE_ANON_KEY: keys.anon,
      SUPABASE_SERVICE_ROLE_KEY: keys.service,
      SUPABASE_DB_URL: project.dbUrl,
    }
    const envDigest = createHash('sha256').update(JSON.stringify(Object.entries(env).sort())).digest('hex').slice(0, 16)
    return {
      functionKey: `${ref}/${fn.slug}`,
      key: `${ref}/${fn.slug}/${fn.version}/${fn.digest.slice(0, 16)}/${envDigest}`,
      ref,
      slug: fn.slug,
      version: fn.version,
      projectId: project.projectId,
      codeDir: await codeDir(this.platform, ref, fn.id, fn.version, fn.digest),
      cacheDir: cacheDirOf(this.platform, ref),
      entrypoint: fn.entrypoint_path,
      importMap: fn.import_map_path,
      env,
      mode,
      denoBin: findDeno(this.platform.config.functions.denoBin),
      limits: this.platform.config.functions,
    }
  }

  private keysOf(ref: string, settings: ProjectApiSettings): Promise<{ anon: string; service: string }> {
    const { jwtSecret, jwtSecretCreatedAt } = settings
    const cacheKey = `${ref} ${jwtSecretCreatedAt.toISOString()} ${createHash('sha256').update(jwtSecret).digest('hex')}`
    let keys = this.keys.get(cacheKey)
    if (!keys) {
      keys = Promise.all([signApiKey(jwtSecret, 'anon', ref, jwtSecretCreatedAt), signApiKey(jwtSecret, 'service_role', ref, jwtSecretCreatedAt)]).then(([anon, service]) => ({ anon, service }))
      if (this.keys.size > 1000) this.keys.clear()
      this.keys.set(cacheKey, keys)
    }
    return keys
  }

  async recordUsage(): Promise<void> {
    await this.invocations.flush(this.platform.db)
  }

  async release(ref: string, reason: ReleaseReason): Promise<void> {
    if (reason === 'backup' || reason === 'read-only') return
    await this.pool.release(ref)
    if (reason === 'delete') {
      await this.platform.db.query('delete from edge_functions where project_ref = $1', [ref])
      await this.platform.db.query('delete from edge_function_secrets where project_ref = $1', [ref])
      removeProjectCode(this.platform, ref)
    }
  }

  async close(): Promise<void> {
    await this.pool.close()
  }
}

function safeDecode(segment: string): string | null {
  try {
    return decodeURIComponent(segment)
  } catch {
    return null
  }
}

export const functionsService = (platform: Platform) => serviceNamed(platform, 'functions') as FunctionsService
