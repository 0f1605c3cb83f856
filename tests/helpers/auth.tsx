import type { ReactElement } from 'react'
import type { Session } from '@supabase/auth-js'
import { AuthContext, type AuthState } from '@/components/auth/AuthProvider'

/**
 * The tree under test with the sign-in state the test describes, given through the context
 * AuthProvider fills (`useAuth()` reads it): signed out and loaded unless the test says. No module
 * mock, so the file shares the loaded modules with the next one (tests/shared-module-files.mjs).
 */
export function withAuth(state: Partial<AuthState>, ui: ReactElement): ReactElement {
  const value: AuthState = { session: null, mfaRequired: false, isLoading: false, signOut: async () => undefined, ...state }
  return <AuthContext.Provider value={value}>{ui}</AuthContext.Provider>
}

/** A session with the access token the test names: enough for the fetch stack's Authorization header. */
export const sessionWithToken = (accessToken: string) => ({ access_token: accessToken }) as Session
