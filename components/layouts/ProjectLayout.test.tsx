// @vitest-environment happy-dom
/**
 * ProjectLayout against an MSW-mocked platform: the three items driven by feature previews show
 * only while their preview is on (the API button, which opens the API docs panel; the Column
 * privileges link; the SQL panel toggle), and the API docs panel is mounted either way.
 */
import { vi } from 'vitest'

const router = vi.hoisted(() => ({
  pathname: '/project/[ref]',
  asPath: '/project/shopref',
  query: { ref: 'shopref' },
  push: vi.fn(async () => true),
  replace: vi.fn(async () => true),
  events: { on: () => undefined, off: () => undefined },
}))
vi.mock('next/router', () => ({ useRouter: () => router }))
vi.mock('@/components/auth/AuthProvider', () => ({
  useAuth: () => ({ session: { user: { email: 'ada@example.com' } }, mfaRequired: false, isLoading: false, signOut: async () => undefined }),
}))
// The shell's features are their own (and tested there); here they only need to be mounted.
vi.mock('@/components/interfaces/ProjectAPIDocs/ProjectApiDocsPanel', () => ({
  ProjectApiDocsPanel: ({ projectRef }: { projectRef: string }) => <div data-testid="api-docs-panel" data-ref={projectRef} />,
}))
vi.mock('@/components/interfaces/Banners/DashboardBanners', () => ({
  DashboardBanners: ({ organizationSlug }: { organizationSlug?: string }) => <div data-testid="banners" data-slug={organizationSlug} />,
}))
vi.mock('@/components/layouts/ShellFeatures', () => ({ ShellFeatures: () => null }))

import { act, cleanup, render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { QueryClientProvider } from '@tanstack/react-query'
import { http, HttpResponse } from 'msw'
import { setupServer } from 'msw/node'
import { createQueryClient } from '@/data/query-client'
import { actionsOf, type Organization, type ProjectDetail } from '@/lib/api-types'
import { FEATURE_PREVIEW_KEYS, type FeaturePreviewKey } from '@/lib/feature-previews'
import { appState } from '@/state/app'
import { featurePreviewsState, setFeaturePreview } from '@/state/feature-previews'
import { SAMPLE_PROJECT } from '@/tests/helpers/mocked-platform'
import { ProjectLayout } from './ProjectLayout'

const server = setupServer()
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }))
afterEach(() => {
  cleanup()
  server.resetHandlers()
  appState.reset()
  featurePreviewsState.enabled = {}
  window.localStorage.clear()
})
afterAll(() => server.close())

const org: Organization = {
  id: 7,
  name: 'Acme',
  slug: 'acme',
  billing_email: 'Unknown',
  managed_by: 'supabase',
  plan: { id: 'free', name: 'Free' },
  restriction_status: null,
  restriction_data: null,
  is_owner: true,
  role: 'Owner',
}
const project: ProjectDetail = { ...SAMPLE_PROJECT, ref: 'shopref', dbVersion: 'PostgreSQL 17.5', db_host: '127.0.0.1' }

async function renderLayout(previews: FeaturePreviewKey[] = []) {
  // Stored before the layout mounts, as after a reload; valtio announces it on the next tick.
  await act(async () => previews.forEach((key) => setFeaturePreview(key, true)))
  server.use(
    http.get('*/api/config', () => HttpResponse.json({ isPlatform: true, productName: 'Dashboard', authUrl: '/auth/v1', apiMocking: false })),
    http.get('*/api/platform/profile', () =>
      HttpResponse.json({ id: 1, gotrue_id: 'u1', auth0_id: 'u1', username: 'ada', primary_email: 'ada@example.com', first_name: null, last_name: null, disabled_features: [], is_alpha_user: false })
    ),
    http.get('*/api/platform/profile/permissions', () =>
      HttpResponse.json([{ organization_id: 7, organization_slug: 'acme', actions: actionsOf('Owner'), resources: ['*'], condition: null, restrictive: false }])
    ),
    http.get('*/api/platform/organizations', () => HttpResponse.json([org])),
    http.get('*/api/platform/projects', () => HttpResponse.json([project])),
    http.get('*/api/platform/projects/shopref', () => HttpResponse.json(project))
  )
  render(
    <QueryClientProvider client={createQueryClient()}>
      <ProjectLayout>
        <p>Project page</p>
      </ProjectLayout>
    </QueryClientProvider>
  )
  // Config, session, profile, lists and the project's detail come in one after the other.
  await screen.findByText('Project page', undefined, { timeout: 5_000 })
}

const sideNav = () => screen.getAllByRole('navigation', { name: 'Project' })[0]

it('with every preview off: no API button, no Column privileges, no SQL panel; the API docs panel is mounted', async () => {
  await renderLayout()
  expect(screen.queryByRole('button', { name: 'API' })).not.toBeInTheDocument()
  expect(screen.queryByRole('button', { name: 'SQL panel' })).not.toBeInTheDocument()
  expect(within(sideNav()).queryByRole('link', { name: 'Column privileges' })).not.toBeInTheDocument()
  expect(screen.getByRole('button', { name: 'AI assistant' })).toBeInTheDocument()
  expect(screen.getByTestId('api-docs-panel')).toHaveAttribute('data-ref', 'shopref')
  // The banners are for the project's organization; the restriction banner is among them now.
  expect(screen.getByTestId('banners')).toHaveAttribute('data-slug', 'acme')
})

it('the API side panel preview adds the API button, which opens the API docs', async () => {
  const user = userEvent.setup()
  await renderLayout([FEATURE_PREVIEW_KEYS.API_SIDE_PANEL])
  await user.click(screen.getByRole('button', { name: 'API' }))
  expect(appState.showProjectApiDocs).toBe(true)
  expect(screen.queryByRole('button', { name: 'SQL panel' })).not.toBeInTheDocument()
})

it('the column privileges preview adds its page to the project navigation', async () => {
  await renderLayout([FEATURE_PREVIEW_KEYS.COLUMN_PRIVILEGES])
  expect(within(sideNav()).getByRole('link', { name: 'Column privileges' })).toHaveAttribute('href', '/project/shopref/database/column-privileges')
  expect(screen.queryByRole('button', { name: 'API' })).not.toBeInTheDocument()
})

it('the inline editor preview adds the SQL panel toggle; turning a preview on shows its item at once', async () => {
  await renderLayout([FEATURE_PREVIEW_KEYS.INLINE_EDITOR])
  expect(screen.getByRole('button', { name: 'SQL panel' })).toBeInTheDocument()
  expect(screen.queryByRole('button', { name: 'API' })).not.toBeInTheDocument()
  await act(async () => setFeaturePreview(FEATURE_PREVIEW_KEYS.API_SIDE_PANEL, true))
  expect(screen.getByRole('button', { name: 'API' })).toBeInTheDocument()
})
