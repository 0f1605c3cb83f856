/** Body of every error answer of the platform (SPEC §8): code is the HTTP status. */
export type ApiErrorBody = {
  code: number
  message: string
  description?: string
  requestId?: string
  /** Present when the error came from Postgres (SQL endpoint). */
  pg?: PgErrorDetail
}

export type PgErrorDetail = {
  code?: string
  /** 1-based character position in the submitted SQL, as Postgres reports it. */
  position?: number
  detail?: string
  hint?: string
}

export const DEFAULT_API_ERROR_MESSAGE = 'API error happened while trying to communicate with the server.'
export const PROFILE_NOT_FOUND_MESSAGE = "User's profile not found"
