// @vitest-environment happy-dom
import { fireEvent, render, screen } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import { useState } from 'react'
import { resetErrorReports } from '@/data/telemetry/report-error'
import { mockedPlatform } from '@/tests/helpers/mocked-platform'
import { CLIENT_EXCEPTION_TEXT, ErrorScreen } from './ErrorScreen'
import { GlobalErrorBoundary } from './GlobalErrorBoundary'

const server = mockedPlatform()

function makeError(message: string, stack = `Error: ${message}\n    at Thing (thing.js:1:1)`) {
  const error = new Error(message)
  error.stack = stack
  return error
}

describe('ErrorScreen', () => {
  it('shows the SPEC text and the error message', () => {
    render(<ErrorScreen error={makeError('x is not a function')} onReset={() => {}} pathname="/projects" />)
    expect(screen.getByRole('heading', { name: CLIENT_EXCEPTION_TEXT })).toBeInTheDocument()
    expect(CLIENT_EXCEPTION_TEXT).toBe(
      'Application error: a client-side exception has occurred (see browser console for more information)',
    )
    expect(screen.getByText('x is not a function')).toBeInTheDocument()
    expect(screen.queryByText(/page translator/)).not.toBeInTheDocument()
  })

  it('hints at page translators for a failed removeChild', () => {
    const error = makeError(
      "Failed to execute 'removeChild' on 'Node': The node to be removed is not a child of this node.",
    )
    render(<ErrorScreen error={error} onReset={() => {}} pathname="/projects" />)
    expect(screen.getByText(/may come from a page translator or browser extensions/)).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'More information' })).toHaveAttribute(
      'href',
      '/docs/troubleshooting#page-translators',
    )
  })

  it('links to support with category, subject, path name and stack', () => {
    const error = makeError('boom', 'Error: boom\n    at Editor (editor.js:10:5)')
    render(<ErrorScreen error={error} onReset={() => {}} pathname="/project/[ref]/sql/[id]" />)
    const href = screen.getByRole('link', { name: 'Report to support' }).getAttribute('href')!
    expect(href.startsWith('/support/new?')).toBe(true)
    expect(href).toContain('subject=Client%20side%20exception%20occurred%20on%20dashboard')
    const params = new URL(href, 'http://localhost').searchParams
    expect(params.get('category')).toBe('dashboard_bug')
    expect(params.get('message')).toBe('Path name: /project/[ref]/sql/[id]\n\nError: boom\n    at Editor (editor.js:10:5)')
  })

  it('uses the current location when no path name is given', () => {
    window.history.pushState({}, '', '/org/acme/billing')
    render(<ErrorScreen error={makeError('boom')} onReset={() => {}} />)
    const href = screen.getByRole('link', { name: 'Report to support' }).getAttribute('href')!
    expect(new URL(href, 'http://localhost').searchParams.get('message')).toMatch(/^Path name: \/org\/acme\/billing\n/)
  })

  it("outside production offers 'Return to dashboard', which resets", () => {
    const onReset = vi.fn()
    render(<ErrorScreen error={makeError('boom')} onReset={onReset} isProduction={false} pathname="/" />)
    expect(screen.queryByRole('button', { name: 'Reload dashboard' })).not.toBeInTheDocument()
    fireEvent.click(screen.getByRole('button', { name: 'Return to dashboard' }))
    expect(onReset).toHaveBeenCalledTimes(1)
  })

  it("in production offers 'Reload dashboard', which reloads the page", () => {
    const reload = vi.fn()
    const original = window.location
    Object.defineProperty(window, 'location', { configurable: true, value: { ...original, reload } })
    try {
      const onReset = vi.fn()
      render(<ErrorScreen error={makeError('boom')} onReset={onReset} isProduction pathname="/" />)
      expect(screen.queryByRole('button', { name: 'Return to dashboard' })).not.toBeInTheDocument()
      fireEvent.click(screen.getByRole('button', { name: 'Reload dashboard' }))
      expect(reload).toHaveBeenCalledTimes(1)
      expect(onReset).not.toHaveBeenCalled()
    } finally {
      Object.defineProperty(window, 'location', { configurable: true, value: original })
    }
  })

  it('follows NODE_ENV by default (test env is not production)', () => {
    render(<ErrorScreen error={makeError('boom')} onReset={() => {}} pathname="/" />)
    expect(screen.getByRole('button', { name: 'Return to dashboard' })).toBeInTheDocument()
  })
})

describe('GlobalErrorBoundary', () => {
  function Bomb({ explode }: { explode: boolean }) {
    if (explode) throw new Error('kaboom')
    return <p>All good</p>
  }

  function Harness() {
    const [explode, setExplode] = useState(true)
    return (
      <>
        <button onClick={() => setExplode(false)}>defuse</button>
        <GlobalErrorBoundary isProduction={false}>
          <Bomb explode={explode} />
        </GlobalErrorBoundary>
      </>
    )
  }

  it('shows the error screen, reports to the platform with the globalErrorBoundary tag (message, stack, path), and resets', async () => {
    resetErrorReports()
    const received: unknown[] = []
    server.use(
      http.post('*/api/platform/error-reports', async ({ request }) => {
        received.push(await request.json())
        return new HttpResponse(null, { status: 204 })
      }),
    )
    window.history.pushState({}, '', '/org/acme/billing')
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => {}) // React logs caught errors
    try {
      render(<Harness />)
      expect(screen.getByText(CLIENT_EXCEPTION_TEXT)).toBeInTheDocument()
      expect(screen.getByText('kaboom')).toBeInTheDocument()
      await vi.waitFor(() => expect(received).toHaveLength(1))
      expect(received[0]).toMatchObject({ tag: 'globalErrorBoundary', message: 'kaboom', pathname: '/org/acme/billing', stack: expect.stringContaining('Bomb') })

      fireEvent.click(screen.getByRole('button', { name: 'defuse' }))
      fireEvent.click(screen.getByRole('button', { name: 'Return to dashboard' }))
      expect(screen.getByText('All good')).toBeInTheDocument()
    } finally {
      consoleError.mockRestore()
    }
  })
})
