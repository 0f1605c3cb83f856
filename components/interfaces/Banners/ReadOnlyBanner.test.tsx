// @vitest-environment happy-dom
/**
 * The read-only mode banner against an MSW-mocked platform: shown for a project in read-only mode
 * with why (the platform's note) and where to go; nothing for a writable project or no project.
 */

import { render, screen, waitFor } from '@testing-library/react'
import { QueryClientProvider } from '@tanstack/react-query'
import { http, HttpResponse } from 'msw'
import { setupServer } from 'msw/node'
import { createQueryClient } from '@/data/query-client'
import { ReadOnlyBanner } from './ReadOnlyBanner'

const server = setupServer()
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }))
afterEach(() => server.resetHandlers())
afterAll(() => server.close())

const asked = { detail: 0 }
beforeEach(() => {
  asked.detail = 0
})

const NOTE = 'The database uses 612 MB; the Free plan includes 500 MB per project.'

function renderBanner(projectRef: string | undefined, readOnly: boolean) {
  server.use(
    http.get('*/api/platform/projects/abc', () => {
      asked.detail++
      return HttpResponse.json({ ref: 'abc', organization_id: 7, organization_slug: 'acme', status: 'ACTIVE_HEALTHY', read_only: readOnly, read_only_note: readOnly ? NOTE : null })
    })
  )
  return render(
    <QueryClientProvider client={createQueryClient()}>
      <ReadOnlyBanner projectRef={projectRef} />
      <p>page</p>
    </QueryClientProvider>
  )
}

it('says the project is read-only, why, and links to what to do and to upgrading', async () => {
  renderBanner('abc', true)
  const banner = await screen.findByTestId('read-only-banner')
  expect(banner).toHaveTextContent(`This project is read-only. ${NOTE} Delete data (allow writes for 15 minutes first) or upgrade the plan.`)
  expect(screen.getByRole('link', { name: 'What to do' })).toHaveAttribute('href', '/project/abc/settings/general')
  expect(screen.getByRole('link', { name: 'Upgrade' })).toHaveAttribute('href', '/org/acme/billing')
})

it('shows nothing for a writable project', async () => {
  renderBanner('abc', false)
  await waitFor(() => expect(asked.detail).toBe(1))
  await screen.findByText('page')
  expect(screen.queryByTestId('read-only-banner')).toBeNull()
})

it('asks nothing outside a project', async () => {
  renderBanner(undefined, true)
  await screen.findByText('page')
  expect(screen.queryByTestId('read-only-banner')).toBeNull()
  expect(asked.detail).toBe(0)
})
