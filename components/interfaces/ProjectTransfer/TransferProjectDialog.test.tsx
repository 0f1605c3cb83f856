// @vitest-environment happy-dom
/**
 * The transfer dialog against an MSW-mocked platform: only organizations where the member may
 * transfer are offered; the preview shows the plan, branches and members; a refusal disables the
 * move and says why; the move goes to the new organization.
 */
import { vi } from 'vitest'
import { screen, within } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import { mockedPlatform, permissionsFor, runtimeConfig, SAMPLE_PROJECT } from '@/tests/helpers/mocked-platform'
import { type Organization, type OrganizationRole, type ProjectDetail, type TransferPreview } from '@/lib/api-types'
import { renderWithQueries } from '@/tests/helpers/render-with-queries'
import { TransferProjectDialog } from './TransferProjectDialog'
import { withRouter } from '@/tests/helpers/router'

const router = { push: vi.fn(async () => true), replace: vi.fn(async () => true), asPath: '/project/shopref', pathname: '/project/[ref]', query: {} }

const server = mockedPlatform()
afterEach(() => router.push.mockClear())

const project: ProjectDetail = { ...SAMPLE_PROJECT, ref: 'shopref', plan: 'pro', preview_branch_refs: ['featureref'], dbVersion: 'PostgreSQL 17.5', db_host: '127.0.0.1' }

const org = (id: number, slug: string, name: string, role: OrganizationRole): Organization => ({
  id,
  name,
  slug,
  billing_email: 'bills@example.com',
  managed_by: 'supabase',
  plan: { id: 'free', name: 'Free' },
  restriction_status: null,
  restriction_data: null,
  is_owner: role === 'Owner',
  role,
})
const ORGS = [org(7, 'acme', 'Acme', 'Owner'), org(8, 'beta', 'Beta', 'Admin'), org(9, 'gamma', 'Gamma', 'Developer')]

const preview = (overrides: Partial<TransferPreview> = {}): TransferPreview => ({
  source_organization: { slug: 'acme', name: 'Acme', plan: 'pro' },
  target_organization: { slug: 'beta', name: 'Beta', plan: 'free' },
  project: { ref: 'shopref', name: 'Shop', status: 'ACTIVE_HEALTHY' },
  plan: { from: 'pro', to: 'free' },
  branches: [{ ref: 'featureref', name: 'feature', status: 'ACTIVE_HEALTHY' }],
  members_losing_access: [{ username: 'bob', email: 'bob@example.com', role: 'Developer' }],
  members_gaining_access: [{ username: 'carol', email: 'carol@example.com', role: 'Read-only' }],
  can_transfer: true,
  refusals: [],
  warnings: ['The project moves from the Pro plan to the Free plan.'],
  ...overrides,
})

function renderDialog(answer: TransferPreview) {
  server.use(
    runtimeConfig(),
    http.get('*/api/platform/organizations', () => HttpResponse.json(ORGS)),
    permissionsFor(ORGS.map((o) => ({ id: o.id, slug: o.slug, role: o.role }))),
    http.get('*/api/platform/projects/shopref/transfer/preview', ({ request }) =>
      new URL(request.url).searchParams.get('target_organization_slug') === 'beta' ? HttpResponse.json(answer) : HttpResponse.json({ message: 'unexpected' }, { status: 500 })
    )
  )
  return renderWithQueries(withRouter(router, <TransferProjectDialog project={project} open onOpenChange={() => {}} />))
}

it('offers only the other organizations where the member is Owner or Admin, then shows the preview', async () => {
  const { user } = renderDialog(preview())
  const select = await screen.findByRole('combobox', { name: 'Target organization' })
  const options = within(select).getAllByRole('option').map((o) => o.textContent)
  // Acme is the project's own; Gamma is only a Developer's.
  expect(options).toEqual(['Choose an organization', 'Beta'])
  expect(screen.getByRole('button', { name: 'Transfer project' })).toBeDisabled()

  await user.selectOptions(select, 'beta')
  const region = await screen.findByRole('region', { name: 'What changes' })
  expect(within(region).getByText('Pro → Free')).toBeInTheDocument()
  expect(within(region).getByText('feature (move with it)')).toBeInTheDocument()
  expect(within(region).getByRole('list', { name: 'Lose access (members of Acme only)' })).toHaveTextContent('bob@example.com (Developer)')
  expect(within(region).getByRole('list', { name: 'Gain access (members of Beta only)' })).toHaveTextContent('carol@example.com (Read-only)')
  expect(within(region).getByText('The project moves from the Pro plan to the Free plan.')).toBeInTheDocument()
  expect(screen.getByRole('button', { name: 'Transfer project' })).toBeEnabled()
})

it('says why a transfer would be refused, and does not offer it', async () => {
  const message = 'The Free plan allows 2 active projects per organization, and Beta already has 2.'
  const { user } = renderDialog(preview({ can_transfer: false, refusals: [{ status: 400, message }] }))
  await user.selectOptions(await screen.findByRole('combobox', { name: 'Target organization' }), 'beta')
  expect(await screen.findByText(message)).toBeInTheDocument()
  expect(screen.getByText('This project cannot be transferred now')).toBeInTheDocument()
  expect(screen.getByRole('button', { name: 'Transfer project' })).toBeDisabled()
})

it('moves the project and goes to its new organization', async () => {
  const bodies: unknown[] = []
  const { user } = renderDialog(preview())
  server.use(
    http.post('*/api/platform/projects/shopref/transfer', async ({ request }) => {
      bodies.push(await request.json())
      return HttpResponse.json({
        project: { ...project, organization_id: 8, organization_slug: 'beta', plan: 'free' },
        branches: ['featureref'],
        source_organization_slug: 'acme',
        target_organization_slug: 'beta',
      })
    })
  )
  await user.selectOptions(await screen.findByRole('combobox', { name: 'Target organization' }), 'beta')
  await screen.findByRole('region', { name: 'What changes' })
  await user.click(screen.getByRole('button', { name: 'Transfer project' }))
  await vi.waitFor(() => expect(router.push).toHaveBeenCalledWith('/org/beta'))
  expect(bodies).toEqual([{ target_organization_slug: 'beta' }])
})

it('shows a refusal of the preview as it came (403 for a target the member may not use)', async () => {
  const { user } = renderDialog(preview())
  server.use(
    http.get('*/api/platform/projects/shopref/transfer/preview', () =>
      HttpResponse.json({ message: 'You can transfer a project only to an organization where you are an Owner or Admin.' }, { status: 403 })
    )
  )
  await user.selectOptions(await screen.findByRole('combobox', { name: 'Target organization' }), 'beta')
  expect(await screen.findByText('Could not preview the transfer')).toBeInTheDocument()
  expect(screen.getByText(/only to an organization where you are an Owner or Admin/)).toBeInTheDocument()
  expect(screen.getByRole('button', { name: 'Transfer project' })).toBeDisabled()
})
