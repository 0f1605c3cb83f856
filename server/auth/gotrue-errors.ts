import { PlatformError } from '../kernel/errors'

/** GoTrue-style error: @supabase/auth-js reads `error_code` and `msg`. */
export function authError(status: number, errorCode: string, msg: string, extra: Record<string, unknown> = {}) {
  return new PlatformError(status, msg, { error_code: errorCode, msg, ...extra })
}
