// @vitest-environment happy-dom
/**
 * The Connect card against an MSW-mocked platform: the URI, psql and env lines with the password
 * hidden until revealed, reveal and reset only for the roles allowed, the reset dialog (sent
 * password, shown once), the note about the platform's own server, and the not-set-up and error states.
 */
import { recordToasts } from '@/tests/helpers/toasts'
import { render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { QueryClientProvider } from '@tanstack/react-query'
import { http, HttpResponse } from 'msw'
import { setupServer } from 'msw/node'
import { createQueryClient } from '@/data/query-client'
import { actionsOf, type OrganizationRole, type ProjectDetail, type ProjectSettings } from '@/lib/api-types'
import { appState } from '@/state/app'
import { ConnectCard } from './ConnectCard'
import { connectionLines, generatePassword } from './connection-lines'

recordToasts()

const server = setupServer()
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }))
afterEach(() => server.resetHandlers())
afterAll(() => server.close())
beforeEach(() => appState.reset())

const PROJECT = { ref: 'abc', name: 'Shop', organization_id: 7, organization_slug: 'acme', status: 'ACTIVE_HEALTHY' } as ProjectDetail

const SETTINGS: ProjectSettings = {
  ref: 'abc',
  status: 'ACTIVE_HEALTHY',
  db_kind: 'server',
  db_host: '127.0.0.1',
  db_port: 54329,
  db_name: 'p_abc',
  db_user: 'p_abc',
  connection_string: 'postgresql://p_abc:[YOUR-PASSWORD]@127.0.0.1:54329/p_abc',
  psql_command: 'psql -h 127.0.0.1 -p 54329 -d p_abc -U p_abc',
  local_only: true,
  note: 'A PostgreSQL server this platform runs on this machine: reachable from this machine only, connections not encrypted.',
}

function platform({ role = 'Owner' as OrganizationRole, settings = SETTINGS as ProjectSettings | 'error' } = {}) {
  const sent: string[] = []
  let password = 's3cret/pass+word'
  server.use(
    http.get('*/api/config', () => HttpResponse.json({ isPlatform: true, productName: 'Dashboard', authUrl: '/auth/v1', apiMocking: false })),
    http.get('*/api/platform/profile/permissions', () =>
      HttpResponse.json([{ organization_id: 7, organization_slug: 'acme', actions: actionsOf(role), resources: ['*'], condition: null, restrictive: false }])
    ),
    http.get('*/api/platform/projects/abc/settings', () =>
      settings === 'error' ? HttpResponse.json({ code: 403, message: 'not allowed here', requestId: 'r' }, { status: 403 }) : HttpResponse.json(settings)
    ),
    http.get('*/api/platform/projects/abc/db-password', () => HttpResponse.json({ password })),
    http.patch('*/api/platform/projects/abc/db-password', async ({ request }) => {
      password = ((await request.json()) as { password: string }).password
      sent.push(password)
      return new HttpResponse(null, { status: 204 })
    })
  )
  return { sent }
}

function renderCard() {
  const user = userEvent.setup()
  render(
    <QueryClientProvider client={createQueryClient()}>
      <ConnectCard project={PROJECT} />
    </QueryClientProvider>
  )
  return { user }
}

it('shows the URI with the password hidden, and reveals it on demand', async () => {
  platform()
  const { user } = renderCard()
  const panel = await screen.findByRole('tabpanel')
  expect(panel).toHaveTextContent('postgresql://p_abc:[YOUR-PASSWORD]@127.0.0.1:54329/p_abc')
  await user.click(await screen.findByRole('button', { name: 'Reveal password' }))
  await waitFor(() => expect(panel).toHaveTextContent('postgresql://p_abc:s3cret%2Fpass%2Bword@127.0.0.1:54329/p_abc'))
  await user.click(screen.getByRole('tab', { name: 'Environment variables' }))
  expect(screen.getByRole('tabpanel')).toHaveTextContent("PGPASSWORD=s3cret/pass+word")
  await user.click(screen.getByRole('button', { name: 'Hide password' }))
  expect(screen.getByRole('tabpanel')).toHaveTextContent("PGPASSWORD='[YOUR-PASSWORD]'")
})

it('offers neither reveal nor reset to a Read-only member', async () => {
  platform({ role: 'Read-only' })
  renderCard()
  await screen.findByRole('tabpanel')
  // Permissions load after the settings: give them the chance to show the buttons (they must not).
  await new Promise((r) => setTimeout(r, 50))
  expect(screen.queryByRole('button', { name: 'Reveal password' })).toBeNull()
  expect(screen.queryByRole('button', { name: 'Reset password' })).toBeNull()
})

it('a Developer may reveal but not reset', async () => {
  platform({ role: 'Developer' })
  renderCard()
  expect(await screen.findByRole('button', { name: 'Reveal password' })).toBeInTheDocument()
  expect(screen.queryByRole('button', { name: 'Reset password' })).toBeNull()
})

it('resets the password with a generated one and shows it once', async () => {
  const { sent } = platform()
  const { user } = renderCard()
  await user.click(await screen.findByRole('button', { name: 'Reset password' }))
  const dialog = await screen.findByRole('dialog')
  await user.click(within(dialog).getByRole('button', { name: 'Generate a password' }))
  const generated = (within(dialog).getByLabelText('New password') as HTMLInputElement).value
  expect(generated).toMatch(/^[A-Za-z0-9_-]{32}$/)
  await user.click(within(dialog).getByRole('button', { name: 'Reset password' }))
  await waitFor(() => expect(sent).toEqual([generated]))
  expect(await within(dialog).findByText(generated)).toBeInTheDocument()
})

it('shows the note about the server beside the details, and no warning about shared sessions', async () => {
  platform()
  renderCard()
  await screen.findByRole('tabpanel')
  expect(screen.getByText(SETTINGS.note!)).toBeInTheDocument()
  expect(screen.queryByText(/share one .*session/i)).toBeNull()
})

it('says when the database is not set up yet, with nothing to copy or reset', async () => {
  const note = "The project's database is not set up yet."
  platform({
    settings: { ...SETTINGS, db_kind: null, db_host: null, db_port: null, db_name: null, db_user: null, connection_string: null, psql_command: null, local_only: false, note },
  })
  renderCard()
  const alert = await screen.findByText(note)
  expect(alert.closest('[role="status"]')).toHaveTextContent('Nothing to connect to yet')
  expect(screen.queryByRole('tabpanel')).toBeNull()
  expect(screen.queryByRole('button', { name: 'Reset password' })).toBeNull()
})

it('shows the error when the details fail to load', async () => {
  platform({ settings: 'error' })
  renderCard()
  expect(await screen.findByText('Could not load the connection details')).toBeInTheDocument()
})

it('builds lines a shell reads as they are, and strong passwords', () => {
  const lines = connectionLines(SETTINGS, "it's a pass word")!
  expect(lines.uri).toBe("postgresql://p_abc:it's%20a%20pass%20word@127.0.0.1:54329/p_abc")
  expect(lines.env).toContain("PGPASSWORD='it'\\''s a pass word'")
  expect(generatePassword()).not.toBe(generatePassword())
  expect(generatePassword(() => new Uint8Array(24).fill(255))).toBe('_'.repeat(32))
})
