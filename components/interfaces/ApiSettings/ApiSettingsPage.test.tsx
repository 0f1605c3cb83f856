// @vitest-environment happy-dom
/**
 * Project settings → API against an MSW-mocked platform: the URL and keys shown, the service key
 * revealed only to roles that may (and a refusal shown), the JWT secret rotated after a
 * confirmation with the new keys shown, the data API settings validated and saved, and the error
 * state with its retry.
 */
import { recordToasts } from '@/tests/helpers/toasts'
import { render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { QueryClientProvider } from '@tanstack/react-query'
import { http, HttpResponse } from 'msw'
import { setupServer } from 'msw/node'
import { createQueryClient } from '@/data/query-client'
import { actionsOf, roleCan, type ApiSettings, type OrganizationRole } from '@/lib/api-types'
import { ApiSettingsPage } from './ApiSettingsPage'

const toasts = recordToasts()

const server = setupServer()
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }))
afterEach(() => server.resetHandlers())
afterAll(() => server.close())

const SETTINGS: ApiSettings = {
  url: 'http://localhost:3000/p/abc',
  rest_url: 'http://localhost:3000/p/abc/rest/v1',
  anon_key: 'anon.key.one',
  service_role_key: null,
  jwt_secret_rotated_at: null,
  data_api: { enabled: true, schemas: ['public'], max_rows: 1000, anon_statement_timeout_s: 3, authenticated_statement_timeout_s: 8 },
}

function platform({ role = 'Owner' as OrganizationRole, failures = 0 } = {}) {
  let state = structuredClone(SETTINGS)
  let service = 'service.key.one'
  let failing = failures
  const log = { reveals: 0, rotations: 0, patches: [] as unknown[] }
  server.use(
    http.get('*/api/config', () => HttpResponse.json({ isPlatform: true, productName: 'Dashboard', authUrl: '/auth/v1', apiMocking: false })),
    http.get('*/api/platform/profile/permissions', () =>
      HttpResponse.json([{ organization_id: 7, organization_slug: 'acme', actions: actionsOf(role), resources: ['*'], condition: null, restrictive: false }])
    ),
    http.get('*/api/platform/projects/abc', () => HttpResponse.json({ ref: 'abc', organization_id: 7, status: 'ACTIVE_HEALTHY' })),
    http.post('*/api/platform/pg-meta/abc/query', () => HttpResponse.json([{ name: 'api' }, { name: 'public' }])),
    http.get('*/api/platform/projects/abc/api-settings', ({ request }) => {
      if (failing > 0) {
        failing--
        return HttpResponse.json({ code: 409, message: 'The project is paused.', requestId: 'r1' }, { status: 409 })
      }
      if (new URL(request.url).searchParams.get('reveal') !== 'true') return HttpResponse.json(state)
      log.reveals++
      // The platform's own rule: the same policy the page reads.
      if (!roleCan(role, 'api:service-key:read'))
        return HttpResponse.json({ code: 403, message: 'Your role cannot see the service_role key.', requestId: 'r2' }, { status: 403 })
      return HttpResponse.json({ ...state, service_role_key: service })
    }),
    http.post('*/api/platform/projects/abc/api-settings/rotate-jwt-secret', () => {
      log.rotations++
      state = { ...state, anon_key: 'anon.key.two', jwt_secret_rotated_at: '2026-11-26T12:00:00Z' }
      service = 'service.key.two'
      // As the platform answers: the new service key only when revealed again.
      return HttpResponse.json(state)
    }),
    http.patch('*/api/platform/projects/abc/api-settings', async ({ request }) => {
      const body = (await request.json()) as { data_api: Partial<ApiSettings['data_api']> }
      log.patches.push(body)
      state = { ...state, data_api: { ...state.data_api, ...body.data_api } }
      return HttpResponse.json(state)
    })
  )
  return log
}

function renderPage() {
  const user = userEvent.setup()
  render(
    <QueryClientProvider client={createQueryClient()}>
      <ApiSettingsPage projectRef="abc" />
    </QueryClientProvider>
  )
  return { user }
}

const field = (name: string) => screen.getByLabelText(name, { selector: 'code' })

it('shows the URLs and the anon key with copy buttons, the service key masked', async () => {
  platform()
  renderPage()
  expect(await screen.findByText(SETTINGS.url)).toBeInTheDocument()
  expect(field('REST URL')).toHaveTextContent(SETTINGS.rest_url)
  expect(field('anon')).toHaveTextContent('anon.key.one')
  expect(screen.getByText(/safe to use in a browser once row-level security is on/i)).toBeInTheDocument()
  for (const label of ['Copy the project URL', 'Copy the REST URL', 'Copy the anon key']) expect(screen.getByRole('button', { name: label })).toBeInTheDocument()
  expect(field('service_role')).not.toHaveTextContent('service.key')
  expect(screen.queryByRole('button', { name: 'Copy the service_role key' })).toBeNull()
  expect(screen.getByText(/bypasses row-level security/i)).toBeInTheDocument()
})

it.each(['Owner', 'Admin', 'Developer'] as const)('reveals the service key to a %s, and hides it again', async (role) => {
  const log = platform({ role })
  const { user } = renderPage()
  const reveal = await screen.findByRole('button', { name: 'Reveal' })
  await waitFor(() => expect(reveal).toBeEnabled())
  await user.click(reveal)
  await waitFor(() => expect(field('service_role')).toHaveTextContent('service.key.one'))
  expect(screen.getByRole('button', { name: 'Copy the service_role key' })).toBeInTheDocument()
  expect(log.reveals).toBe(1)
  await user.click(screen.getByRole('button', { name: 'Hide' }))
  expect(field('service_role')).not.toHaveTextContent('service.key.one')
})

it('tells a Read-only member why they cannot reveal the service key, and never asks for it', async () => {
  const log = platform({ role: 'Read-only' })
  renderPage()
  expect(await screen.findByText('Only Owner, Admin and Developer members can reveal the service_role key.')).toBeInTheDocument()
  expect(screen.queryByRole('button', { name: 'Reveal' })).toBeNull()
  expect(log.reveals).toBe(0)
})

it('shows the refusal when the platform refuses to reveal the key', async () => {
  platform({ role: 'Developer' })
  // The permissions allowed it, the platform (the role changed meanwhile) refuses: handlers added
  // later take precedence.
  server.use(
    http.get('*/api/platform/projects/abc/api-settings', ({ request }) =>
      new URL(request.url).searchParams.get('reveal') === 'true'
        ? HttpResponse.json({ code: 403, message: 'Your role cannot see the service_role key.', requestId: 'r2' }, { status: 403 })
        : HttpResponse.json(SETTINGS)
    )
  )
  const { user } = renderPage()
  const reveal = await screen.findByRole('button', { name: 'Reveal' })
  await waitFor(() => expect(reveal).toBeEnabled())
  await user.click(reveal)
  expect(await screen.findByText('Could not reveal the service_role key')).toBeInTheDocument()
  expect(screen.getByText('Your role cannot see the service_role key.')).toBeInTheDocument()
  expect(field('service_role')).not.toHaveTextContent('service.key')
})

it('generates a new JWT secret after a confirmation, then shows the new keys', async () => {
  const log = platform({ role: 'Admin' })
  const { user } = renderPage()
  const reveal = await screen.findByRole('button', { name: 'Reveal' })
  await waitFor(() => expect(reveal).toBeEnabled())
  await user.click(reveal)
  await waitFor(() => expect(field('service_role')).toHaveTextContent('service.key.one'))

  const generate = screen.getByRole('button', { name: 'Generate a new secret' })
  await user.click(generate)
  const dialog = await screen.findByRole('dialog')
  expect(dialog).toHaveTextContent(/both the anon and the service_role key change/i)
  expect(dialog).toHaveTextContent(/stops working/i)
  // Cancelling changes nothing.
  await user.click(within(dialog).getByRole('button', { name: 'Cancel' }))
  expect(log.rotations).toBe(0)

  await user.click(generate)
  await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Generate a new secret' }))
  await waitFor(() => expect(field('anon')).toHaveTextContent('anon.key.two'))
  // The revealed service key is asked for again: the new one shows, never the old one.
  await waitFor(() => expect(field('service_role')).toHaveTextContent('service.key.two'))
  expect(log.rotations).toBe(1)
  expect(toasts.success).toEqual(['New JWT secret generated: the API keys above are the new ones'])
  await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
  expect(screen.getByText(/^Last generated /)).toBeInTheDocument()
})

it.each(['Developer', 'Read-only'] as const)('does not let a %s generate a new JWT secret, and says who can', async (role) => {
  platform({ role })
  renderPage()
  expect(await screen.findByText('Only Owner and Admin members can generate a new JWT secret.')).toBeInTheDocument()
  expect(screen.getByRole('button', { name: 'Generate a new secret' })).toBeDisabled()
})

it('validates max rows and saves only what changed', async () => {
  const log = platform({ role: 'Developer' })
  const { user } = renderPage()
  const form = await screen.findByRole('form', { name: 'Data API settings' })
  // Once the role is known the form is editable; nothing changed yet, so nothing to save.
  await waitFor(() => expect(within(form).getByRole('switch', { name: 'Enable the data API' })).toBeEnabled())
  const save = within(form).getByRole('button', { name: 'Save' })
  expect(save).toBeDisabled()

  const maxRows = within(form).getByLabelText('Max rows')
  await user.clear(maxRows)
  await user.type(maxRows, '100001')
  expect(await within(form).findByText('Max rows must be a whole number from 1 to 100,000')).toBeInTheDocument()
  await user.click(save)
  expect(log.patches).toEqual([])

  await user.clear(maxRows)
  await user.type(maxRows, '500')
  expect(within(form).queryByText('Max rows must be a whole number from 1 to 100,000')).toBeNull()
  await user.click(await within(form).findByRole('checkbox', { name: /api/ }))
  await user.click(save)
  await waitFor(() => expect(log.patches).toEqual([{ data_api: { schemas: ['public', 'api'], max_rows: 500 } }]))
  expect(toasts.success).toEqual(['Data API settings saved'])
  await waitFor(() => expect(within(screen.getByRole('form', { name: 'Data API settings' })).getByRole('button', { name: 'Save' })).toBeDisabled())
})

it('wants at least one exposed schema', async () => {
  const log = platform()
  const { user } = renderPage()
  const form = await screen.findByRole('form', { name: 'Data API settings' })
  await user.click(await within(form).findByRole('checkbox', { name: /public/ }))
  await user.click(within(form).getByRole('button', { name: 'Save' }))
  expect(await within(form).findByText('Choose at least one schema to expose')).toBeInTheDocument()
  expect(log.patches).toEqual([])
})

it('turns the data API off', async () => {
  const log = platform()
  const { user } = renderPage()
  const form = await screen.findByRole('form', { name: 'Data API settings' })
  const toggle = within(form).getByRole('switch', { name: 'Enable the data API' })
  await waitFor(() => expect(toggle).toBeEnabled())
  await user.click(toggle)
  await user.click(within(form).getByRole('button', { name: 'Save' }))
  await waitFor(() => expect(log.patches).toEqual([{ data_api: { enabled: false } }]))
})

it('keeps the settings read-only for a Read-only member, saying who can change them', async () => {
  platform({ role: 'Read-only' })
  renderPage()
  expect(await screen.findByText('Only Owner, Admin and Developer members can change these.')).toBeInTheDocument()
  const form = screen.getByRole('form', { name: 'Data API settings' })
  expect(within(form).getByRole('switch', { name: 'Enable the data API' })).toBeDisabled()
  expect(within(form).queryByRole('button', { name: 'Save' })).toBeNull()
})

it('shows the error with Try again, and the settings once it works', async () => {
  platform({ failures: 1 })
  const { user } = renderPage()
  expect(await screen.findByText('Could not load the API settings')).toBeInTheDocument()
  expect(screen.getByText('The project is paused.')).toBeInTheDocument()
  await user.click(screen.getByRole('button', { name: 'Try again' }))
  expect(await screen.findByText(SETTINGS.url)).toBeInTheDocument()
})
