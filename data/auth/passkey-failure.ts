import { passkeyErrorMessage } from '@/lib/auth/passkeys'
import { ResponseError } from '../fetchers'

/**
 * A failed passkey call as the dashboard's one error type, worded for people. Failures of the
 * browser's ceremony have no HTTP status: they count as the caller's (400), never retried.
 */
export function passkeyFailure(error: { message?: string; code?: unknown; name?: string; cause?: unknown; status?: number }): ResponseError {
  return new ResponseError(passkeyErrorMessage(error), typeof error.status === 'number' ? error.status : 400)
}
