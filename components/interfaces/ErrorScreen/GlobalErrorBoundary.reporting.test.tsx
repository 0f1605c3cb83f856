// @vitest-environment happy-dom
/** The global error screen's report reaches the platform (SPEC §8: tag globalErrorBoundary). */
import { vi } from 'vitest'
import { render, screen } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import { setupServer } from 'msw/node'
import { resetErrorReports } from '@/data/telemetry/report-error'
import { CLIENT_EXCEPTION_TEXT } from './ErrorScreen'
import { GlobalErrorBoundary } from './GlobalErrorBoundary'

const server = setupServer()
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }))
afterAll(() => server.close())

function Bomb(): never {
  throw new Error('kaboom')
}

it('sends a report tagged globalErrorBoundary with the message, stack and path', async () => {
  resetErrorReports()
  const received: any[] = []
  server.use(
    http.post('*/api/platform/error-reports', async ({ request }) => {
      received.push(await request.json())
      return new HttpResponse(null, { status: 204 })
    })
  )
  window.history.pushState({}, '', '/org/acme/billing')
  const consoleError = vi.spyOn(console, 'error').mockImplementation(() => {})
  try {
    render(
      <GlobalErrorBoundary isProduction={false}>
        <Bomb />
      </GlobalErrorBoundary>
    )
    expect(screen.getByText(CLIENT_EXCEPTION_TEXT)).toBeInTheDocument()
    await vi.waitFor(() => expect(received).toHaveLength(1))
    expect(received[0]).toMatchObject({ tag: 'globalErrorBoundary', message: 'kaboom', pathname: '/org/acme/billing', stack: expect.stringContaining('Bomb') })
  } finally {
    consoleError.mockRestore()
  }
})
