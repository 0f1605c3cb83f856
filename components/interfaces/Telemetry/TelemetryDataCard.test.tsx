// @vitest-environment happy-dom
/**
 * The account's telemetry page parts against an MSW-mocked platform: loading, empty and error
 * states, the list with older pages, Delete all behind a confirmation, and the consent toggle.
 */

import { render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { QueryClientProvider } from '@tanstack/react-query'
import { http, HttpResponse } from 'msw'
import { setupServer } from 'msw/node'
import { createQueryClient } from '@/data/query-client'
import type { TelemetryRecord } from '@/lib/api-types'
import { LOCAL_STORAGE_KEYS } from '@/lib/local-storage'
import { consentState } from '@/state/consent'
import { TelemetryConsentCard } from './TelemetryConsentCard'
import { TelemetryDataCard } from './TelemetryDataCard'

const server = setupServer()
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }))
afterEach(() => server.resetHandlers())
afterAll(() => server.close())
beforeEach(() => {
  window.localStorage.clear()
  consentState.reset()
})

const row = (id: number, over: Partial<TelemetryRecord> = {}): TelemetryRecord => ({
  id: String(id),
  kind: 'page',
  event: 'page_view',
  properties: { pathname: `/page-${id}` },
  created_at: '2025-03-01T10:00:00.000Z',
  ...over,
})

/** The platform's rows, served newest first, two per page; DELETE empties them. */
function platform(rows: TelemetryRecord[]) {
  const state = { rows: [...rows], deletes: 0 }
  server.use(
    http.get('*/api/platform/telemetry/me', ({ request }) => {
      const cursor = new URL(request.url).searchParams.get('cursor')
      const older = cursor ? state.rows.filter((r) => Number(r.id) < Number(cursor)) : state.rows
      const page = older.slice(0, 2)
      return HttpResponse.json({ data: page, cursor: older.length > 2 ? page[1].id : null })
    }),
    http.delete('*/api/platform/telemetry/me', () => {
      state.deletes++
      const deleted = state.rows.length
      state.rows = []
      return HttpResponse.json({ deleted })
    })
  )
  return state
}

function renderCard() {
  render(
    <QueryClientProvider client={createQueryClient()}>
      <TelemetryDataCard />
    </QueryClientProvider>
  )
  return userEvent.setup()
}

it('shows a placeholder while loading, then the rows newest first, and older ones on demand', async () => {
  platform([row(5), row(4, { kind: 'feature_flag', event: 'feature_flag_called', properties: { feature_flag_name: 'newNav', feature_flag_value: true } }), row(3)])
  const user = renderCard()
  expect(screen.getByTestId('telemetry-loading')).toBeInTheDocument()
  const list = await screen.findByRole('list', { name: 'Recorded telemetry' })
  expect(within(list).getAllByRole('listitem')).toHaveLength(2)
  expect(within(list).getByText('/page-5')).toBeInTheDocument()
  expect(within(list).getByText('newNav = true')).toBeInTheDocument()
  await user.click(screen.getByRole('button', { name: 'Load older' }))
  await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(3))
  expect(screen.queryByRole('button', { name: 'Load older' })).not.toBeInTheDocument()
})

it('says so when nothing is recorded, and Delete all is off', async () => {
  platform([])
  renderCard()
  expect(await screen.findByText('Nothing is recorded about you')).toBeInTheDocument()
  expect(screen.getByRole('button', { name: 'Delete all' })).toBeDisabled()
})

it('shows a failure to load, and tries again', async () => {
  server.use(http.get('*/api/platform/telemetry/me', () => HttpResponse.json({ message: 'Request rate limit reached' }, { status: 429 })))
  const user = renderCard()
  expect(await screen.findByText('Request rate limit reached')).toBeInTheDocument()
  platform([row(1)])
  await user.click(screen.getByRole('button', { name: 'Try again' }))
  expect(await screen.findByText('/page-1')).toBeInTheDocument()
})

it('deletes everything only after confirming', async () => {
  const state = platform([row(2), row(1)])
  const user = renderCard()
  await screen.findByText('/page-2')
  await user.click(screen.getByRole('button', { name: 'Delete all' }))
  const dialog = screen.getByRole('dialog', { name: 'Delete all your telemetry data?' })
  await user.click(within(dialog).getByRole('button', { name: 'Cancel' }))
  expect(state.deletes).toBe(0)
  expect(screen.getByText('/page-2')).toBeInTheDocument()

  await user.click(screen.getByRole('button', { name: 'Delete all' }))
  await user.click(within(screen.getByRole('dialog', { name: 'Delete all your telemetry data?' })).getByRole('button', { name: 'Delete all' }))
  expect(await screen.findByText('Nothing is recorded about you')).toBeInTheDocument()
  expect(state.deletes).toBe(1)
  expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
})

it('the consent toggle turns telemetry on and off for this browser', async () => {
  server.use(http.post('*/api/platform/telemetry/page', () => new HttpResponse(null, { status: 204 })))
  render(<TelemetryConsentCard />)
  const toggle = screen.getByRole('switch', { name: 'Telemetry' })
  expect(toggle).not.toBeChecked()
  expect(screen.getByText('You have not chosen yet: nothing is sent.')).toBeInTheDocument()
  await userEvent.click(toggle)
  await waitFor(() => expect(screen.getByRole('switch', { name: 'Telemetry' })).toBeChecked())
  expect(window.localStorage.getItem(LOCAL_STORAGE_KEYS.TELEMETRY_CONSENT)).toBe('true')
  await userEvent.click(screen.getByRole('switch', { name: 'Telemetry' }))
  await waitFor(() => expect(screen.getByRole('switch', { name: 'Telemetry' })).not.toBeChecked())
  expect(window.localStorage.getItem(LOCAL_STORAGE_KEYS.TELEMETRY_CONSENT)).toBe('false')
  expect(screen.getByText('Off: nothing is sent from this browser.')).toBeInTheDocument()
})
