// @vitest-environment happy-dom
/**
 * The support form against an MSW-mocked platform: a signed-in user's request is sent and the
 * form says to which address; when the installation could not mail it, the request id and the
 * platform's note (what is unset, where it is recorded) are shown with the report to copy; a
 * visitor is asked to sign in, and nothing is sent.
 */
import type { Session } from '@supabase/auth-js'
import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { QueryClientProvider } from '@tanstack/react-query'
import { http, HttpResponse } from 'msw'
import { createQueryClient } from '@/data/query-client'
import type { SupportRequestAnswer } from '@/lib/api-types'
import { mockedPlatform, runtimeConfig } from '@/tests/helpers/mocked-platform'
import { withAuth } from '@/tests/helpers/auth'
import { recordToasts } from '@/tests/helpers/toasts'
import { SupportForm } from './SupportForm'

recordToasts()

const server = mockedPlatform()
const SIGNED_IN = { access_token: 't', user: { email: 'ada@example.com' } } as Session

function renderForm(answer?: SupportRequestAnswer, session: Session | null = SIGNED_IN) {
  const sent: unknown[] = []
  server.use(
    runtimeConfig(),
    http.post('*/api/platform/support/requests', async ({ request }) => {
      sent.push(await request.json())
      return HttpResponse.json(answer, { status: 201 })
    })
  )
  const user = userEvent.setup()
  render(
    withAuth(
      { session },
      <QueryClientProvider client={createQueryClient()}>
        <SupportForm initial={{ category: 'database', subject: 'Cannot connect', message: 'psql says timeout' }} />
      </QueryClientProvider>
    )
  )
  return { user, sent }
}

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
  const { user, sent } = renderForm(undefined, null)
  await user.click(screen.getByRole('button', { name: 'Submit' }))
  expect(await screen.findByText('Sign in to send this to support')).toBeInTheDocument()
  expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/sign-in?returnTo=%2Fsupport%2Fnew')
  expect(screen.getByLabelText('Support report')).toHaveTextContent('Category: Database (database)')
  expect(sent).toEqual([])
})
