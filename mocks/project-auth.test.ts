/**
 * The mocked platform's Authentication → Users scenarios, as a browser picks them by name: an
 * empty project, one with many pages of users, and a list that keeps failing.
 */
import { setupServer } from 'msw/node'
import { handlersFor } from './handlers'

const server = setupServer()
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }))
afterEach(() => server.resetHandlers())
afterAll(() => server.close())

const list = (query: string) => fetch(`http://localhost:3000/api/platform/auth/abc/users?${query}`)

it('auth-users-empty: no users', async () => {
  server.use(...handlersFor('auth-users-empty'))
  expect(await (await list('page=1&per_page=20')).json()).toEqual({ users: [], total: 0 })
})

it('auth-users-many: 137 users in pages, newest first, searchable', async () => {
  server.use(...handlersFor('auth-users-many'))
  const first = await (await list('page=1&per_page=20')).json()
  expect(first.total).toBe(137)
  expect(first.users).toHaveLength(20)
  expect(first.users[0].email).toBe('user137@example.com')
  const last = await (await list('page=7&per_page=20')).json()
  expect(last.users).toHaveLength(17)
  const found = await (await list('page=1&per_page=20&keywords=user13')).json()
  // user130–user137; user13 signs in by phone, without an email.
  expect(found.total).toBe(8)
})

it('auth-users-500: the list fails every time', async () => {
  server.use(...handlersFor('auth-users-500'))
  for (let i = 0; i < 3; i++) expect((await list('page=1&per_page=20')).status).toBe(500)
})
