// @vitest-environment happy-dom
/**
 * The upload file size limit on Project settings → Storage against an MSW-mocked platform: the
 * limit shown (or the plan's), what the form refuses before asking, a limit saved in bytes, the
 * plan's limit restored as null, the platform's refusal, a Read-only member's disabled controls,
 * and the error state with its retry.
 */
import { recordToasts } from '@/tests/helpers/toasts'
import { render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { QueryClientProvider } from '@tanstack/react-query'
import { http, HttpResponse } from 'msw'
import { setupServer } from 'msw/node'
import { createQueryClient } from '@/data/query-client'
import { actionsOf, roleCan, type OrganizationRole } from '@/lib/api-types'
import { S3ConnectionPage } from './S3ConnectionPage'

const toasts = recordToasts()

const server = setupServer()
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }))
afterEach(() => server.resetHandlers())
afterAll(() => server.close())

const MB = 1024 ** 2
const PLAN = 50 * MB
const TOO_BIG = "The upload limit can be at most 50 MB, this project's plan's upload size. Upgrade the plan for larger files."

/** `planAtSave`: the plan's size when the PATCH arrives (smaller than shown: the plan changed meanwhile). */
function platform({ role = 'Owner' as OrganizationRole, limit = null as number | null, failures = 0, planAtSave = PLAN } = {}) {
  let saved = limit
  let failing = failures
  const log = { reads: 0, saved: [] as unknown[] }
  server.use(
    http.get('*/api/config', () => HttpResponse.json({ isPlatform: true, productName: 'Dashboard', authUrl: '/auth/v1', apiMocking: false })),
    http.get('*/api/platform/profile/permissions', () =>
      HttpResponse.json([{ organization_id: 7, organization_slug: 'acme', actions: actionsOf(role), resources: ['*'], condition: null, restrictive: false }])
    ),
    http.get('*/api/platform/projects/abc', () => HttpResponse.json({ ref: 'abc', organization_id: 7, status: 'ACTIVE_HEALTHY' })),
    http.get('*/api/platform/storage/abc/s3', () => HttpResponse.json({ endpoint: 'http://localhost:3000/p/abc/storage/v1/s3', region: 'eu-central-1', keys: [] })),
    http.get('*/api/platform/storage/abc/settings', () => {
      log.reads++
      if (failing > 0) {
        failing--
        return HttpResponse.json({ code: 409, message: 'The project is paused.', requestId: 'r1' }, { status: 409 })
      }
      return HttpResponse.json({ file_size_limit: saved, plan_max_upload_bytes: PLAN })
    }),
    http.patch('*/api/platform/storage/abc/settings', async ({ request }) => {
      const body = (await request.json()) as { file_size_limit: number | null }
      log.saved.push(body)
      // The platform's own rules: the same policy the page reads, and the plan's size.
      if (!roleCan(role, 'storage:write')) return HttpResponse.json({ code: 403, message: 'Your role cannot do this.', requestId: 'r2' }, { status: 403 })
      if (body.file_size_limit !== null && body.file_size_limit > planAtSave) return HttpResponse.json({ code: 400, message: TOO_BIG, requestId: 'r3' }, { status: 400 })
      saved = body.file_size_limit
      return HttpResponse.json({ file_size_limit: saved, plan_max_upload_bytes: PLAN })
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

const card = () => screen.getByRole('form', { name: 'Upload file size limit' })
const amount = () => within(card()).getByLabelText('Upload limit')
const unit = () => within(card()).getByLabelText('Unit')
const usePlan = () => within(card()).getByRole('switch', { name: "Use the plan's limit" })
const save = () => within(card()).getByRole('button', { name: 'Save' })

/** The card, once the member's role is known (its controls enabled for a writer). */
async function loaded() {
  await screen.findByRole('form', { name: 'Upload file size limit' })
  await waitFor(() => expect(usePlan()).toBeEnabled())
}

it('comes first on the page, with the current limit and the plan’s size', async () => {
  platform({ limit: 10 * MB })
  renderPage()
  await loaded()
  const headings = screen.getAllByRole('heading').map((h) => h.textContent)
  expect(headings.indexOf('Upload file size limit')).toBeLessThan(headings.indexOf('S3 connection'))
  expect(screen.getByText('The largest file any upload to this project may be. A bucket may set a smaller limit of its own.')).toBeInTheDocument()
  expect(within(card()).getByText('Your plan allows up to 50 MB.')).toBeInTheDocument()
  expect(usePlan()).toHaveAttribute('aria-checked', 'false')
  expect(amount()).toHaveValue('10')
  expect(unit()).toHaveValue('MB')
  expect(within(unit()).getAllByRole('option').map((o) => o.textContent)).toEqual(['bytes', 'KB', 'MB', 'GB'])
  // Nothing changed: nothing to save.
  expect(save()).toBeDisabled()
})

it('shows the plan’s size when the project has no limit of its own', async () => {
  platform()
  renderPage()
  await loaded()
  expect(usePlan()).toHaveAttribute('aria-checked', 'true')
  expect(amount()).toHaveValue('50')
  expect(amount()).toBeDisabled()
  expect(unit()).toHaveValue('MB')
  expect(save()).toBeDisabled()
})

it('refuses a limit above the plan’s, below a byte or not a number, before asking', async () => {
  const log = platform({ limit: 10 * MB })
  const { user } = renderPage()
  await loaded()
  await user.clear(amount())
  await user.type(amount(), '60')
  expect(within(card()).getByText('Your plan allows up to 50 MB: give a smaller limit, or upgrade the plan for larger files.')).toBeInTheDocument()
  expect(amount()).toHaveAttribute('aria-invalid', 'true')
  expect(save()).toBeDisabled()
  await user.selectOptions(unit(), 'KB')
  expect(save()).toBeEnabled()
  await user.clear(amount())
  await user.type(amount(), '0')
  expect(within(card()).getByText('The limit is at least 1 byte.')).toBeInTheDocument()
  await user.clear(amount())
  await user.type(amount(), 'ten')
  expect(within(card()).getByText('Give the limit as a number, such as 50.')).toBeInTheDocument()
  await user.clear(amount())
  await user.type(amount(), '0.3')
  expect(within(card()).getByText('0.3 KB is 307.2 bytes: give a whole number of bytes.')).toBeInTheDocument()
  // Enter does not get past it either.
  await user.type(amount(), '{Enter}')
  expect(save()).toBeDisabled()
  expect(log.saved).toEqual([])
})

it('saves the limit in bytes (1 MB = 1048576) and shows it saved', async () => {
  const log = platform()
  const { user } = renderPage()
  await loaded()
  await user.click(usePlan())
  // Starts from the plan's size.
  expect(amount()).toHaveValue('50')
  expect(amount()).toBeEnabled()
  await user.clear(amount())
  await user.type(amount(), '10')
  await user.click(save())
  await waitFor(() => expect(toasts.success).toEqual(['Upload limit saved']))
  expect(log.saved).toEqual([{ file_size_limit: 10 * 1024 * 1024 }])
  await waitFor(() => expect(save()).toBeDisabled())
  expect(amount()).toHaveValue('10')
  expect(unit()).toHaveValue('MB')
  expect(usePlan()).toHaveAttribute('aria-checked', 'false')

  // The same size in another unit is no change.
  await user.clear(amount())
  await user.type(amount(), '10240')
  await user.selectOptions(unit(), 'KB')
  expect(save()).toBeDisabled()
})

it('goes back to the plan’s limit by saving null', async () => {
  const log = platform({ limit: 10 * MB })
  const { user } = renderPage()
  await loaded()
  await user.click(usePlan())
  expect(amount()).toHaveValue('50')
  expect(amount()).toBeDisabled()
  await user.click(save())
  await waitFor(() => expect(toasts.success).toEqual(['Upload limit saved']))
  expect(log.saved).toEqual([{ file_size_limit: null }])
  await waitFor(() => expect(save()).toBeDisabled())
  expect(usePlan()).toHaveAttribute('aria-checked', 'true')
})

it('shows the platform’s sentence when it refuses the limit', async () => {
  // The plan shrank after the page loaded: the form let 60 MB through, the platform does not.
  const log = platform({ limit: 10 * MB, planAtSave: 50 * MB })
  server.use(http.get('*/api/platform/storage/abc/settings', () => HttpResponse.json({ file_size_limit: 10 * MB, plan_max_upload_bytes: 50 * 1024 * MB })))
  const { user } = renderPage()
  await loaded()
  await user.clear(amount())
  await user.type(amount(), '60')
  await user.click(save())
  await waitFor(() => expect(toasts.error).toEqual([`Failed to save the upload limit: ${TOO_BIG}`]))
  expect(log.saved).toEqual([{ file_size_limit: 60 * MB }])
  expect(toasts.success).toEqual([])
  // What was typed stays, to be changed.
  expect(amount()).toHaveValue('60')
  expect(save()).toBeEnabled()
})

it('disables the controls for a Read-only member, saying who can', async () => {
  const log = platform({ role: 'Read-only', limit: 10 * MB })
  const { client } = renderPage()
  const reason = 'Only Owner, Admin and Developer members can change the upload limit.'
  expect(await screen.findByText(reason)).toBeInTheDocument()
  // Disabled once the role is known, not only while it is being asked for.
  await waitFor(() => expect(client.isFetching()).toBe(0))
  expect(within(card()).getByText(reason)).toBeInTheDocument()
  expect(amount()).toHaveValue('10')
  for (const control of [usePlan(), amount(), unit(), save()]) {
    expect(control).toBeDisabled()
    expect(control).toHaveAttribute('title', reason)
  }
  expect(log.saved).toEqual([])
})

it('shows the error with Try again, and the limit once it loads', async () => {
  const log = platform({ failures: 1, limit: 10 * MB })
  const { user } = renderPage()
  expect(await screen.findByText('Could not load the upload limit')).toBeInTheDocument()
  expect(screen.getByText('The project is paused.')).toBeInTheDocument()
  // The S3 connection below still shows.
  expect(await screen.findByText('S3 connection')).toBeInTheDocument()
  await user.click(screen.getByRole('button', { name: 'Try again' }))
  await loaded()
  expect(amount()).toHaveValue('10')
  expect(log.reads).toBe(2)
})
