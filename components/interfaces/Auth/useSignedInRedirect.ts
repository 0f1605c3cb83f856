import { useEffect } from 'react'
import { useRouter } from 'next/router'
import { useAuth } from '@/components/auth/AuthProvider'
import { useIsPlatform } from '@/components/layouts/RuntimeConfigGate'
import { safeReturnTo } from '@/lib/return-to'
import { landingPath } from '@/lib/landing'

/** Sign-in pages: a signed-in visitor (or any visitor when self-hosted) moves on at once. */
export function useSignedInRedirect() {
  const router = useRouter()
  const isPlatform = useIsPlatform()
  const { session, mfaRequired, isLoading } = useAuth()
  const returnTo = safeReturnTo(router.query.returnTo, landingPath(isPlatform))
  useEffect(() => {
    if (!router.isReady || isLoading) return
    if (!isPlatform) void router.replace(landingPath(false))
    else if (session && !mfaRequired) void router.replace(returnTo)
  }, [router, isPlatform, session, mfaRequired, isLoading, returnTo])
  return {
    /** Signed in with a password; the code of an authenticator app is still to be entered. */
    mfaRequired: !!session && mfaRequired, returnTo, switchQuery: router.query.returnTo ? `?returnTo=${encodeURIComponent(String(router.query.returnTo))}` : '' }
}
