/**
 * What a client error report carries: where it was caught (tag), the error's message and stack,
 * the page's path and the request id of a failed platform call. Nothing else of the page or the
 * person (no query string, no user, no `extra` context: it may hold anything).
 */
import { ERROR_REPORT_MESSAGE_MAX, ERROR_REPORT_REQUEST_ID_MAX, ERROR_REPORT_STACK_MAX, ERROR_REPORT_TAG_MAX, TELEMETRY_PATHNAME_MAX } from '@/lib/api-types/telemetry-limits'
import type { ErrorReportBody } from '@/lib/api-types'
import { clean } from './text'

const field = (value: unknown, key: string): unknown => (value && typeof value === 'object' ? (value as Record<string, unknown>)[key] : undefined)

function messageOf(error: unknown): string {
  if (error instanceof Error) return error.message || error.name || 'Unknown error'
  if (typeof error === 'string') return error || 'Unknown error'
  try {
    return JSON.stringify(error) ?? String(error)
  } catch {
    return String(error)
  }
}

/** The platform request id the error names (a ResponseError's), or one handed in the context. */
function requestIdOf(error: unknown, extra: Record<string, unknown> | undefined): string | undefined {
  const candidate = field(error, 'requestId') ?? extra?.requestId
  return typeof candidate === 'string' && candidate.length <= ERROR_REPORT_REQUEST_ID_MAX && /^[\w-]+$/.test(candidate) ? candidate : undefined
}

export function buildErrorReport(error: unknown, context: { tag: string; extra?: Record<string, unknown> }, pathname: string): ErrorReportBody {
  const stack = field(error, 'stack')
  const requestId = requestIdOf(error, context.extra)
  return {
    tag: clean(context.tag.replace(/[^A-Za-z0-9_.:-]/g, '_'), ERROR_REPORT_TAG_MAX) || 'unknown',
    message: clean(messageOf(error), ERROR_REPORT_MESSAGE_MAX) || 'Unknown error',
    stack: typeof stack === 'string' && stack ? clean(stack, ERROR_REPORT_STACK_MAX) : null,
    pathname: pathname.startsWith('/') ? clean(pathname, TELEMETRY_PATHNAME_MAX) : '/',
    ...(requestId && { request_id: requestId }),
  }
}
