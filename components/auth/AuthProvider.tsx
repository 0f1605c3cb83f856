import { resetTelemetry } from '@/data/telemetry/reset'
import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react'
import type { Session } from '@supabase/auth-js'
import { useQueryClient } from '@tanstack/react-query'
import { getGoTrueClient, startSessionSource } from '@/lib/auth/gotrue-client'
import { clearLocalStorageExceptKeepList } from '@/lib/local-storage'
import { resetClientStores } from '@/state/reset'
import { needsSecondFactor } from '@/lib/auth/assurance'
import { settlePendingSqlSaves } from '@/components/interfaces/SQLEditor/settle-pending-saves'
import { warnIfNavigatorLocksMissing } from './navigator-locks'

export type AuthState = {
  session: Session | null
  /** Signed in with a password, the second factor still owed: not signed in for the dashboard yet. */
  mfaRequired: boolean
  /** True until the first auth state change (SPEC §4). */
  isLoading: boolean
  signOut(): Promise<void>
}

/** What AuthProvider gives the tree; a test gives its own state through it (tests/helpers/auth.tsx). */
export const AuthContext = createContext<AuthState>({ session: null, mfaRequired: false, isLoading: true, signOut: async () => undefined })

export function AuthProvider({ enabled, children }: { enabled: boolean; children: ReactNode }) {
  const queryClient = useQueryClient()
  const [session, setSession] = useState<Session | null>(null)
  const [firstEventSeen, setFirstEventSeen] = useState(false)
  const isLoading = enabled && !firstEventSeen
  // While rendering, not in an effect: the pages below mount first and run their effects before
  // this component's, and their first platform calls must wait for the session, not leave without it.
  if (typeof window !== 'undefined') startSessionSource(enabled)

  useEffect(() => {
    if (!enabled) return
    warnIfNavigatorLocksMissing()
    const { data } = getGoTrueClient().onAuthStateChange((_event, next) => {
      setSession(next)
      setFirstEventSeen(true)
    })
    return () => data.subscription.unsubscribe()
  }, [enabled])

  const signOut = useCallback(async () => {
    // Unsaved SQL is sent while the session still works, or dropped only if the user agrees.
    if (!(await settlePendingSqlSaves())) return
    // While the session still works: the platform ends the browser's telemetry link to the user.
    if (enabled) await resetTelemetry()
    if (enabled) await getGoTrueClient().signOut()
    clearLocalStorageExceptKeepList()
    resetClientStores()
    queryClient.clear()
    setSession(null)
  }, [enabled, queryClient])

  const mfaRequired = needsSecondFactor(session)
  const value = useMemo(() => ({ session, mfaRequired, isLoading, signOut }), [session, mfaRequired, isLoading, signOut])
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>
}

export const useAuth = () => useContext(AuthContext)
