// @vitest-environment happy-dom
/** Sign-out and unsaved SQL: pending saves are sent first; what cannot be sent is lost only if the user agrees. */
import { vi } from 'vitest'
import { http, HttpResponse } from 'msw'
import { setupServer } from 'msw/node'
import { listPendingSaves, writePendingSave } from '@/lib/sql-editor/pending-saves'
import { settlePendingSqlSaves } from './settle-pending-saves'

const A = '5f0c0000-0000-4000-8000-00000000000a'
const B = '5f0c0000-0000-4000-8000-00000000000b'
const server = setupServer()
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }))
afterEach(() => {
  server.resetHandlers()
  localStorage.clear()
})
afterAll(() => server.close())

const stored = (id: string, version: number, sql: string) => ({
  id, name: 'x', description: null, type: 'sql', visibility: 'project', favorite: false, folder_id: null,
  owner: null, updated_by: null, inserted_at: '', updated_at: '', version, content: { sql },
})

function platform({ putStatus = 200 } = {}) {
  const puts: Record<string, unknown>[] = []
  server.use(
    http.get('*/api/platform/projects/abc/content/:id', ({ params }) => HttpResponse.json(stored(String(params.id), 3, 'select old'))),
    http.put('*/api/platform/projects/abc/content', async ({ request }) => {
      const body = (await request.json()) as Record<string, unknown>
      puts.push(body)
      return putStatus === 200 ? HttpResponse.json(stored(String(body.id), 4, 'x')) : HttpResponse.json({ message: 'down' }, { status: putStatus })
    })
  )
  return puts
}

it('sends every pending save (keeping a shared one shared) and signs out without asking', async () => {
  const puts = platform()
  writePendingSave('abc', A, { sql: 'select a', name: 'A', base_version: 3, updated_at: 1 })
  writePendingSave('abc', B, { sql: 'select b', name: 'B', base_version: null, updated_at: 1 })
  const confirm = vi.fn(() => true)
  expect(await settlePendingSqlSaves(confirm)).toBe(true)
  expect(confirm).not.toHaveBeenCalled()
  expect(puts).toEqual(
    expect.arrayContaining([
      expect.objectContaining({ id: A, visibility: 'project', base_version: 3, content: { sql: 'select a' } }),
      expect.objectContaining({ id: B, visibility: 'user', content: { sql: 'select b' } }),
    ])
  )
  expect(listPendingSaves()).toEqual([])
})

it('asks before losing what could not be sent; no keeps the user signed in and the text kept', async () => {
  platform({ putStatus: 503 })
  writePendingSave('abc', B, { sql: 'select b', name: 'B', base_version: null, updated_at: 1 })
  const refuse = vi.fn(() => false)
  expect(await settlePendingSqlSaves(refuse)).toBe(false)
  expect(refuse).toHaveBeenCalledWith('A change to an SQL snippet could not be saved. Sign out anyway and lose it?')
  expect(listPendingSaves()).toHaveLength(1)
  expect(await settlePendingSqlSaves(() => true)).toBe(true)
})

it('does not send a change based on a version someone else replaced', async () => {
  const puts = platform()
  writePendingSave('abc', A, { sql: 'select a', name: 'A', base_version: 2, updated_at: 1 })
  const confirm = vi.fn(() => false)
  expect(await settlePendingSqlSaves(confirm)).toBe(false)
  expect(puts).toEqual([])
})
