// @vitest-environment happy-dom
/**
 * A full page load while signed in: the page below the auth provider mounts, and runs its effects,
 * before the provider's own effects start the auth client. Its first platform calls must still
 * carry the stored session (SPEC §4), with the real auth client reading it from localStorage.
 */
import { vi } from 'vitest'

const router = vi.hoisted(() => ({ isReady: true, query: { ref: 'abc' }, replace: vi.fn(async () => true) }))
vi.mock('next/router', () => ({ useRouter: () => router }))
vi.mock('@/components/layouts/RuntimeConfigGate', () => ({ FullPageLoader: () => null }))

import { render, waitFor } from '@testing-library/react'
import { QueryClientProvider } from '@tanstack/react-query'
import { http, HttpResponse } from 'msw'
import { setupServer } from 'msw/node'
import { createQueryClient } from '@/data/query-client'
import { forgetAccessTokenProvider } from '@/lib/auth/session-token'
import { LOCAL_STORAGE_KEYS } from '@/lib/local-storage'
import { AuthProvider } from './AuthProvider'

const { default: SqlIndexPage } = await import('@/pages/project/[ref]/sql/index')

const LAST = '5f0c0000-0000-4000-8000-000000000001'
const TOKEN = 'stored-access-token'
const server = setupServer()
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }))
afterAll(() => server.close())

/** What the auth client left in localStorage at sign-in: a session valid for another hour. */
function storeSession() {
  const now = Math.floor(Date.now() / 1000)
  const user = { id: '6f1c1e0e-2f5b-4a51-9d7a-0c8a1c2b3d4e', aud: 'authenticated', role: 'authenticated', email: 'a@example.com', app_metadata: {}, user_metadata: {}, created_at: new Date().toISOString() }
  const session = { access_token: TOKEN, refresh_token: 'refresh', token_type: 'bearer', expires_in: 3600, expires_at: now + 3600, user }
  window.localStorage.setItem(LOCAL_STORAGE_KEYS.AUTH_SESSION, JSON.stringify(session))
}

it('sends the first platform call of a full page load with the stored session, and opens the last snippet', async () => {
  vi.spyOn(console, 'warn').mockImplementation(() => undefined) // jsdom has no navigator.locks
  forgetAccessTokenProvider() // as in a fresh page: nothing has said where the session comes from
  storeSession()
  const authorizations: Array<string | null> = []
  server.use(
    http.get('*/api/platform/projects/abc/content', ({ request }) => {
      const authorization = request.headers.get('Authorization')
      authorizations.push(authorization)
      if (authorization !== `Bearer ${TOKEN}`) return HttpResponse.json({ message: 'Unauthorized' }, { status: 401 })
      return HttpResponse.json({ data: [], cursor: null, last_visited_id: LAST })
    })
  )
  render(
    <QueryClientProvider client={createQueryClient()}>
      <AuthProvider enabled>
        <SqlIndexPage />
      </AuthProvider>
    </QueryClientProvider>
  )
  await waitFor(() => expect(router.replace).toHaveBeenCalled())
  expect(authorizations).toEqual([`Bearer ${TOKEN}`])
  expect(router.replace).toHaveBeenCalledWith(`/project/abc/sql/${LAST}`)
})
