/**
 * The Authentication pages' tests' platform: the runtime config, the member's permissions (from
 * the roles policy, or a given list of actions), the project, and the in-memory auth service of
 * mocks/project-auth.ts; the page rendered in a fresh query client.
 */
import { render } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { QueryClientProvider } from '@tanstack/react-query'
import { http, HttpResponse } from 'msw'
import { setupServer } from 'msw/node'
import type { ReactNode } from 'react'
import { createQueryClient } from '@/data/query-client'
import { actionsOf } from '@/lib/api-types/permissions'
import type { Action } from '@/lib/api-types'
import { mockAuthState, projectAuthHandlers, type MockAuthState } from '@/mocks/project-auth'

/** The files' MSW server: each file starts it for itself with `mockedPlatform(server)`. */
export const server = setupServer()

/** The platform for project `abc`; `actions` overrides what the permissions answer grants. */
export function platform(extra: Partial<Omit<MockAuthState, 'log'>> = {}, { actions }: { actions?: Action[] } = {}) {
  const state = mockAuthState(extra)
  server.use(
    http.get('*/api/config', () => HttpResponse.json({ isPlatform: true, productName: 'Dashboard', authUrl: '/auth/v1', apiMocking: false })),
    http.get('*/api/platform/profile/permissions', () =>
      HttpResponse.json([
        { organization_id: 7, organization_slug: 'acme', actions: actions ?? actionsOf(state.role), resources: ['*'], condition: null, restrictive: false },
      ])
    ),
    http.get('*/api/platform/projects/abc', () => HttpResponse.json({ ref: 'abc', organization_id: 7, status: 'ACTIVE_HEALTHY' })),
    ...projectAuthHandlers(state)
  )
  return state
}

export function renderPage(page: ReactNode) {
  const user = userEvent.setup()
  render(<QueryClientProvider client={createQueryClient()}>{page}</QueryClientProvider>)
  return { user }
}
