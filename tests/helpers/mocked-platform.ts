/**
 * What component tests against an MSW-mocked platform share: the server (listening for the file,
 * its handlers reset after each test), the answers every screen asks for (the runtime
 * configuration, the caller's permissions) and a project to start from.
 */
import { http, HttpResponse } from 'msw'
import { setupServer } from 'msw/node'
import { afterAll, afterEach, beforeAll } from 'vitest'
import { actionsOf, type OrganizationRole, type ProjectDetail } from '@/lib/api-types'

/**
 * An MSW server for this test file (a new one, or the one a file's helpers hand out); a request
 * without a handler fails the test. Its hooks are the calling file's.
 */
export function mockedPlatform(server = setupServer()) {
  beforeAll(() => server.listen({ onUnhandledRequest: 'error' }))
  afterEach(() => server.resetHandlers())
  afterAll(() => server.close())
  return server
}

/** GET /api/config of a platform-mode dashboard. */
export const runtimeConfig = () =>
  http.get('*/api/config', () => HttpResponse.json({ isPlatform: true, productName: 'Dashboard', authUrl: '/auth/v1', apiMocking: false }))

type Membership = { id: number; slug: string; role: OrganizationRole }

/** GET /api/platform/profile/permissions for a caller with `role` in organization 7 (`acme`), or with the memberships given. */
export const permissionsFor = (role: OrganizationRole | Membership[]) => {
  const memberships = typeof role === 'string' ? [{ id: 7, slug: 'acme', role }] : role
  return http.get('*/api/platform/profile/permissions', () =>
    HttpResponse.json(memberships.map((m) => ({ organization_id: m.id, organization_slug: m.slug, actions: actionsOf(m.role), resources: ['*'], condition: null, restrictive: false })))
  )
}

/** A healthy Free project `abc` named Shop, of organization 7 (`acme`). */
export const SAMPLE_PROJECT: ProjectDetail = {
  id: 1,
  ref: 'abc',
  name: 'Shop',
  status: 'ACTIVE_HEALTHY',
  organization_id: 7,
  organization_slug: 'acme',
  cloud_provider: 'AWS',
  region: 'us-east-1',
  plan: 'free',
  inserted_at: '2026-01-01T00:00:00Z',
  parent_project_ref: null,
  preview_branch_refs: [],
  dbVersion: 'PostgreSQL 17.2',
  postgrestStatus: 'ONLINE',
  db_host: 'localhost',
  status_message: null,
  read_only: false,
  read_only_note: null,
}
