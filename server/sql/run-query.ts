/**
 * POST /platform/pg-meta/{ref}/query: runs SQL in the project's own database as the project's
 * own role. `?results=all` answers every statement's result set; otherwise the rows of the last
 * statement (pg-meta compatible). A database that does not answer makes the project unhealthy and
 * the caller gets a 503; an unhealthy one is probed first, so a recovered database is used at once.
 */
import type { Routes } from '@/lib/api-types'
import { PlatformError } from '../http/errors'
import { rawJson, type Handler } from '../http/types'
import { isDatabaseUnavailable } from '../databases'
import { markUnhealthy, recheckNow } from '../projects/health'

const encoder = new TextEncoder()

export const runQuery: Handler<Routes['runQuery']> = async ({ platform, access: project, body, query }) => {
  const location = project.db_location
  if (project.status === 'ACTIVE_UNHEALTHY' && location && !(await recheckNow(platform, project.ref, location)))
    throw new PlatformError(503, `The project's database does not answer. ${project.status_message ?? ''}`.trim())
  if ((project.status !== 'ACTIVE_HEALTHY' && project.status !== 'ACTIVE_UNHEALTHY') || !location)
    throw new PlatformError(409, `The project's database is not ready (status ${project.status}). Try again when it is ACTIVE_HEALTHY.`)
  const all = query.results === 'all'
  try {
    const outcome = await platform.databases.run(location, body.query, { timeoutMs: platform.config.sqlTimeoutMs, shape: all ? 'all' : 'last' })
    if (!all) return rawJson(outcome.json)
    // Wrap the worker's ready-made JSON without parsing it again.
    const head = encoder.encode('{"results":')
    const tail = encoder.encode(`,"durationMs":${Math.round(outcome.durationMs)}}`)
    const answer = new Uint8Array(head.length + outcome.json.length + tail.length)
    answer.set(head, 0)
    answer.set(outcome.json, head.length)
    answer.set(tail, head.length + outcome.json.length)
    return rawJson(answer)
  } catch (error) {
    if (isDatabaseUnavailable(error)) await markUnhealthy(platform, project.ref)
    throw error
  }
}
