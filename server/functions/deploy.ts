/**
 * A deploy (`POST /v1/projects/{ref}/functions/deploy?slug=`): a multipart body with a `metadata`
 * part (JSON: entrypoint_path, import_map_path, verify_jwt, name) and one part per file, named by
 * its path. Paths are made relative: Supabase's CLI sends absolute `file://` paths, Studio
 * relative ones. The plan's limits are checked (its number of functions, the largest script),
 * then the code is started in a worker: a deploy whose code does not load or never calls
 * `Deno.serve` is refused with Deno's own words. Only then is the version stored, and the
 * checked worker becomes the one that serves it, so the first request after a deploy is warm.
 */
import type { IncomingMessage } from 'node:http'
import path from 'node:path'
import busboy from 'busboy'
import { deployMetadata, type DeployMetadata } from '@/lib/api-types'
import { planNumbers, PLAN_TABLE } from '@/lib/billing/plan-table'
import { formatBytes } from '@/lib/format-bytes'
import type { PlanId, ProjectStatus } from '@/lib/api-types'
import { PlatformError, zodMessage } from '../kernel/errors'
import { assertMultipartBody } from '../http/guards'
import { notServingMessage } from '../sql/not-serving'
import type { Platform } from '../kernel/platform'
import type { ProjectApiSettings } from '../data-api/settings-type'
import { digestOf, removeCode, writeCode, type FunctionFile } from './code-store'
import { BootFailure, WorkerFailure, type FunctionWorker } from './worker'
import { functionsService, SANDBOX_MISSING, type FunctionRow } from './service'

const MAX_FILES = 1000

export type ParsedDeploy = { metadata: DeployMetadata; files: FunctionFile[] }

/** A deploy's body arrives whole within this, however steadily it trickles in. */
export const DEPLOY_BODY_TOTAL_MS = 5 * 60_000

/**
 * Reads the multipart body within `maxBytes` (413 past it). A body that stops arriving for
 * `idleMs` (REQUEST_BODY_TIMEOUT_MS), or is not whole after `totalMs`, answers 408: a slow upload
 * holds a connection and its parts for a bounded time only.
 */
export function readDeploy(req: IncomingMessage, maxBytes: number, { idleMs, totalMs = DEPLOY_BODY_TOTAL_MS }: { idleMs: number; totalMs?: number }): Promise<ParsedDeploy> {
  assertMultipartBody(req)
  return new Promise((resolve, reject) => {
    let parser: busboy.Busboy
    try {
      parser = busboy({ headers: req.headers, preservePath: true, limits: { files: MAX_FILES, fields: 20, fieldSize: 256 * 1024, fileSize: maxBytes } })
    } catch {
      return reject(new PlatformError(400, 'The body is not valid multipart/form-data (its boundary is missing).'))
    }
    let metadataText: string | null = null
    const files: FunctionFile[] = []
    let total = 0
    let failed = false
    const late = () => new PlatformError(408, `The deploy's body did not arrive in time (nothing for ${Math.round(idleMs / 1000)} s, or not whole after ${Math.round(totalMs / 1000)} s): send it again.`)
    let idle = setTimeout(() => fail(late()), idleMs)
    const whole = setTimeout(() => fail(late()), totalMs)
    const onData = () => {
      clearTimeout(idle)
      idle = setTimeout(() => fail(late()), idleMs)
    }
    req.on('data', onData)
    const settle = () => {
      clearTimeout(idle)
      clearTimeout(whole)
      req.off('data', onData)
    }
    const fail = (error: PlatformError) => {
      if (failed) return
      failed = true
      settle()
      req.unpipe(parser)
      req.resume()
      reject(error)
    }
    const tooLarge = () => new PlatformError(413, `The function's files are larger than ${formatBytes(maxBytes)}, the most a deploy takes.`)
    parser.on('field', (name, value) => {
      if (name === 'metadata') metadataText = value
    })
    parser.on('file', (name, stream, info) => {
      const chunks: Buffer[] = []
      stream.on('data', (chunk: Buffer) => {
        total += chunk.length
        if (total > maxBytes) return fail(tooLarge())
        chunks.push(chunk)
      })
      stream.on('limit', () => fail(tooLarge()))
      stream.on('end', () => {
        const content = Buffer.concat(chunks)
        if (name === 'metadata' && !info.filename?.match(/\.(ts|js|mjs|tsx|jsx|json)$/)) metadataText = content.toString('utf8')
        else files.push({ path: info.filename || name, content })
      })
    })
    parser.on('filesLimit', () => fail(new PlatformError(413, `A deploy takes at most ${MAX_FILES} files.`)))
    parser.on('error', () => fail(new PlatformError(400, 'The body is not valid multipart/form-data.')))
    parser.on('close', () => {
      if (failed) return
      if (metadataText === null) return fail(new PlatformError(400, 'The deploy needs a metadata part: JSON with entrypoint_path (and verify_jwt, import_map_path, name).'))
      let json: unknown
      try {
        json = JSON.parse(metadataText)
      } catch {
        return fail(new PlatformError(400, 'The metadata part is not valid JSON.'))
      }
      const checked = deployMetadata.safeParse(json)
      if (!checked.success) return fail(new PlatformError(400, zodMessage(checked.error)))
      settle()
      resolve({ metadata: checked.data, files })
    })
    req.pipe(parser)
  })
}

const stripScheme = (p: string) => p.replace(/^file:\/\//, '')

/**
 * The files and entrypoint with relative paths: all absolute ones are taken from the folder they
 * share. A path that climbs out (`..`), names nothing, or holds a NUL is refused.
 */
export function relativeDeploy({ metadata, files }: ParsedDeploy): { entrypoint: string; importMap: string | null; files: FunctionFile[] } {
  if (files.length === 0) throw new PlatformError(400, 'The deploy has no files: send the entrypoint as one part at least.')
  const given = files.map((file) => stripScheme(file.path))
  const entry = stripScheme(metadata.entrypoint_path)
  const importMap = metadata.import_map_path ? stripScheme(metadata.import_map_path) : null
  const allAbsolute = [...given, entry].every((p) => p.startsWith('/'))
  const base = allAbsolute ? commonFolder(given.map((p) => path.posix.dirname(p))) : '/'
  const relative = (p: string) => {
    if (p.includes('\u0000')) throw new PlatformError(400, 'A file path must not hold a NUL character.')
    const within = path.posix.normalize(allAbsolute ? path.posix.relative(base, p) : p.replace(/^\/+/, ''))
    if (!within || within === '.' || within.startsWith('../') || within === '..' || path.posix.isAbsolute(within)) throw new PlatformError(400, `The path ${p} is outside the function's folder.`)
    return within
  }
  const byPath = new Map<string, FunctionFile>()
  for (const [i, file] of files.entries()) byPath.set(relative(given[i]), { path: relative(given[i]), content: file.content })
  for (const name of byPath.keys())
    for (let dir = path.posix.dirname(name); dir !== '.'; dir = path.posix.dirname(dir))
      if (byPath.has(dir)) throw new PlatformError(400, `${dir} is sent both as a file and as the folder of ${name}.`)
  const entrypoint = relative(entry)
  if (!byPath.has(entrypoint)) throw new PlatformError(400, `The entrypoint ${metadata.entrypoint_path} is not one of the files sent.`)
  const map = importMap ? relative(importMap) : null
  if (map && !byPath.has(map)) throw new PlatformError(400, `The import map ${metadata.import_map_path} is not one of the files sent.`)
  return { entrypoint, importMap: map, files: [...byPath.values()] }
}

function commonFolder(dirs: string[]): string {
  const split = dirs.map((d) => d.split('/').filter(Boolean))
  const common: string[] = []
  for (let i = 0; split.every((parts) => i < parts.length && parts[i] === split[0][i]); i++) common.push(split[0][i])
  return `/${common.join('/')}`
}

export type DeployTarget = { ref: string; projectId: number; plan: PlanId | undefined; dbUrl: string; settings: ProjectApiSettings; origin: string }

/** Checks, starts and stores a deploy; answers the stored row. */
export async function deployFunction(platform: Platform, target: DeployTarget, slug: string, parsed: ParsedDeploy): Promise<DeployedRow> {
  const { entrypoint, importMap, files } = relativeDeploy(parsed)
  const size = files.reduce((sum, file) => sum + file.content.length, 0)
  const maxScript = PLAN_TABLE.other.functionScriptMaxBytes
  if (size > maxScript) throw new PlatformError(413, `The function's files come to ${formatBytes(size)}; a function's script is at most ${formatBytes(maxScript)}.`)
  const allowed = planNumbers(target.plan ?? 'free').limits.functions
  const [existing] = await platform.db.query<{ version: number | null; count: number }>(
    `select (select version from edge_functions where project_ref = $1 and slug = $2) as version, (select count(*)::int from edge_functions where project_ref = $1 and slug <> $2) as count`,
    [target.ref, slug]
  )
  if (allowed !== null && existing.version === null && existing.count >= allowed)
    throw new PlatformError(400, `The project has ${existing.count} functions, its plan's most (${allowed}): delete one, or upgrade the plan.`)

  const service = functionsService(platform)
  const mode = service.sandboxMode()
  if (!mode) throw new PlatformError(503, SANDBOX_MISSING)
  const digest = digestOf(files)
  writeCode(platform, target.ref, digest, files)
  const version = (existing.version ?? 0) + 1
  const secrets = await secretsOf(platform, target.ref)
  const row: FunctionRow = { id: 0, slug, version, verify_jwt: parsed.metadata.verify_jwt ?? true, entrypoint_path: entrypoint, import_map_path: importMap, digest, secrets }
  const spec = await service.specOf(target, row, mode)
  const worker = service.pool.candidate(spec)
  try {
    await worker.ready
  } catch (error) {
    await removeUnstoredCode(platform, target.ref, digest, worker)
    if (error instanceof BootFailure) throw new PlatformError(400, `The function did not start: ${error.output || 'it stopped before it listened.'}`)
    // Its start took too long or too much: the code's doing, so the deploy is refused.
    if (error instanceof WorkerFailure) throw new PlatformError(error.code === 'BOOT_TIMEOUT' || error.code === 'WORKER_LIMIT' ? 400 : 503, error.message)
    throw error
  }

  let stored: DeployedRow
  try {
    stored = await platform.db.transaction(async (tx) => {
      // The project may have been paused or deleted while the code started: checked under its lock.
      const [project] = await tx.query<{ status: ProjectStatus }>('select status from projects where ref = $1 for update', [target.ref])
      if (!project || (project.status !== 'ACTIVE_HEALTHY' && project.status !== 'ACTIVE_UNHEALTHY')) throw new PlatformError(409, notServingMessage(project?.status ?? 'REMOVED'))
      if (!worker.alive) throw afterStart(worker)
      const [fn] = await tx.query<DeployedRow>(
        `insert into edge_functions (project_ref, slug, name, version, verify_jwt, entrypoint_path, import_map_path, digest, size_bytes)
         values ($1, $2, $3, 1, $4, $5, $6, $7, $8)
         on conflict (project_ref, slug) do update set version = edge_functions.version + 1, name = coalesce($9, edge_functions.name),
           verify_jwt = coalesce($10, edge_functions.verify_jwt), entrypoint_path = excluded.entrypoint_path, import_map_path = excluded.import_map_path,
           digest = excluded.digest, size_bytes = excluded.size_bytes, updated_at = now()
         returning ${DEPLOYED_COLUMNS}`,
        [target.ref, slug, parsed.metadata.name ?? slug, row.verify_jwt, entrypoint, importMap, digest, size, parsed.metadata.name ?? null, parsed.metadata.verify_jwt ?? null]
      )
      await tx.query('insert into edge_function_files (function_id, version, path, content) select $1, $2, f.path, f.content from unnest($3::text[], $4::bytea[]) as f (path, content)', [
        fn.id,
        fn.version,
        files.map((file) => file.path),
        files.map((file) => file.content),
      ])
      // The version before stays while its workers (in every app copy) finish what they have.
      await tx.query('delete from edge_function_files where function_id = $1 and version < $2', [fn.id, fn.version - 1])
      return fn
    })
  } catch (error) {
    void worker.stop()
    await removeUnstoredCode(platform, target.ref, digest, worker)
    throw error
  }
  // Another deploy of the same function took this version number first: its worker serves.
  if (stored.version === version) service.pool.adopt(`${target.ref}/${slug}`, worker)
  else void worker.stop()
  return stored
}

export const DEPLOYED_COLUMNS = `id::int as id, slug, name, version, verify_jwt, entrypoint_path, import_map_path, digest, size_bytes::float8 as size_bytes, created_at, updated_at`
export type DeployedRow = {
  id: number
  slug: string
  name: string
  version: number
  verify_jwt: boolean
  entrypoint_path: string
  import_map_path: string | null
  digest: string
  size_bytes: number
  created_at: Date
  updated_at: Date
}

async function secretsOf(platform: Platform, ref: string): Promise<Record<string, string>> {
  const rows = await platform.db.query<{ name: string; value: string }>('select name, value from edge_function_secrets where project_ref = $1', [ref])
  return Object.fromEntries(rows.map((r) => [r.name, r.value]))
}

/**
 * A refused deploy's files leave this copy's disk, unless a stored function of the project has the
 * same ones or another worker runs from them (a deploy of the same files under way).
 */
async function removeUnstoredCode(platform: Platform, ref: string, digest: string, worker: FunctionWorker): Promise<void> {
  const [stored] = await platform.db.query('select 1 from edge_functions where project_ref = $1 and digest = $2 limit 1', [ref, digest])
  if (!stored && !functionsService(platform).pool.runsFrom(worker.spec.codeDir, worker)) removeCode(platform, ref, digest)
}

/** Why a deploy whose worker started is refused all the same: it stopped before it was stored. */
function afterStart(worker: FunctionWorker): PlatformError {
  const why = worker.stoppedFor
  // Its own doing (a limit) or its own end (an uncaught error after it listened): the code's.
  if (!why || why.code === 'WORKER_LIMIT') return new PlatformError(400, `The function stopped right after it started: ${why?.message ?? 'its logs say why.'}`)
  return new PlatformError(409, 'The project stopped serving while the function started: deploy it again once it is active.')
}
