// @vitest-environment happy-dom
/** /project/{ref}/sql opens the snippet last visited in the project, else a new one. */
import { vi } from 'vitest'
import { render, waitFor } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import SqlIndexPage from '@/pages/project/[ref]/sql/index'
import { mockedPlatform } from '@/tests/helpers/mocked-platform'
import { withRouter } from '@/tests/helpers/router'

const router = { isReady: true, query: { ref: 'abc' }, replace: vi.fn(async () => true) }
const LAST = '5f0c0000-0000-4000-8000-000000000001'
const server = mockedPlatform()
beforeEach(() => router.replace.mockClear())

it.each([
  ['the snippet last visited', HttpResponse.json({ data: [], cursor: null, last_visited_id: LAST }), `/project/abc/sql/${LAST}`],
  ['a new snippet when there is none', HttpResponse.json({ data: [], cursor: null, last_visited_id: null }), '/project/abc/sql/new'],
  ['a new snippet when the list fails', HttpResponse.json({ message: 'down' }, { status: 500 }), '/project/abc/sql/new'],
])('opens %s', async (_, answer, expected) => {
  server.use(http.get('*/api/platform/projects/abc/content', () => answer.clone()))
  render(withRouter(router, <SqlIndexPage />))
  await waitFor(() => expect(router.replace).toHaveBeenCalledWith(expected))
})
