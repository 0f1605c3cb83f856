// @vitest-environment happy-dom
/**
 * Project settings → Storage against an MSW-mocked platform: the S3 endpoint and region with copy
 * buttons, the access keys listed or the empty state, a key created with its secret shown once,
 * a key revoked after a confirmation, the buttons disabled for a role that may not, and the error
 * state with its retry.
 */
import { recordToasts } from '@/tests/helpers/toasts'
import { render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { QueryClientProvider } from '@tanstack/react-query'
import { http, HttpResponse } from 'msw'
import { setupServer } from 'msw/node'
import { createQueryClient } from '@/data/query-client'
import { actionsOf, roleCan, type OrganizationRole } from '@/lib/api-types'
import type { StorageS3AccessKey } from '@/lib/api-types/storage'
import { S3ConnectionPage } from './S3ConnectionPage'

const toasts = recordToasts()

const server = setupServer()
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }))
afterEach(() => server.resetHandlers())
afterAll(() => server.close())

const ENDPOINT = 'http://localhost:3000/p/abc/storage/v1/s3'
const BACKUPS: StorageS3AccessKey = {
  id: '0b6f5a3e-8d2c-4a51-9a43-6f1d2b7c9e01',
  description: 'Nightly backups',
  access_key_id: '6a1f0c2d9b8e7f6a5b4c3d2e1f0a9b8c',
  created_at: '2026-11-20T09:30:00.000Z',
}
const NEW_KEY = {
  id: '4c2e9d1a-7b3f-4e6a-8c5d-2f1e0b9a8c7d',
  access_key_id: '9f8e7d6c5b4a39281706f5e4d3c2b1a0',
  created_at: '2026-11-26T12:00:00.000Z',
  secret_access_key: 'f'.repeat(64),
}

function platform({ role = 'Owner' as OrganizationRole, keys = [BACKUPS], failures = 0 } = {}) {
  let state = [...keys]
  let failing = failures
  const log = { reads: 0, created: [] as unknown[], revoked: [] as string[] }
  server.use(
    http.get('*/api/config', () => HttpResponse.json({ isPlatform: true, productName: 'Dashboard', authUrl: '/auth/v1', apiMocking: false })),
    http.get('*/api/platform/profile/permissions', () =>
      HttpResponse.json([{ organization_id: 7, organization_slug: 'acme', actions: actionsOf(role), resources: ['*'], condition: null, restrictive: false }])
    ),
    http.get('*/api/platform/projects/abc', () => HttpResponse.json({ ref: 'abc', organization_id: 7, status: 'ACTIVE_HEALTHY' })),
    // The upload limit card above (UploadLimitCard.test.tsx).
    http.get('*/api/platform/storage/abc/settings', () => HttpResponse.json({ file_size_limit: null, plan_max_upload_bytes: 50 * 1024 ** 2 })),
    http.get('*/api/platform/storage/abc/s3', () => {
      log.reads++
      if (failing > 0) {
        failing--
        return HttpResponse.json({ code: 409, message: 'The project is paused.', requestId: 'r1' }, { status: 409 })
      }
      return HttpResponse.json({ endpoint: ENDPOINT, region: 'eu-central-1', keys: state })
    }),
    http.post('*/api/platform/storage/abc/s3/access-keys', async ({ request }) => {
      const body = (await request.json()) as { description: string }
      log.created.push(body)
      // The platform's own rule: the same policy the page reads.
      if (!roleCan(role, 'storage:s3-keys:write')) return HttpResponse.json({ code: 403, message: 'Your role cannot do this.', requestId: 'r2' }, { status: 403 })
      const made = { ...NEW_KEY, description: body.description }
      const { secret_access_key: _, ...listed } = made
      state = [...state, listed]
      return HttpResponse.json(made, { status: 201 })
    }),
    http.delete('*/api/platform/storage/abc/s3/access-keys/:id', ({ params }) => {
      const id = String(params.id)
      log.revoked.push(id)
      if (!state.some((key) => key.id === id))
        return HttpResponse.json({ code: 404, message: 'This project has no such access key: it may have been revoked already.', requestId: 'r3' }, { status: 404 })
      state = state.filter((key) => key.id !== id)
      return new HttpResponse(null, { status: 204 })
    })
  )
  return log
}

function renderPage() {
  const user = userEvent.setup()
  const client = createQueryClient()
  render(
    <QueryClientProvider client={client}>
      <S3ConnectionPage projectRef="abc" />
    </QueryClientProvider>
  )
  return { user, client }
}

const field = (name: string, scope: HTMLElement = document.body) => within(scope).getByLabelText(name, { selector: 'code' })
const keysTable = () => screen.getByRole('table', { name: 'Access keys, oldest first' })

it('shows the endpoint and region with copy buttons, how to sign, and the keys', async () => {
  platform()
  renderPage()
  expect(await screen.findByText(ENDPOINT)).toBeInTheDocument()
  expect(field('Region')).toHaveTextContent('eu-central-1')
  for (const label of ['Copy the S3 endpoint', 'Copy the S3 region']) expect(screen.getByRole('button', { name: label })).toBeInTheDocument()
  expect(screen.getByText(/path-style addressing/)).toHaveTextContent('forcePathStyle: true')
  expect(screen.getByText(/as the session token/)).toHaveTextContent(/project ref \(abc\) as the access key id, the anon key as the secret/)
  expect(screen.getByRole('link', { name: 'Storage docs' })).toHaveAttribute('href', '/docs/storage#s3-protocol')

  const rows = within(keysTable()).getAllByRole('row')
  expect(rows).toHaveLength(2)
  expect(rows[1]).toHaveTextContent('Nightly backups')
  expect(rows[1]).toHaveTextContent(BACKUPS.access_key_id)
  expect(within(rows[1]).getByRole('button', { name: 'Revoke Nightly backups' })).toBeInTheDocument()
})

it('explains what a key is for when there is none', async () => {
  platform({ keys: [] })
  renderPage()
  expect(await screen.findByText('No access keys yet')).toBeInTheDocument()
  expect(screen.getByText(/lets a server, a backup job or a tool such as rclone read and write this project's files over the S3 protocol/)).toBeInTheDocument()
  expect(screen.queryByRole('table')).toBeNull()
  await waitFor(() => expect(screen.getAllByRole('button', { name: 'New access key' })).toHaveLength(2))
})

it('creates a key, shows its secret once, and lists it', async () => {
  const log = platform()
  const { user } = renderPage()
  const create = await screen.findByRole('button', { name: 'New access key' })
  await waitFor(() => expect(create).toBeEnabled())
  await user.click(create)
  let dialog = await screen.findByRole('dialog', { name: 'New access key' })

  // The shared schema's rule: a description is wanted.
  await user.click(within(dialog).getByRole('button', { name: 'Create access key' }))
  expect(await within(dialog).findByText('Describe what the key is for')).toBeInTheDocument()
  expect(log.created).toEqual([])

  await user.type(within(dialog).getByLabelText('Description'), '  rclone on the NAS ')
  await user.click(within(dialog).getByRole('button', { name: 'Create access key' }))
  dialog = await screen.findByRole('dialog', { name: 'Access key created' })
  expect(log.created).toEqual([{ description: 'rclone on the NAS' }])
  expect(within(dialog).getByText('Copy the secret now: it will not be shown again')).toBeInTheDocument()
  expect(field('Access key id', dialog)).toHaveTextContent(NEW_KEY.access_key_id)
  expect(field('Secret access key', dialog)).toHaveTextContent(NEW_KEY.secret_access_key)
  for (const label of ['Copy the access key id', 'Copy the secret access key']) expect(within(dialog).getByRole('button', { name: label })).toBeInTheDocument()

  // The list behind is asked for again and holds the new key, without its secret.
  await waitFor(() => expect(within(keysTable()).getAllByRole('row')).toHaveLength(3))
  expect(keysTable()).toHaveTextContent('rclone on the NAS')
  expect(keysTable()).not.toHaveTextContent(NEW_KEY.secret_access_key)

  await user.click(within(dialog).getByRole('button', { name: 'Done' }))
  expect(screen.queryByRole('dialog')).toBeNull()
  expect(screen.queryByText(NEW_KEY.secret_access_key)).toBeNull()
  // Opened again, the dialog starts afresh: the secret is not there to see twice.
  await user.click(screen.getByRole('button', { name: 'New access key' }))
  dialog = await screen.findByRole('dialog', { name: 'New access key' })
  expect(within(dialog).getByLabelText('Description')).toHaveValue('')
  expect(screen.queryByText(NEW_KEY.secret_access_key)).toBeNull()
})

it('revokes a key after a confirmation that its applications stop working', async () => {
  const log = platform()
  const { user } = renderPage()
  const revoke = await screen.findByRole('button', { name: 'Revoke Nightly backups' })
  await waitFor(() => expect(revoke).toBeEnabled())
  await user.click(revoke)
  let dialog = await screen.findByRole('dialog', { name: 'Revoke “Nightly backups”?' })
  expect(dialog).toHaveTextContent(/applications using this key stop working at once/i)
  // Cancelling changes nothing.
  await user.click(within(dialog).getByRole('button', { name: 'Cancel' }))
  expect(log.revoked).toEqual([])
  expect(keysTable()).toHaveTextContent('Nightly backups')

  await user.click(revoke)
  dialog = await screen.findByRole('dialog', { name: 'Revoke “Nightly backups”?' })
  await user.click(within(dialog).getByRole('button', { name: 'Revoke access key' }))
  expect(await screen.findByText('No access keys yet')).toBeInTheDocument()
  expect(log.revoked).toEqual([BACKUPS.id])
  expect(toasts.success).toEqual(['Access key “Nightly backups” revoked'])
  await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
})

it('says so when the key was revoked meanwhile, and refreshes the list', async () => {
  const log = platform()
  // Another member revoked it after this page loaded.
  server.use(
    http.delete('*/api/platform/storage/abc/s3/access-keys/:id', () =>
      HttpResponse.json({ code: 404, message: 'This project has no such access key: it may have been revoked already.', requestId: 'r3' }, { status: 404 })
    )
  )
  const { user } = renderPage()
  const revoke = await screen.findByRole('button', { name: 'Revoke Nightly backups' })
  await waitFor(() => expect(revoke).toBeEnabled())
  await user.click(revoke)
  await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Revoke access key' }))
  await waitFor(() => expect(toasts.error).toEqual(['Failed to revoke the access key: This project has no such access key: it may have been revoked already.']))
  await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
  await waitFor(() => expect(log.reads).toBe(2))
})

it('disables making and revoking keys for a Read-only member, saying who can', async () => {
  const log = platform({ role: 'Read-only' })
  const { user, client } = renderPage()
  const reason = 'Only Owner, Admin and Developer members can create or revoke access keys.'
  expect(await screen.findByText(reason)).toBeInTheDocument()
  // Disabled once the role is known, not only while it is being asked for.
  await waitFor(() => expect(client.isFetching()).toBe(0))
  expect(screen.getByText(reason)).toBeInTheDocument()
  const create = screen.getByRole('button', { name: 'New access key' })
  const revoke = screen.getByRole('button', { name: 'Revoke Nightly backups' })
  for (const button of [create, revoke]) {
    expect(button).toBeDisabled()
    expect(button).toHaveAttribute('title', reason)
  }
  await user.click(create)
  expect(screen.queryByRole('dialog')).toBeNull()
  expect(log.created).toEqual([])
})

it('shows the error with Try again, and the connection once it works', async () => {
  platform({ failures: 1 })
  const { user } = renderPage()
  expect(await screen.findByText('Could not load the S3 connection')).toBeInTheDocument()
  expect(screen.getByText('The project is paused.')).toBeInTheDocument()
  await user.click(screen.getByRole('button', { name: 'Try again' }))
  expect(await screen.findByText(ENDPOINT)).toBeInTheDocument()
})
