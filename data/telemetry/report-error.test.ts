// @vitest-environment happy-dom
/** reportError logs, and sends a report to the platform: without the session, whatever the consent, once per error and page. */
import { vi } from 'vitest'
import { http, HttpResponse } from 'msw'
import { setupServer } from 'msw/node'
import { setAccessTokenProvider } from '@/lib/auth/session-token'
import { LOCAL_STORAGE_KEYS } from '@/lib/local-storage'
import { MAX_ERROR_REPORTS_PER_PAGE, reportError, resetErrorReports } from './report-error'

const server = setupServer()
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }))
afterAll(() => server.close())

let received: { body: any; authorization: string | null }[]
let consoleError: ReturnType<typeof vi.spyOn>
beforeEach(() => {
  received = []
  resetErrorReports()
  consoleError = vi.spyOn(console, 'error').mockImplementation(() => {})
  server.use(
    http.post('*/api/platform/error-reports', async ({ request }) => {
      received.push({ body: await request.json(), authorization: request.headers.get('Authorization') })
      return new HttpResponse(null, { status: 204 })
    })
  )
  window.history.pushState({}, '', '/project/abc/sql/new?secret=1')
})
afterEach(() => {
  server.resetHandlers()
  consoleError.mockRestore()
  setAccessTokenProvider(undefined)
  window.localStorage.clear()
})

it('logs the error and sends tag, message, stack and path, without the session, even without consent', async () => {
  window.localStorage.setItem(LOCAL_STORAGE_KEYS.TELEMETRY_CONSENT, 'false')
  setAccessTokenProvider(async () => 'a-session-token')
  const error = Object.assign(new Error('kaboom'), { stack: 'Error: kaboom\n    at Bomb' })
  reportError(error, { tag: 'globalErrorBoundary', extra: { componentStack: 'at Bomb', email: 'me@example.com' } })

  expect(consoleError).toHaveBeenCalledWith('[globalErrorBoundary]', error, { componentStack: 'at Bomb', email: 'me@example.com' })
  await vi.waitFor(() => expect(received).toHaveLength(1))
  expect(received[0]).toEqual({
    body: { tag: 'globalErrorBoundary', message: 'kaboom', stack: 'Error: kaboom\n    at Bomb', pathname: '/project/abc/sql/new' },
    authorization: null,
  })
})

it('sends the same error on the same page once, and a bounded number per page', async () => {
  reportError(new Error('same'), { tag: 't' })
  reportError(new Error('same'), { tag: 't' })
  for (let i = 0; i < MAX_ERROR_REPORTS_PER_PAGE + 5; i++) reportError(new Error(`error ${i}`), { tag: 't' })
  await vi.waitFor(() => expect(received).toHaveLength(MAX_ERROR_REPORTS_PER_PAGE))
  expect(received.filter((r) => r.body.message === 'same')).toHaveLength(1)
})

it('never throws when the platform cannot take the report', async () => {
  const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
  server.use(http.post('*/api/platform/error-reports', () => HttpResponse.json({ message: 'down' }, { status: 503 })))
  expect(() => reportError(new Error('down'), { tag: 't' })).not.toThrow()
  await vi.waitFor(() => expect(warn).toHaveBeenCalledWith('The error report could not be sent:', expect.objectContaining({ code: 503 })))
  warn.mockRestore()
})
