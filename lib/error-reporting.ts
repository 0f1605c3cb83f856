/**
 * The one place errors are handed to an error-reporting service (SPEC §8: the global error screen
 * reports with tag `globalErrorBoundary`). No service is wired up yet, so this only logs.
 */
export interface ErrorReportContext {
  /** Where the error was caught, e.g. 'globalErrorBoundary'. */
  tag: string
  /** Anything that helps reproduce it (component stack, route). */
  extra?: Record<string, unknown>
}

export function reportError(error: unknown, context: ErrorReportContext): void {
  console.error(`[${context.tag}]`, error, ...(context.extra ? [context.extra] : []))
}
