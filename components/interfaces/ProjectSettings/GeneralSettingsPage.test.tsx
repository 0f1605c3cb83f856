// @vitest-environment happy-dom
/**
 * Project settings → General against an MSW-mocked platform: rename (checked before sending, the
 * new name shown), the pause status of a Free project (none on a paid plan), read-only mode with
 * why and what to do, the service versions, and the controls each role gets (a Read-only member
 * sees the page but no Save, no actions).
 */
import { vi } from 'vitest'
import { recordToasts } from '@/tests/helpers/toasts'
import { render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { QueryClientProvider } from '@tanstack/react-query'
import { http, HttpResponse } from 'msw'
import { mockedPlatform, permissionsFor, runtimeConfig, SAMPLE_PROJECT } from '@/tests/helpers/mocked-platform'
import { createQueryClient } from '@/data/query-client'
import { type OrganizationRole, type PauseStatus, type ProjectDetail, type ServiceVersions, type UpgradeStatus } from '@/lib/api-types'
import { formatMoment } from './general-settings.utils'
import { GeneralSettingsPage } from './GeneralSettingsPage'
import { withRouter } from '@/tests/helpers/router'

const router = { push: vi.fn(), pathname: '/project/[ref]/settings/general', query: { ref: 'abc' } }

const toasts = recordToasts()

const server = mockedPlatform()

const PROJECT: ProjectDetail = SAMPLE_PROJECT
const VERSIONS: ServiceVersions = {
  postgres: { name: 'Postgres', version: '17.2' },
  postgrest: { name: 'PostgREST', version: '12.0.2' },
  auth: { name: 'Auth (GoTrue-compatible)', version: '2.0.0' },
  platform: { name: 'Platform', version: '0.1.0' },
}
const FREE: PauseStatus = { applies: true, last_activity_at: '2026-03-01T10:00:00.000Z', pause_at: '2026-03-08T10:00:00.000Z', inactive_after_seconds: 604800 }

const CURRENT: UpgradeStatus = { available: false, postgres: '17.2', extensions: [], last: null, unavailable_reason: null }
const BEHIND: UpgradeStatus = { ...CURRENT, available: true, extensions: [{ name: 'hstore', installed_version: '1.4', default_version: '1.8' }] }

function platform({ role = 'Owner' as OrganizationRole, project = {} as Partial<ProjectDetail>, pause = FREE, upgrade = CURRENT, upgradedElsewhere = false } = {}) {
  let state = { ...PROJECT, ...project }
  const log = { renames: [] as unknown[], upgrades: 0, allowed: 0 }
  server.use(
    runtimeConfig(),
    permissionsFor(role),
    http.get('*/api/platform/projects', () => HttpResponse.json([state])),
    http.get('*/api/platform/projects/abc', () => HttpResponse.json(state)),
    http.patch('*/api/platform/projects/abc', async ({ request }) => {
      const body = (await request.json()) as { name: string }
      log.renames.push(body)
      state = { ...state, name: body.name }
      return HttpResponse.json(state)
    }),
    http.get('*/api/platform/projects/abc/service-versions', () => HttpResponse.json(VERSIONS)),
    http.get('*/api/platform/projects/abc/pause-status', () => HttpResponse.json(pause)),
    http.get('*/api/platform/projects/abc/upgrade', () => HttpResponse.json(upgrade)),
    http.post('*/api/platform/projects/abc/upgrade', () => {
      log.upgrades++
      if (upgradedElsewhere) {
        // Another request's upgrade ran meanwhile: nothing is behind any more.
        upgrade = CURRENT
        return HttpResponse.json({ code: 409, message: 'This project was upgraded a moment ago; its upgrade status shows what was done.' }, { status: 409 })
      }
      state = { ...state, status: 'UPGRADING' }
      return HttpResponse.json(state, { status: 202 })
    }),
    http.post('*/api/platform/projects/abc/read-only/allow-writes', () => {
      log.allowed++
      state = { ...state, read_only_writable_until: '2026-03-08T10:15:00.000Z' }
      return HttpResponse.json(state)
    })
  )
  return log
}

function renderPage() {
  const user = userEvent.setup()
  render(
    withRouter(
      router,
      <QueryClientProvider client={createQueryClient()}>
        <GeneralSettingsPage projectRef="abc" />
      </QueryClientProvider>
    )
  )
  return { user }
}

it('renames the project: an empty name is refused before sending, a new one saved and shown', async () => {
  const log = platform()
  const { user } = renderPage()
  const name = await screen.findByLabelText('Name')
  expect(name).toHaveValue('Shop')
  const save = await screen.findByRole('button', { name: 'Save' })
  expect(save).toBeDisabled()
  await user.clear(name)
  await user.type(name, '   ')
  await user.click(save)
  expect(await screen.findByText('Project name is required')).toBeInTheDocument()
  expect(log.renames).toEqual([])
  await user.clear(name)
  await user.type(name, ' Shop backend ')
  await user.click(save)
  await waitFor(() => expect(log.renames).toEqual([{ name: 'Shop backend' }]))
  await waitFor(() => expect(toasts.success).toEqual(['The project is now called Shop backend']))
  expect(screen.getByLabelText('Name')).toHaveValue('Shop backend')
})

it('shows the service versions', async () => {
  platform()
  renderPage()
  const versions = await screen.findByLabelText('Service versions')
  for (const [label, version] of [['Postgres', '17.2'], ['PostgREST', '12.0.2'], ['Auth (GoTrue-compatible)', '2.0.0'], ['Platform', '0.1.0']])
    expect(within(versions).getByText(label).nextSibling).toHaveTextContent(version)
})

it('a Free project: its last activity and when it will be paused', async () => {
  platform()
  renderPage()
  const card = await screen.findByTestId('pause-status')
  expect(card).toHaveTextContent(formatMoment(FREE.last_activity_at!))
  expect(card).toHaveTextContent(formatMoment(FREE.pause_at!))
})

it('a paid plan shows no pause status', async () => {
  platform({ project: { plan: 'pro' }, pause: { applies: false, last_activity_at: FREE.last_activity_at, pause_at: null, inactive_after_seconds: 604800 } })
  renderPage()
  await screen.findByLabelText('Service versions')
  expect(screen.queryByTestId('pause-status')).toBeNull()
})

it('read-only mode: says why and what to do, with a link to upgrade', async () => {
  platform({ project: { read_only: true, read_only_note: 'The database uses 612 MB; the Free plan includes 500 MB per project.' } })
  renderPage()
  const alert = await screen.findByTestId('read-only-mode')
  expect(alert).toHaveTextContent('This project is in read-only mode')
  expect(alert).toHaveTextContent('The database uses 612 MB; the Free plan includes 500 MB per project.')
  expect(alert).toHaveTextContent("Meanwhile its app's users cannot sign up or sign in. To delete data and get back under the quota, allow writes for 15 minutes; or upgrade the plan.")
  expect(within(alert).getByRole('link', { name: 'Upgrade the plan' })).toHaveAttribute('href', '/org/acme/billing')
})

it('read-only mode: an Owner allows writes for 15 minutes, and the page says until when', async () => {
  const log = platform({ project: { read_only: true, read_only_note: 'The database uses 612 MB; the Free plan includes 500 MB per project.' } })
  const { user } = renderPage()
  const alert = await screen.findByTestId('read-only-mode')
  await user.click(await within(alert).findByRole('button', { name: 'Allow writes for 15 minutes' }))
  expect(await within(alert).findByText(/Writes are allowed until .* so that data can be deleted/)).toBeInTheDocument()
  expect(within(alert).queryByRole('button', { name: 'Allow writes for 15 minutes' })).toBeNull()
  expect(log.allowed).toBe(1)
})

it('read-only mode: a Developer is not offered to allow writes', async () => {
  platform({ role: 'Developer', project: { read_only: true, read_only_note: 'The database uses 612 MB; the Free plan includes 500 MB per project.' } })
  renderPage()
  const alert = await screen.findByTestId('read-only-mode')
  expect(within(alert).queryByRole('button', { name: 'Allow writes for 15 minutes' })).toBeNull()
})

it('an Owner gets restart, pause and delete; deleting asks for the name', async () => {
  platform()
  const { user } = renderPage()
  const actions = await screen.findByRole('group', { name: 'Project actions' })
  expect(within(actions).getByRole('button', { name: /Pause project/ })).toBeInTheDocument()
  expect(within(actions).getByRole('button', { name: /Restart project/ })).toBeInTheDocument()
  await user.click(within(actions).getByRole('button', { name: /Delete project/ }))
  expect(await screen.findByRole('dialog')).toHaveTextContent('Delete Shop')
})

it('a Read-only member reads the page but gets no Save and no actions', async () => {
  platform({ role: 'Read-only' })
  renderPage()
  expect(await screen.findByLabelText('Service versions')).toBeInTheDocument()
  expect(screen.getByLabelText('Name')).toBeDisabled()
  expect(screen.queryByRole('button', { name: 'Save' })).toBeNull()
  expect(screen.queryByRole('group', { name: 'Project actions' })).toBeNull()
  expect(screen.getByText('Your role cannot rename this project.')).toBeInTheDocument()
})

it('says the extensions are up to date when nothing is behind, with no Upgrade button', async () => {
  platform()
  renderPage()
  const card = await screen.findByTestId('upgrade-card')
  await waitFor(() => expect(card).toHaveTextContent('Up to date: every extension is at the version Postgres 17.2 ships.'))
  expect(within(card).queryByRole('button', { name: /Upgrade/ })).toBeNull()
})

it('an Owner upgrades the extensions that are behind, after a confirmation that says what happens', async () => {
  const log = platform({ upgrade: BEHIND })
  const { user } = renderPage()
  const card = await screen.findByTestId('upgrade-card')
  const list = await within(card).findByRole('list', { name: 'Extensions to upgrade' })
  expect(list).toHaveTextContent('hstore1.4 → 1.8')
  await user.click(within(card).getByRole('button', { name: 'Upgrade' }))
  const dialog = await screen.findByRole('dialog')
  expect(dialog).toHaveTextContent('every open connection to its database is ended')
  expect(log.upgrades).toBe(0)
  await user.click(within(dialog).getByRole('button', { name: 'Upgrade now' }))
  await waitFor(() => expect(log.upgrades).toBe(1))
  await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
})

it('an upgrade refused because another one ran meanwhile leaves the card showing the project as it is now', async () => {
  platform({ upgrade: BEHIND, upgradedElsewhere: true })
  const { user } = renderPage()
  const card = await screen.findByTestId('upgrade-card')
  await within(card).findByRole('list', { name: 'Extensions to upgrade' })
  await user.click(within(card).getByRole('button', { name: 'Upgrade' }))
  await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Upgrade now' }))
  await waitFor(() => expect(card).toHaveTextContent('Up to date: every extension is at the version Postgres 17.2 ships.'))
  expect(within(card).queryByRole('button', { name: /Upgrade/ })).toBeNull()
})

it('a Developer sees what is behind but cannot upgrade, and is told who can', async () => {
  platform({ role: 'Developer', upgrade: BEHIND })
  renderPage()
  const card = await screen.findByTestId('upgrade-card')
  expect(await within(card).findByRole('button', { name: 'Upgrade' })).toBeDisabled()
  expect(card).toHaveTextContent('Ask an Owner or Admin of the organization to upgrade it.')
})

it('shows why the last upgrade failed', async () => {
  const note = 'Upgrading failed at 2026-11-26T16:40:00.000Z: permission denied to update extension "pageinspect". Nothing was changed; try again, or contact support with the project reference abc.'
  platform({ upgrade: { ...BEHIND, last: { at: '2026-11-26T16:40:00.000Z', ok: false, note, postgres: null, extensions: [] } } })
  renderPage()
  const last = await screen.findByTestId('last-upgrade')
  expect(last).toHaveTextContent('The last upgrade failed')
  expect(last).toHaveTextContent(note)
})
