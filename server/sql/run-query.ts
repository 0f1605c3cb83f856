/**
 * POST /platform/pg-meta/{ref}/query: runs SQL in the project's own database as the project's
 * own role. `?results=all` answers every statement's result set; otherwise the rows of the last
 * statement (pg-meta compatible).
 */
import { runQueryBody } from '@/lib/api-types'
import { parseBody, PlatformError } from '../http/errors'
import { rawJson, type RouteContext } from '../http/types'
import { requireProject } from '../projects/projects'
import { isSqlError } from '../databases/types'

const encoder = new TextEncoder()

export async function runQuery(ctx: RouteContext) {
  const user = await ctx.requireUser()
  const { query } = parseBody(runQueryBody, ctx.body)
  const project = await requireProject(ctx.platform.db, user, ctx.params.ref)
  if (project.status !== 'ACTIVE_HEALTHY' || !project.db_location)
    throw new PlatformError(409, `The project's database is not ready (status ${project.status}). Try again when it is ACTIVE_HEALTHY.`)
  const location = project.db_location
  const all = ctx.url.searchParams.get('results') === 'all'
  try {
    const outcome = await ctx.platform.databases.run(location, query, {
      timeoutMs: ctx.platform.config.sqlTimeoutMs,
      shape: all ? 'all' : 'last',
    })
    if (!all) return rawJson(outcome.json)
    // Wrap the worker's ready-made JSON without parsing it again.
    const head = encoder.encode('{"results":')
    const tail = encoder.encode(`,"durationMs":${Math.round(outcome.durationMs)}}`)
    const body = new Uint8Array(head.length + outcome.json.length + tail.length)
    body.set(head, 0)
    body.set(outcome.json, head.length)
    body.set(tail, head.length + outcome.json.length)
    return rawJson(body)
  } catch (error) {
    if (isSqlError(error)) throw new PlatformError(400, error.message, { pg: error.pg })
    throw error
  }
}
