import { z } from 'zod'

const PLATFORM_ERROR = Symbol.for('supaboard.PlatformError')

/**
 * An error the platform answers with on purpose: an HTTP status and a message a person
 * understands. Recognise it with `isPlatformError` (see isSqlError for why not instanceof).
 */
export class PlatformError extends Error {
  readonly [PLATFORM_ERROR] = true
  constructor(
    public readonly status: number,
    message: string,
    /** Extra fields of the error body (GoTrue's `error_code` and `msg`, Postgres details …). */
    public readonly extra: Record<string, unknown> = {},
    public readonly headers: Record<string, string> = {}
  ) {
    super(message)
    this.name = 'PlatformError'
  }
}

export const isPlatformError = (error: unknown): error is PlatformError => !!error && typeof error === 'object' && PLATFORM_ERROR in error

export const badRequest = (message: string, extra?: Record<string, unknown>) => new PlatformError(400, message, extra)
export const conflict = (message: string) => new PlatformError(409, message)

/** One readable sentence naming the fields of a zod failure. */
export function zodMessage(error: z.ZodError): string {
  const messages = error.issues.map((issue) => {
    const field = issue.path.join('.')
    // zod's own wording ("Invalid input: …") names no field: say which one, plainly.
    if (!issue.message.startsWith('Invalid input')) return issue.message
    if (issue.code === 'invalid_type' && issue.input === undefined && field) return `${field} is required`
    return field ? `${field}: ${issue.message}` : issue.message
  })
  return [...new Set(messages)].join('; ')
}
