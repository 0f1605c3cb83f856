/**
 * The answer for anything thrown while handling a request: its status, body and headers. A
 * platform error says its own sentence; a full disk, an unavailable database, a race, a SQL error
 * each get theirs; anything else is the platform's failure (500), logged with the request id.
 */
import type { RouteFlavour } from '@/lib/api-types'
import { isPlatformError } from '../kernel/errors'
import { isDatabaseUnavailable, isSqlError } from '../databases'
import { isUnavailable } from '../db/unavailable'

/** PostgreSQL's code for a write that found no room on the disk ("could not extend file … No space left on device"). */
const DISK_FULL = '53100'
const DISK_FULL_MESSAGE =
  'The disk the platform keeps its databases on is full, so nothing can be saved right now. It works again by itself once space is freed; the server log says which files grew.'

/** The error answer for anything thrown while handling a request. */
export function errorAnswer(error: unknown, flavour: RouteFlavour, requestId: string): { status: number; body: Record<string, unknown>; headers?: Record<string, string> } {
  const body = (status: number, message: string, extra: Record<string, unknown> = {}) => ({ code: status, message, requestId, ...extra })
  if (isPlatformError(error)) {
    const extra = flavour === 'auth' ? { error_code: errorCodeFor(error.status), msg: error.message } : {}
    return { status: error.status, body: body(error.status, error.message, { ...extra, ...error.extra }), headers: error.headers }
  }
  if (flavour === 'auth') {
    // The auth service's own failures still carry GoTrue's fields.
    const answer = errorAnswer(error, 'platform', requestId)
    return { ...answer, body: { ...answer.body, error_code: errorCodeFor(answer.status), msg: answer.body.message } }
  }
  // A full disk is the platform's, not the SQL's: the same sentence for the control plane and a project.
  if (isSqlError(error) && error.pg.code === DISK_FULL) return { status: 503, body: body(503, DISK_FULL_MESSAGE, { pg: error.pg }), headers: { 'Retry-After': '30' } }
  if ((error as { code?: unknown })?.code === DISK_FULL) {
    console.error(`[${requestId}] the disk is full:`, error)
    return { status: 503, body: body(503, DISK_FULL_MESSAGE), headers: { 'Retry-After': '30' } }
  }
  if (isSqlError(error)) return { status: 400, body: body(400, error.message, { pg: error.pg }) }
  if (isDatabaseUnavailable(error)) {
    console.warn(`[${requestId}] project database unavailable: ${error.detail ?? error.message}`)
    return { status: 503, body: body(503, `${error.message} The project is marked unhealthy and checked again regularly; try again in a moment.`) }
  }
  if ((error as { code?: unknown })?.code === '23505')
    // Two requests raced to create the same thing; the loser may simply try again.
    return { status: 409, body: body(409, 'That was just created by another request. Please try again.') }
  if (isUnavailable(error)) {
    console.error(`[${requestId}] control plane unavailable:`, error)
    return { status: 503, body: body(503, "The platform's database is not reachable right now. Please try again in a moment."), headers: { 'Retry-After': '5' } }
  }
  console.error(`[${requestId}] failed:`, error)
  return { status: 500, body: body(500, 'Something went wrong on our side. Please try again.') }
}

const errorCodeFor = (status: number) =>
  ({ 400: 'validation_failed', 401: 'no_authorization', 403: 'not_admin', 404: 'not_found', 405: 'method_not_allowed', 413: 'request_too_large', 415: 'validation_failed', 429: 'over_request_rate_limit' })[status] ??
  'unexpected_failure'
