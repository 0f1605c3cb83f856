// @vitest-environment happy-dom
/**
 * Project settings → Compute and Disk against an MSW-mocked platform: the current size with its
 * limits, choosing another with a confirm dialog that names the restart of connections, Free
 * limited to Nano with a way to upgrade, roles without projects:resize held back with the reason,
 * and the error state with a retry.
 */
import { vi } from 'vitest'
import { recordToasts } from '@/tests/helpers/toasts'
import { render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { QueryClientProvider } from '@tanstack/react-query'
import { http, HttpResponse } from 'msw'
import { createQueryClient } from '@/data/query-client'
import { mockedPlatform, permissionsFor, runtimeConfig, SAMPLE_PROJECT } from '@/tests/helpers/mocked-platform'
import { type OrganizationRole, type ProjectCompute, type ProjectDetail } from '@/lib/api-types'
import { ComputeSettingsPage } from './ComputeSettingsPage'
import { withRouter } from '@/tests/helpers/router'

const router = { push: vi.fn(), pathname: '/project/[ref]/settings/compute-and-disk', query: { ref: 'abc' } }

recordToasts()

const server = mockedPlatform()

const PROJECT: ProjectDetail = { ...SAMPLE_PROJECT, plan: 'pro' }
const PRO: ProjectCompute = { ref: 'abc', status: 'ACTIVE_HEALTHY', size: 'micro', applied: true, resizing_to: null, available: ['micro', 'small', 'medium', 'large'] }

function platform({ role = 'Owner' as OrganizationRole, plan = 'pro' as ProjectDetail['plan'], compute = PRO, failCompute = false } = {}) {
  const resizes: unknown[] = []
  server.use(
    runtimeConfig(),
    permissionsFor(role),
    http.get('*/api/platform/projects', () => HttpResponse.json([{ ...PROJECT, plan }])),
    http.get('*/api/platform/projects/abc', () => HttpResponse.json({ ...PROJECT, plan })),
    http.get('*/api/platform/projects/abc/compute', () =>
      failCompute ? HttpResponse.json({ code: 500, message: 'The platform is having a bad day.' }, { status: 500 }) : HttpResponse.json(compute)
    ),
    http.post('*/api/platform/projects/abc/compute', async ({ request }) => {
      const body = (await request.json()) as { size: ProjectCompute['size'] }
      resizes.push(body)
      return HttpResponse.json({ ...compute, status: 'RESIZING', resizing_to: body.size }, { status: 202 })
    })
  )
  return { resizes }
}

function renderPage() {
  const user = userEvent.setup()
  render(
    withRouter(
      router,
      <QueryClientProvider client={createQueryClient()}>
        <ComputeSettingsPage projectRef="abc" />
      </QueryClientProvider>
    )
  )
  return { user }
}

it('shows the current size with its limits', async () => {
  platform()
  renderPage()
  const current = await screen.findByTestId('current-compute')
  expect(current).toHaveTextContent('Micro compute')
  const facts = within(current).getByLabelText('Current compute size')
  expect(within(facts).getByText('Direct connections').nextSibling).toHaveTextContent('60')
  expect(within(facts).getByText('Memory').nextSibling).toHaveTextContent('1 GB')
  expect(screen.getByTestId('disk-included')).toHaveTextContent('8 GB included')
})

it('an Owner chooses Small, reads what happens, and resizes', async () => {
  const log = platform()
  const { user } = renderPage()
  await user.click(await screen.findByRole('radio', { name: /Small/ }))
  await user.click(screen.getByRole('button', { name: 'Change to Small' }))
  const dialog = await screen.findByRole('dialog')
  expect(dialog).toHaveTextContent('Resize to Small?')
  expect(dialog).toHaveTextContent('brief restart of connections')
  expect(dialog).toHaveTextContent('at most 90 connections at once')
  expect(dialog).toHaveTextContent('$15 / month ($5 / month after credits)')
  await user.click(within(dialog).getByRole('button', { name: 'Resize and restart connections' }))
  await waitFor(() => expect(log.resizes).toEqual([{ size: 'small' }]))
})

it('Free: only Nano, the others disabled, with a way to upgrade', async () => {
  platform({ plan: 'free', compute: { ...PRO, size: 'nano', available: ['nano'] } })
  renderPage()
  expect(await screen.findByRole('radio', { name: /Small/ })).toBeDisabled()
  // Enabled once the permissions say an Owner may resize.
  await waitFor(() => expect(screen.getByRole('radio', { name: /Nano/ })).toBeEnabled())
  expect(screen.getByText(/The Free plan runs every project on Nano compute/)).toBeInTheDocument()
  expect(screen.getByRole('link', { name: 'Upgrade the plan' })).toHaveAttribute('href', '/org/acme/billing')
})

it('a Developer sees the sizes but may not change them, and is told why', async () => {
  platform({ role: 'Developer' })
  renderPage()
  expect(await screen.findByText('Only Owners and Admins of the organization can change the compute size.')).toBeInTheDocument()
  expect(screen.getByRole('button', { name: /Change to|Apply/ })).toBeDisabled()
})

it('says when the size cannot be loaded, and tries again', async () => {
  platform({ failCompute: true })
  renderPage()
  expect(await screen.findByText('Could not load the compute size', {}, { timeout: 10_000 })).toBeInTheDocument()
  expect(screen.getByText('The platform is having a bad day.')).toBeInTheDocument()
  expect(screen.getByRole('button', { name: /Try again/ })).toBeInTheDocument()
})
