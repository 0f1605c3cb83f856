/**
 * Whether a session still owes its second factor: the user has a verified factor and the access
 * token says aal1. The dashboard then asks for the code before anything else (and the platform
 * refuses such a session too).
 */
type SessionLike = { access_token: string; user: { factors?: { status: string }[] | null } }

export function tokenAal(accessToken: string): string | null {
  try {
    const payload = accessToken.split('.')[1]
    const json = JSON.parse(atob(payload.replace(/-/g, '+').replace(/_/g, '/')))
    return typeof json.aal === 'string' ? json.aal : null
  } catch {
    return null
  }
}

export function needsSecondFactor(session: SessionLike | null): boolean {
  if (!session) return false
  const hasVerified = (session.user.factors ?? []).some((f) => f.status === 'verified')
  return hasVerified && tokenAal(session.access_token) !== 'aal2'
}
