// @vitest-environment happy-dom
/** Telemetry reset on sign-out: ends the link on the platform while the session works, and forgets the anonymous id. */
import { vi } from 'vitest'
import { http, HttpResponse } from 'msw'
import { setupServer } from 'msw/node'
import { setAccessTokenProvider } from '@/lib/auth/session-token'
import { LOCAL_STORAGE_KEYS } from '@/lib/local-storage'
import { getEvaluatedFeatureFlags, setEvaluatedFeatureFlag } from './context'
import { resetTelemetry } from './reset'

const server = setupServer()
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }))
afterAll(() => server.close())

let resets: (string | null)[]
beforeEach(() => {
  resets = []
  window.localStorage.clear()
  server.use(
    http.post('*/api/platform/telemetry/reset', ({ request }) => {
      resets.push(request.headers.get('Authorization'))
      return new HttpResponse(null, { status: 204 })
    })
  )
})
afterEach(() => {
  server.resetHandlers()
  setAccessTokenProvider(undefined)
})

it('asks the platform to end the link, with the session, and forgets the id and the flags', async () => {
  window.localStorage.setItem(LOCAL_STORAGE_KEYS.TELEMETRY_ANONYMOUS_ID, '0b0f4a52-8a5e-4c55-9d84-1a2b3c4d5e6f')
  setEvaluatedFeatureFlag('newNav', true)
  setAccessTokenProvider(async () => 'session-token')
  await resetTelemetry()
  expect(resets).toEqual(['Bearer session-token'])
  expect(window.localStorage.getItem(LOCAL_STORAGE_KEYS.TELEMETRY_ANONYMOUS_ID)).toBeNull()
  expect(getEvaluatedFeatureFlags()).toEqual({})
})

it('sends nothing when this browser never sent telemetry, or has no session', async () => {
  setAccessTokenProvider(async () => 'session-token')
  await resetTelemetry()
  window.localStorage.setItem(LOCAL_STORAGE_KEYS.TELEMETRY_ANONYMOUS_ID, '0b0f4a52-8a5e-4c55-9d84-1a2b3c4d5e6f')
  setAccessTokenProvider(undefined)
  await resetTelemetry()
  expect(resets).toEqual([])
  expect(window.localStorage.getItem(LOCAL_STORAGE_KEYS.TELEMETRY_ANONYMOUS_ID)).toBeNull()
})

it('never throws when the platform refuses', async () => {
  const consoleError = vi.spyOn(console, 'error').mockImplementation(() => {})
  server.use(http.post('*/api/platform/telemetry/reset', () => HttpResponse.json({ message: 'Your session has ended.' }, { status: 401 })))
  window.localStorage.setItem(LOCAL_STORAGE_KEYS.TELEMETRY_ANONYMOUS_ID, '0b0f4a52-8a5e-4c55-9d84-1a2b3c4d5e6f')
  setAccessTokenProvider(async () => 'session-token')
  await expect(resetTelemetry()).resolves.toBeUndefined()
  expect(consoleError).toHaveBeenCalledWith('Problem sending telemetry reset', expect.objectContaining({ code: 401 }))
  consoleError.mockRestore()
})
