// @vitest-environment happy-dom
/** The auth provider warns about a browser without navigator.locks once, when auth starts. */
import { vi } from 'vitest'

const client = vi.hoisted(() => ({ onAuthStateChange: vi.fn(() => ({ data: { subscription: { unsubscribe: vi.fn() } } })) }))
vi.mock('@/lib/auth/gotrue-client', () => ({ getGoTrueClient: () => client, startSessionSource: () => undefined }))

import { render } from '@testing-library/react'
import { QueryClientProvider } from '@tanstack/react-query'
import { createQueryClient } from '@/data/query-client'
import { AuthProvider } from './AuthProvider'
import { NAVIGATOR_LOCKS_WARNING, resetNavigatorLocksWarning } from './navigator-locks'

/** jsdom has no navigator.locks: each test says whether this browser has it. */
const browserLocks = (locks: LockManager | undefined) => Object.defineProperty(window.navigator, 'locks', { configurable: true, get: () => locks })

afterEach(() => {
  resetNavigatorLocksWarning()
  browserLocks(undefined)
  vi.restoreAllMocks()
})

const renderProvider = (enabled: boolean) =>
  render(
    <QueryClientProvider client={createQueryClient()}>
      <AuthProvider enabled={enabled}>page</AuthProvider>
    </QueryClientProvider>
  )

it('warns once when the browser lacks navigator.locks', () => {
  browserLocks(undefined)
  const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined)
  renderProvider(true).unmount()
  renderProvider(true)
  expect(warn.mock.calls.filter(([message]) => message === NAVIGATOR_LOCKS_WARNING)).toHaveLength(1)
})

it('says nothing in self-hosted mode (no auth client) or when the browser has the API', () => {
  const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined)
  browserLocks(undefined)
  renderProvider(false)
  browserLocks({} as LockManager)
  renderProvider(true)
  expect(warn).not.toHaveBeenCalledWith(NAVIGATOR_LOCKS_WARNING)
})
