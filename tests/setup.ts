import '@testing-library/jest-dom/vitest'
import { setAccessTokenProvider } from '@/lib/auth/session-token'

// The dashboard's fetch stack waits until it is told where the session comes from (the auth
// provider says so in the app); tests run without a session unless they set one.
setAccessTokenProvider(undefined)
