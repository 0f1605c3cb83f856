// @vitest-environment happy-dom
/**
 * The support form against an MSW-mocked platform: a signed-in user's request is sent and the
 * form says to which address; when the installation could not mail it, the request id and the
 * platform's note (what is unset, where it is recorded) are shown with the report to copy; a
 * visitor is asked to sign in, and nothing is sent.
 */
import { vi } from 'vitest'
import { recordToasts } from '@/tests/helpers/toasts'

const auth = vi.hoisted(() => ({ session: { access_token: 't', user: { email: 'ada@example.com' } } as unknown, mfaRequired: false, isLoading: false, signOut: async () => undefined }))
vi.mock('@/components/auth/AuthProvider', () => ({ useAuth: () => auth }))

import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { QueryClientProvider } from '@tanstack/react-query'
import { http, HttpResponse } from 'msw'
import { setupServer } from 'msw/node'
import { createQueryClient } from '@/data/query-client'
import type { SupportRequestAnswer } from '@/lib/api-types'
import { SupportForm } from './SupportForm'

recordToasts()

const server = setupServer()
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }))
afterEach(() => server.resetHandlers())
afterAll(() => server.close())

function renderForm(answer?: SupportRequestAnswer) {
  const sent: unknown[] = []
  server.use(
    http.get('*/api/config', () => HttpResponse.json({ isPlatform: true, productName: 'Dashboard', authUrl: '/auth/v1', apiMocking: false })),
    http.post('*/api/platform/support/requests', async ({ request }) => {
      sent.push(await request.json())
      return HttpResponse.json(answer, { status: 201 })
    })
  )
  const user = userEvent.setup()
  render(
    <QueryClientProvider client={createQueryClient()}>
      <SupportForm initial={{ category: 'database', subject: 'Cannot connect', message: 'psql says timeout' }} />
    </QueryClientProvider>
  )
  return { user, sent }
}

beforeEach(() => {
  auth.session = { access_token: 't', user: { email: 'ada@example.com' } }
})

it('sends a signed-in request and says where it went', async () => {
  const { user, sent } = renderForm({ id: 'r-1', emailed_to: 'help@example.com', not_emailed: null, note: null })
  await user.click(screen.getByRole('button', { name: 'Submit' }))
  expect(await screen.findByText('Sent to help@example.com')).toBeInTheDocument()
  expect(sent).toEqual([{ category: 'database', subject: 'Cannot connect', message: 'psql says timeout' }])
  expect(screen.queryByText(/sent by email in this installation/)).not.toBeInTheDocument()
})

it('shows the request id and what to do when the installation could not mail it', async () => {
  const note = 'Request r-2 was not mailed: this installation has no support address (SUPPORT_EMAIL is not set). It is recorded in this installation’s database (table support_requests); tell whoever runs it, or copy the report below and send it to them.'
  const { user } = renderForm({ id: 'r-2', emailed_to: null, not_emailed: 'no_support_email', note })
  await user.click(screen.getByRole('button', { name: 'Submit' }))
  expect(await screen.findByText('Saved, but not mailed')).toBeInTheDocument()
  expect(screen.getByText(/Request r-2 was not mailed: .*SUPPORT_EMAIL is not set/)).toBeInTheDocument()
  expect(screen.getByLabelText('Support report')).toHaveTextContent('Subject: Cannot connect')
  expect(screen.getByRole('button', { name: 'Copy report' })).toBeInTheDocument()
})

it('asks a visitor to sign in and sends nothing', async () => {
  auth.session = null
  const { user, sent } = renderForm()
  await user.click(screen.getByRole('button', { name: 'Submit' }))
  expect(await screen.findByText('Sign in to send this to support')).toBeInTheDocument()
  expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/sign-in?returnTo=%2Fsupport%2Fnew')
  expect(screen.getByLabelText('Support report')).toHaveTextContent('Category: Database (database)')
  expect(sent).toEqual([])
})
