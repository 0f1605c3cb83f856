/**
 * The one place errors are handed to the error-reporting service (SPEC §7–8: the global error
 * screen reports with tag `globalErrorBoundary`): logged to the console, and sent to the
 * platform's `POST /platform/error-reports`, which operators read.
 *
 * Reports are operational, not analytics: they are sent whatever the telemetry consent, without
 * the session, and carry only the tag, the error's message and stack, the page's path and a
 * failed call's request id (lib/telemetry/error-report-body.ts), never `extra`.
 */
import { sendErrorReport } from './error-report'
import { buildErrorReport } from '@/lib/telemetry/error-report-body'

export interface ErrorReportContext {
  /** Where the error was caught, e.g. 'globalErrorBoundary'. */
  tag: string
  /** Anything that helps reproduce it (component stack, route): logged, never sent. */
  extra?: Record<string, unknown>
}

/** A page caught in a loop of errors sends a few reports, not thousands. */
export const MAX_ERROR_REPORTS_PER_PAGE = 20
const sent = new Set<string>()

export function reportError(error: unknown, context: ErrorReportContext): void {
  console.error(`[${context.tag}]`, error, ...(context.extra ? [context.extra] : []))
  if (typeof window === 'undefined') return
  try {
    const body = buildErrorReport(error, context, window.location.pathname)
    // The same error on the same page is reported once per page load.
    const key = JSON.stringify([body.tag, body.message, body.pathname])
    if (sent.has(key) || sent.size >= MAX_ERROR_REPORTS_PER_PAGE) return
    sent.add(key)
    sendErrorReport(body).catch((failure: unknown) => console.warn('The error report could not be sent:', failure))
  } catch (failure) {
    // Reporting must never add an error of its own to the one being reported.
    console.warn('The error report could not be made:', failure)
  }
}

/** Forgets which errors were reported (tests). */
export function resetErrorReports() {
  sent.clear()
}
