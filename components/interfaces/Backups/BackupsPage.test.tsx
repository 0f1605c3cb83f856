// @vitest-environment happy-dom
/**
 * Project → Backups against an MSW-mocked platform: the list with time, size and status and the
 * plan's retention, "Back up now", a restore only after the confirmation (and only for roles that
 * may), the download note, and the error state with its retry.
 */

import { render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { QueryClientProvider } from '@tanstack/react-query'
import { http, HttpResponse } from 'msw'
import { setupServer } from 'msw/node'
import { createQueryClient } from '@/data/query-client'
import { actionsOf, type Backup, type BackupList, type OrganizationRole } from '@/lib/api-types'
import { recordToasts } from '@/tests/helpers/toasts'
import { BackupsPage } from './BackupsPage'
import { withRouter } from '@/tests/helpers/router'

const pushed: string[] = []
const router = { push: async (url: string) => pushed.push(url) > 0 }

const server = setupServer()
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }))
afterEach(() => server.resetHandlers())
afterAll(() => server.close())
const toasts = recordToasts()

const BACKUP: Backup = {
  id: 3,
  project_ref: 'abc',
  kind: 'daily',
  status: 'completed',
  size_bytes: 8 * 1024 * 1024,
  error: null,
  inserted_at: '2026-11-25T03:00:00Z',
  completed_at: '2026-11-25T03:00:02Z',
}
const NOTE = "A download is a dump made by pg_dump of the server's major version (PostgreSQL 17), and this platform has none: install it."

function platform({ role = 'Owner' as OrganizationRole, failures = 0, backups = [BACKUP] } = {}) {
  let list: BackupList = { backups, retention_days: 7, daily: true, downloadable: false, download_note: NOTE }
  let failing = failures
  const log = { created: 0, restored: [] as string[], cloned: [] as unknown[] }
  server.use(
    http.get('*/api/config', () => HttpResponse.json({ isPlatform: true, productName: 'Dashboard', authUrl: '/auth/v1', apiMocking: false })),
    http.get('*/api/platform/profile/permissions', () =>
      HttpResponse.json([{ organization_id: 7, organization_slug: 'acme', actions: actionsOf(role), resources: ['*'], condition: null, restrictive: false }])
    ),
    http.get('*/api/platform/projects/abc', () => HttpResponse.json({ ref: 'abc', organization_id: 7, status: 'ACTIVE_HEALTHY' })),
    http.get('*/api/platform/projects/abc/backups', () => {
      if (failing > 0) {
        failing--
        return HttpResponse.json({ code: 409, message: 'The project is paused.', requestId: 'r1' }, { status: 409 })
      }
      return HttpResponse.json(list)
    }),
    http.post('*/api/platform/projects/abc/backups', () => {
      log.created++
      const made: Backup = { ...BACKUP, id: 4, kind: 'manual', inserted_at: '2026-11-26T10:00:00Z' }
      list = { ...list, backups: [made, ...list.backups] }
      return HttpResponse.json(made, { status: 201 })
    }),
    http.post('*/api/platform/projects/abc/backups/:id/clone', async ({ params, request }) => {
      const body = (await request.json()) as { name: string }
      log.cloned.push({ id: params.id, ...body })
      if (body.name === 'Too many')
        return HttpResponse.json({ code: 402, message: 'The Free plan allows 2 active projects.', requestId: 'r3' }, { status: 402 })
      return HttpResponse.json({ ref: 'newref', name: body.name, organization_id: 7, status: 'COMING_UP' }, { status: 201 })
    }),
    http.post('*/api/platform/projects/abc/backups/:id/restore', ({ params }) => {
      log.restored.push(String(params.id))
      return HttpResponse.json({ ref: 'abc', status: 'RESTORING', backup_id: Number(params.id) }, { status: 202 })
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
        <BackupsPage projectRef="abc" />
      </QueryClientProvider>
    )
  )
  return { user }
}

it('lists backups with their size and status, the retention, and why downloads are not offered', async () => {
  platform()
  renderPage()
  const row = (await screen.findAllByTestId('backup-row'))[0]
  expect(within(row).getByText('Completed')).toBeInTheDocument()
  expect(within(row).getByText('Daily')).toBeInTheDocument()
  expect(within(row).getByText('8 MB')).toBeInTheDocument()
  expect(screen.getByText('A backup is made every day and kept for 7 days. You can also back up now.')).toBeInTheDocument()
  expect(screen.getByText(NOTE)).toBeInTheDocument()
})

it('backs up now and shows the new backup first', async () => {
  const log = platform({ backups: [] })
  const { user } = renderPage()
  expect(await screen.findByText('No backups yet')).toBeInTheDocument()
  const button = screen.getByRole('button', { name: 'Back up now' })
  await waitFor(() => expect(button).toBeEnabled())
  await user.click(button)
  await waitFor(() => expect(screen.getAllByTestId('backup-row')).toHaveLength(1))
  expect(within(screen.getAllByTestId('backup-row')[0]).getByText('On demand')).toBeInTheDocument()
  expect(log.created).toBe(1)
  expect(toasts.success).toEqual(['Backup made'])
})

it('restores only after the confirmation', async () => {
  const log = platform()
  const { user } = renderPage()
  const restore = within((await screen.findAllByTestId('backup-row'))[0]).getByRole('button', { name: 'Restore' })
  await waitFor(() => expect(restore).toBeEnabled())
  await user.click(restore)
  const dialog = await screen.findByRole('dialog', { name: 'Restore this backup?' })
  expect(dialog).toHaveTextContent('Everything changed since is lost.')
  expect(log.restored).toEqual([])
  await user.click(within(dialog).getByRole('button', { name: 'Cancel' }))
  expect(log.restored).toEqual([])
  await user.click(restore)
  await user.click(within(await screen.findByRole('dialog', { name: 'Restore this backup?' })).getByRole('button', { name: 'Restore' }))
  await waitFor(() => expect(log.restored).toEqual(['3']))
})

it('lets a Developer back up but not restore, and says who may', async () => {
  platform({ role: 'Developer' })
  renderPage()
  const restore = within((await screen.findAllByTestId('backup-row'))[0]).getByRole('button', { name: 'Restore' })
  await waitFor(() => expect(screen.getByRole('button', { name: 'Back up now' })).toBeEnabled())
  expect(restore).toBeDisabled()
  expect(restore).toHaveAttribute('title', 'Only Owner and Admin members can restore')
})

it('shows the error with a retry that loads the list', async () => {
  platform({ failures: 1 })
  const { user } = renderPage()
  expect(await screen.findByText('Could not load the backups')).toBeInTheDocument()
  expect(screen.getByText(/The project is paused\./)).toBeInTheDocument()
  await user.click(screen.getByRole('button', { name: 'Try again' }))
  expect(await screen.findAllByTestId('backup-row')).toHaveLength(1)
})

it('clones a backup into a new project and opens it; a refusal shows under the name', async () => {
  const log = platform()
  const { user } = renderPage()
  const clone = within((await screen.findAllByTestId('backup-row'))[0]).getByRole('button', { name: 'Clone' })
  await waitFor(() => expect(clone).toBeEnabled())
  await user.click(clone)
  const dialog = await screen.findByRole('dialog', { name: 'Clone into a new project' })
  await user.type(within(dialog).getByLabelText('Project name'), 'Too many')
  await user.click(within(dialog).getByRole('button', { name: 'Clone' }))
  expect(await within(dialog).findByText('The Free plan allows 2 active projects.')).toBeInTheDocument()
  await user.clear(within(dialog).getByLabelText('Project name'))
  await user.type(within(dialog).getByLabelText('Project name'), 'Copy of shop')
  await user.click(within(dialog).getByRole('button', { name: 'Clone' }))
  await waitFor(() => expect(pushed).toEqual(['/project/newref']))
  expect(log.cloned).toEqual([
    { id: '3', name: 'Too many' },
    { id: '3', name: 'Copy of shop' },
  ])
})

it('does not let a Developer clone (creating projects is for Owners and Admins)', async () => {
  platform({ role: 'Developer' })
  renderPage()
  const clone = within((await screen.findAllByTestId('backup-row'))[0]).getByRole('button', { name: 'Clone' })
  await waitFor(() => expect(screen.getByRole('button', { name: 'Back up now' })).toBeEnabled())
  expect(clone).toBeDisabled()
})
