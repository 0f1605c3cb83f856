// @vitest-environment happy-dom
/**
 * Every status of SPEC §4 has a status screen and a badge of its own: a title, a sentence and a
 * label no other status shares (no shared fallback), and the screen renders them for each.
 */
import { vi } from 'vitest'
import { cleanup, render, screen } from '@testing-library/react'
import { QueryClientProvider } from '@tanstack/react-query'
import { http, HttpResponse } from 'msw'
import { setupServer } from 'msw/node'
import { createQueryClient } from '@/data/query-client'
import { actionsOf, isTransitionalStatus, PROJECT_STATUSES, type ProjectDetail, type ProjectStatus } from '@/lib/api-types'
import { ProjectStatusBadge, STATUS_BADGES } from '@/components/interfaces/Projects/ProjectStatusBadge'
import { STATUS_SCREENS } from './project-status-screens'
import { ProjectStatusScreen } from './ProjectStatusScreen'
import { withRouter } from '@/tests/helpers/router'

const router = { push: vi.fn(), pathname: '/project/[ref]/settings/general', query: { ref: 'abc' } }

const server = setupServer()
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }))
afterEach(() => {
  server.resetHandlers()
  cleanup()
})
afterAll(() => server.close())

const project = (status: ProjectStatus): ProjectDetail =>
  ({ id: 1, ref: 'abc', name: 'Shop', status, status_message: null, organization_id: 7, organization_slug: 'acme' }) as ProjectDetail

describe('the words for each status', () => {
  it('cover all fifteen statuses of SPEC §4', () => {
    expect(PROJECT_STATUSES).toHaveLength(15)
    expect(Object.keys(STATUS_SCREENS).sort()).toEqual([...PROJECT_STATUSES].sort())
    expect(Object.keys(STATUS_BADGES).sort()).toEqual([...PROJECT_STATUSES].sort())
  })

  it.each([
    ['screen titles', (s: ProjectStatus) => STATUS_SCREENS[s].title],
    ['screen texts', (s: ProjectStatus) => STATUS_SCREENS[s].text('Shop')],
    ['badge labels', (s: ProjectStatus) => STATUS_BADGES[s][0]],
  ])('no two statuses share their %s', (_, words) => {
    const all = PROJECT_STATUSES.map(words)
    expect(new Set(all).size).toBe(PROJECT_STATUSES.length)
    for (const text of all) expect(text.trim()).not.toBe('')
  })

  it('names the project in every screen text', () => {
    for (const status of PROJECT_STATUSES) expect(STATUS_SCREENS[status].text('Shop')).toContain('Shop')
  })
})

describe.each(PROJECT_STATUSES)('%s', (status) => {
  it('renders its own title and text on the status screen, and its own badge', async () => {
    server.use(
      http.get('*/api/config', () => HttpResponse.json({ isPlatform: true, productName: 'Dashboard', authUrl: '/auth/v1', apiMocking: false })),
      http.get('*/api/platform/profile/permissions', () =>
        HttpResponse.json([{ organization_id: 7, organization_slug: 'acme', actions: actionsOf('Owner'), resources: ['*'], condition: null, restrictive: false }])
      ),
      http.get('*/api/platform/projects/abc', () => HttpResponse.json(project(status)))
    )
    render(
      withRouter(
        router,
        <QueryClientProvider client={createQueryClient()}>
          <ProjectStatusScreen project={project(status)} />
          <ProjectStatusBadge status={status} />
        </QueryClientProvider>
      )
    )
    const { title, text } = STATUS_SCREENS[status]
    expect(await screen.findByText(title)).toBeInTheDocument()
    expect(screen.getByText(text('Shop'), { exact: false })).toBeInTheDocument()
    // Work under way polls and says so; a stopped project offers what it can do instead.
    if (isTransitionalStatus(status)) expect(screen.getByRole('status')).toHaveTextContent('This page updates by itself when it is done.')
    else expect(screen.getByTestId('project-status-screen')).toHaveAttribute('data-status', status)
    const badge = document.querySelector(`[data-status="${status}"]:not([data-testid])`)
    expect(badge).toHaveTextContent(STATUS_BADGES[status][0])
  })
})
