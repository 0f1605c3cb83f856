// @vitest-environment happy-dom
/**
 * The project home's database size against an MSW-mocked platform: the platform's measure (the
 * one quotas use) shown as it is; while restricted, the last sampled size with when it was
 * measured, never "Unknown"; a size never measured says so.
 */

import { screen } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import { setupServer } from 'msw/node'
import type { DatabaseSize } from '@/lib/api-types'
import { renderWithQueries } from '@/tests/helpers/render-with-queries'
import { DatabaseSizeValue } from './DatabaseSizeValue'

const server = setupServer()
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }))
afterEach(() => server.resetHandlers())
afterAll(() => server.close())

function renderSize(answer: DatabaseSize) {
  const sent: string[] = []
  server.use(
    http.get('*/api/platform/projects/abc/database-size', ({ request }) => {
      sent.push(new URL(request.url).pathname)
      return HttpResponse.json(answer)
    })
  )
  renderWithQueries(<DatabaseSizeValue projectRef="abc" />)
  return sent
}

it('shows the size the platform measures for quotas, never one of its own SQL', async () => {
  const sent = renderSize({ bytes: 40 * 1024 * 1024, measured_at: '2026-01-02T10:00:00.000Z', live: true })
  expect(await screen.findByText('40 MB')).toBeInTheDocument()
  expect(sent).toEqual(['/api/platform/projects/abc/database-size'])
})

it('shows the last sampled size, with its time, while the organization is restricted', async () => {
  renderSize({ bytes: 40 * 1024 * 1024, measured_at: '2026-01-02T10:00:00.000Z', live: false })
  expect(await screen.findByText(/^40 MB/)).toBeInTheDocument()
  expect(screen.getByText(/last measured/)).toBeInTheDocument()
  expect(screen.queryByText('Unknown')).not.toBeInTheDocument()
})

it('says when the size was never measured', async () => {
  renderSize({ bytes: null, measured_at: null, live: false })
  expect(await screen.findByText('Not measured yet')).toBeInTheDocument()
})
