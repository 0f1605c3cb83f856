// @vitest-environment happy-dom
/** /project/{ref}/sql opens the snippet last visited in the project, else a new one. */
import { vi } from 'vitest'
import { render, waitFor } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import { setupServer } from 'msw/node'

const router = vi.hoisted(() => ({ isReady: true, query: { ref: 'abc' }, replace: vi.fn(async () => true) }))
vi.mock('next/router', () => ({ useRouter: () => router }))
vi.mock('@/components/layouts/RuntimeConfigGate', () => ({ FullPageLoader: () => null }))

const { default: SqlIndexPage } = await import('@/pages/project/[ref]/sql/index')

const LAST = '5f0c0000-0000-4000-8000-000000000001'
const server = setupServer()
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }))
beforeEach(() => router.replace.mockClear())
afterEach(() => server.resetHandlers())
afterAll(() => server.close())

it.each([
  ['the snippet last visited', HttpResponse.json({ data: [], cursor: null, last_visited_id: LAST }), `/project/abc/sql/${LAST}`],
  ['a new snippet when there is none', HttpResponse.json({ data: [], cursor: null, last_visited_id: null }), '/project/abc/sql/new'],
  ['a new snippet when the list fails', HttpResponse.json({ message: 'down' }, { status: 500 }), '/project/abc/sql/new'],
])('opens %s', async (_, answer, expected) => {
  server.use(http.get('*/api/platform/projects/abc/content', () => answer.clone()))
  render(<SqlIndexPage />)
  await waitFor(() => expect(router.replace).toHaveBeenCalledWith(expected))
})
