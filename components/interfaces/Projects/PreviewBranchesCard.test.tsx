// @vitest-environment happy-dom
/**
 * The preview branches card against an MSW-mocked platform: the branches listed with their
 * status; a Developer makes one and lands on it; a bad name is caught before anything is sent; a
 * refusal is shown as it came; a Read-only member sees the list without the form.
 */
import { vi } from 'vitest'
import { render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { QueryClientProvider } from '@tanstack/react-query'
import { http, HttpResponse } from 'msw'
import { mockedPlatform, permissionsFor, runtimeConfig, SAMPLE_PROJECT } from '@/tests/helpers/mocked-platform'
import { createQueryClient } from '@/data/query-client'
import { type OrganizationRole, type ProjectDetail } from '@/lib/api-types'
import { PreviewBranchesCard } from './PreviewBranchesCard'
import { withRouter } from '@/tests/helpers/router'

const router = { push: vi.fn(async () => true), replace: vi.fn(async () => true), asPath: '/project/parent', pathname: '/project/[ref]', query: {} }

const server = mockedPlatform()

const parent: ProjectDetail = { ...SAMPLE_PROJECT, ref: 'parentref', preview_branch_refs: ['branchone'], dbVersion: 'PostgreSQL 17.5', db_host: '127.0.0.1' }
const branch = (ref: string, name: string, status: ProjectDetail['status']): ProjectDetail => ({ ...parent, id: 2, ref, name, status, parent_project_ref: 'parentref', preview_branch_refs: [] })

function renderCard(role: OrganizationRole, branches: ProjectDetail[]) {
  server.use(
    runtimeConfig(),
    permissionsFor(role),
    http.get('*/api/platform/projects/parentref/branches', () => HttpResponse.json(branches))
  )
  return render(
    withRouter(
      router,
      <QueryClientProvider client={createQueryClient()}>
        <PreviewBranchesCard project={parent} />
      </QueryClientProvider>
    )
  )
}

it('lists the branches with their status', async () => {
  renderCard('Developer', [branch('branchone', 'add-orders', 'ACTIVE_HEALTHY')])
  const list = await screen.findByRole('list', { name: 'Preview branches' })
  expect(within(list).getByRole('link', { name: 'add-orders' })).toHaveAttribute('href', '/project/branchone')
  expect(within(list).getByText('branchone')).toBeInTheDocument()
})

it('makes a branch and goes to it; an empty name is caught first', async () => {
  const user = userEvent.setup()
  const bodies: unknown[] = []
  renderCard('Developer', [])
  server.use(
    http.post('*/api/platform/projects/parentref/branches', async ({ request }) => {
      bodies.push(await request.json())
      return HttpResponse.json(branch('newbranch', 'try-it', 'COMING_UP'), { status: 201 })
    })
  )
  expect(await screen.findByText('No preview branches')).toBeInTheDocument()
  await user.click(await screen.findByRole('button', { name: 'Create branch' }))
  expect(await screen.findByText('Branch name is required')).toBeInTheDocument()
  expect(bodies).toEqual([])
  await user.type(screen.getByLabelText('Branch name'), 'try-it')
  await user.click(screen.getByRole('button', { name: 'Create branch' }))
  await vi.waitFor(() => expect(router.push).toHaveBeenCalledWith('/project/newbranch'))
  expect(bodies).toEqual([{ name: 'try-it' }])
})

it('shows a refusal as the platform said it', async () => {
  const user = userEvent.setup()
  renderCard('Developer', [])
  server.use(
    http.post('*/api/platform/projects/parentref/branches', () =>
      HttpResponse.json({ message: 'The Free plan allows 2 active projects per organization.' }, { status: 400 })
    )
  )
  await user.type(await screen.findByLabelText('Branch name'), 'one-more')
  await user.click(screen.getByRole('button', { name: 'Create branch' }))
  expect(await screen.findByText('The Free plan allows 2 active projects per organization.')).toBeInTheDocument()
})

it('a Read-only member sees the list but no form', async () => {
  renderCard('Read-only', [branch('branchone', 'add-orders', 'ACTIVE_HEALTHY')])
  expect(await screen.findByRole('link', { name: 'add-orders' })).toBeInTheDocument()
  expect(screen.queryByRole('button', { name: 'Create branch' })).not.toBeInTheDocument()
})
