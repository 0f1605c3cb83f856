// @vitest-environment happy-dom
/**
 * Authentication → Users against the mocked platform (mocks/project-auth.ts): the list paged and
 * searched by the platform, the empty, no-match and error states, the refusal for roles that may
 * not read users, adding and inviting, and per user: recovery, ban and unban, delete after a
 * confirmation; actions disabled with the reason for a member who may not change users.
 */
import { recordToasts } from '@/tests/helpers/toasts'
import { screen, within } from '@testing-library/react'
import { manyUsers, mockUser } from '@/mocks/project-auth'
import { mockedPlatform } from '@/tests/helpers/mocked-platform'
import { platform, renderPage, server } from './test-platform'
import { UsersPage } from './UsersPage'

recordToasts()

mockedPlatform(server)

const page = () => renderPage(<UsersPage projectRef="abc" />)
const table = () => screen.getByRole('table', { name: /users/i })
const rows = () => within(table()).getAllByRole('row').slice(1)

it('lists the newest users first, a page at a time, with the total', async () => {
  const state = platform({ users: manyUsers(120) })
  const { user } = page()
  expect(await screen.findByText('1–50 of 120 users')).toBeInTheDocument()
  expect(rows()).toHaveLength(50)
  expect(within(rows()[0]).getByRole('button', { name: 'user120@example.com' })).toBeInTheDocument()
  expect(screen.getByText('Page 1 of 3')).toBeInTheDocument()
  expect(screen.getByRole('button', { name: 'Previous' })).toBeDisabled()
  expect(state.log.lists[0].get('per_page')).toBe('50')

  await user.click(screen.getByRole('button', { name: 'Next' }))
  expect(await screen.findByText('51–100 of 120 users')).toBeInTheDocument()
  expect(within(rows()[0]).getByRole('button', { name: 'user70@example.com' })).toBeInTheDocument()
  await user.click(screen.getByRole('button', { name: 'Next' }))
  expect(await screen.findByText('101–120 of 120 users')).toBeInTheDocument()
  expect(rows()).toHaveLength(20)
  expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled()
  expect(state.log.lists.map((p) => p.get('page'))).toEqual(['1', '2', '3'])
})

it('shows providers, dates and status badges', async () => {
  platform({
    users: [
      mockUser(1, { banned_until: '2126-01-01T00:00:00Z' }),
      mockUser(2, { email_confirmed_at: null }),
      mockUser(3, { email_confirmed_at: null, invited_at: '2026-11-02T00:00:00Z' }),
      mockUser(4, { email: null, email_confirmed_at: null, phone: '+15550100', providers: ['phone'], last_sign_in_at: '2026-11-20T10:00:00Z' }),
    ],
  })
  page()
  await screen.findByText('1–4 of 4 users')
  const [phone, invited, unconfirmed, banned] = rows()
  expect(within(phone).getByRole('button', { name: '+15550100' })).toBeInTheDocument()
  expect(phone).toHaveTextContent('phone')
  expect(phone).toHaveTextContent(/Nov 20, 2026/)
  expect(within(invited).getByText('Invited')).toBeInTheDocument()
  expect(within(unconfirmed).getByText('Unconfirmed')).toBeInTheDocument()
  expect(within(banned).getByText(/^Banned until .*2126/)).toBeInTheDocument()
  expect(banned).toHaveTextContent('Never')
})

it('searches once typing stops, from the first page, and says when nothing matches', async () => {
  const state = platform({ users: manyUsers(120) })
  const { user } = page()
  await screen.findByText('1–50 of 120 users')
  await user.click(screen.getByRole('button', { name: 'Next' }))
  await screen.findByText('51–100 of 120 users')

  await user.type(screen.getByRole('searchbox', { name: 'Search users' }), 'user4')
  // user4 and user40–user49.
  expect(await screen.findByText('1–11 of 11 users')).toBeInTheDocument()
  const searches = state.log.lists.filter((p) => p.has('keywords'))
  // One request for the settled text, not one per keystroke.
  expect(searches.map((p) => [p.get('keywords'), p.get('page')])).toEqual([['user4', '1']])

  await user.clear(screen.getByRole('searchbox', { name: 'Search users' }))
  await user.type(screen.getByRole('searchbox', { name: 'Search users' }), 'nobody')
  expect(await screen.findByText('No users match “nobody”')).toBeInTheDocument()
})

it('says when the project has no users yet, and offers to add one', async () => {
  platform()
  page()
  expect(await screen.findByText('No users yet')).toBeInTheDocument()
  expect(screen.getAllByRole('button', { name: 'Add user' }).length).toBeGreaterThan(0)
})

it('shows the error with Try again, and the users once it works', async () => {
  // A 4xx, which the query client does not retry (SPEC §8), so the error shows at once.
  platform({ users: manyUsers(3), listFailures: 1, listFailure: { status: 409, message: 'The project is paused.' } })
  const { user } = page()
  expect(await screen.findByText('Could not load the users')).toBeInTheDocument()
  expect(screen.getByText('The project is paused.')).toBeInTheDocument()
  await user.click(screen.getByRole('button', { name: 'Try again' }))
  expect(await screen.findByText('1–3 of 3 users')).toBeInTheDocument()
})
