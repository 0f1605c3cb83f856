// @vitest-environment happy-dom
/**
 * Changing a project's users from Authentication → Users, against the mocked platform: add (with
 * or without auto-confirm, a taken email refused in the dialog), invite, and per user: password
 * recovery, ban for a period and unban, delete after a confirmation. Members who may read but not
 * change users see every action disabled with the reason; members who may not read see why.
 */
import { recordToasts } from '@/tests/helpers/toasts'
import { screen, waitFor, within } from '@testing-library/react'
import { actionsOf } from '@/lib/api-types'
import { mockUser } from '@/mocks/project-auth'
import { mockedPlatform } from '@/tests/helpers/mocked-platform'
import { platform, renderPage, server } from './test-platform'
import { UsersPage } from './UsersPage'

const toasts = recordToasts()

mockedPlatform(server)

const page = () => renderPage(<UsersPage projectRef="abc" />)
const ADA = mockUser(1, { email: 'ada@example.com' })

async function openUser(user: ReturnType<typeof page>['user'], email: string) {
  await user.click(await screen.findByRole('button', { name: email }))
  return screen.findByRole('dialog', { name: email })
}

it('adds a confirmed user with a password, and refuses a taken email in the dialog', async () => {
  const state = platform({ role: 'Developer' })
  const { user } = page()
  await screen.findByText('No users yet')
  const [add] = screen.getAllByRole('button', { name: 'Add user' })
  await waitFor(() => expect(add).toBeEnabled())
  await user.click(add)
  const dialog = await screen.findByRole('dialog', { name: 'Add user' })
  await user.type(within(dialog).getByLabelText('Email address'), 'not-an-email')
  await user.click(within(dialog).getByRole('button', { name: 'Create user' }))
  expect(await within(dialog).findByText('Enter a valid email address')).toBeInTheDocument()
  expect(state.users).toHaveLength(0)

  await user.clear(within(dialog).getByLabelText('Email address'))
  await user.type(within(dialog).getByLabelText('Email address'), 'Grace@Example.com')
  // The project's minimum password length (6 here) is checked before anything is sent.
  await user.type(within(dialog).getByLabelText('Password'), 'short')
  await user.click(within(dialog).getByRole('button', { name: 'Create user' }))
  expect(await within(dialog).findByText('The password must be at least 6 characters.')).toBeInTheDocument()
  expect(state.users).toHaveLength(0)
  await user.clear(within(dialog).getByLabelText('Password'))
  await user.type(within(dialog).getByLabelText('Password'), 'correct horse')
  expect(within(dialog).getByRole('switch', { name: 'Auto-confirm user' })).toBeChecked()
  await user.click(within(dialog).getByRole('button', { name: 'Create user' }))
  expect(await screen.findByRole('button', { name: 'grace@example.com' })).toBeInTheDocument()
  expect(screen.queryByRole('dialog')).toBeNull()
  expect(toasts.success).toEqual(['User grace@example.com created'])
  expect(state.users[0].email_confirmed_at).not.toBeNull()

  await user.click(screen.getByRole('button', { name: 'Add user' }))
  const again = await screen.findByRole('dialog', { name: 'Add user' })
  await user.type(within(again).getByLabelText('Email address'), 'grace@example.com')
  await user.click(within(again).getByRole('button', { name: 'Create user' }))
  expect(await within(again).findByText('A user with this email address already exists in this project.')).toBeInTheDocument()
  expect(state.users).toHaveLength(1)
})

it('adds an unconfirmed user when auto-confirm is off', async () => {
  const state = platform()
  const { user } = page()
  await screen.findByText('No users yet')
  const [add] = screen.getAllByRole('button', { name: 'Add user' })
  await waitFor(() => expect(add).toBeEnabled())
  await user.click(add)
  const dialog = await screen.findByRole('dialog', { name: 'Add user' })
  await user.type(within(dialog).getByLabelText('Email address'), 'lin@example.com')
  await user.click(within(dialog).getByRole('switch', { name: 'Auto-confirm user' }))
  await user.click(within(dialog).getByRole('button', { name: 'Create user' }))
  const row = (await screen.findByRole('button', { name: 'lin@example.com' })).closest('tr')!
  expect(within(row).getByText('Unconfirmed')).toBeInTheDocument()
  expect(state.users[0].email_confirmed_at).toBeNull()
})

it('invites a user, who shows as invited', async () => {
  platform({ users: [ADA] })
  const { user } = page()
  const invite = await screen.findByRole('button', { name: 'Invite user' })
  await waitFor(() => expect(invite).toBeEnabled())
  await user.click(invite)
  const dialog = await screen.findByRole('dialog', { name: 'Invite user' })
  await user.type(within(dialog).getByLabelText('Email address'), 'new@example.com')
  await user.click(within(dialog).getByRole('button', { name: 'Send invitation' }))
  const row = (await screen.findByRole('button', { name: 'new@example.com' })).closest('tr')!
  expect(within(row).getByText('Invited')).toBeInTheDocument()
  expect(toasts.success).toEqual(['Invitation sent to new@example.com'])
})

it('sends a password recovery mail', async () => {
  const state = platform({ users: [ADA] })
  const { user } = page()
  const panel = await openUser(user, 'ada@example.com')
  const send = within(panel).getByRole('button', { name: 'Send password recovery' })
  await waitFor(() => expect(send).toBeEnabled())
  await user.click(send)
  await waitFor(() => expect(state.log.recoveries).toEqual(['ada@example.com']))
  expect(toasts.success).toEqual(['Password recovery mail sent to ada@example.com'])
})

it('bans a user for the period chosen, then lifts the ban', async () => {
  const state = platform({ users: [ADA] })
  const { user } = page()
  const panel = await openUser(user, 'ada@example.com')
  const period = within(panel).getByLabelText('Ban for')
  await waitFor(() => expect(period).toBeEnabled())
  await user.selectOptions(period, '7 days')
  await user.click(within(panel).getByRole('button', { name: 'Ban user' }))
  await waitFor(() => expect(state.log.bans).toEqual([{ id: ADA.id, ban_duration: '168h' }]))
  // The list and the panel show the ban.
  const row = screen.getByRole('button', { name: 'ada@example.com' }).closest('tr')!
  expect(await within(row).findByText(/^Banned until /)).toBeInTheDocument()
  expect(toasts.success).toEqual(['ada@example.com is banned for 7 days'])

  await user.click(await within(panel).findByRole('button', { name: 'Unban user' }))
  await waitFor(() => expect(state.log.bans.at(-1)).toEqual({ id: ADA.id, ban_duration: 'none' }))
  await waitFor(() => expect(within(row).queryByText(/^Banned until /)).toBeNull())
  expect(within(panel).getByRole('button', { name: 'Ban user' })).toBeInTheDocument()
})

it('deletes a user only once confirmed', async () => {
  const state = platform({ users: [ADA, mockUser(2)] })
  const { user } = page()
  const panel = await openUser(user, 'ada@example.com')
  const remove = within(panel).getByRole('button', { name: 'Delete user' })
  await waitFor(() => expect(remove).toBeEnabled())
  await user.click(remove)
  const confirm = await screen.findByRole('dialog', { name: 'Delete ada@example.com?' })
  await user.click(within(confirm).getByRole('button', { name: 'Cancel' }))
  expect(state.log.deletes).toEqual([])
  expect(screen.getByRole('button', { name: 'ada@example.com' })).toBeInTheDocument()

  await user.click(remove)
  await user.click(within(await screen.findByRole('dialog', { name: 'Delete ada@example.com?' })).getByRole('button', { name: 'Delete user' }))
  await waitFor(() => expect(screen.queryByRole('button', { name: 'ada@example.com' })).toBeNull())
  expect(state.log.deletes).toEqual([ADA.id])
  expect(screen.queryByRole('dialog')).toBeNull()
  expect(screen.getByText('1–1 of 1 user')).toBeInTheDocument()
  expect(toasts.success).toEqual(['User ada@example.com deleted'])
})

it('moves to the last page with users when a delete empties the page shown', async () => {
  const state = platform({ users: Array.from({ length: 51 }, (_, i) => mockUser(i + 1)) })
  const { user } = page()
  await screen.findByText('1–50 of 51 users')
  await user.click(screen.getByRole('button', { name: 'Next' }))
  expect(await screen.findByText('51–51 of 51 users')).toBeInTheDocument()
  const panel = await openUser(user, 'user1@example.com')
  const remove = within(panel).getByRole('button', { name: 'Delete user' })
  await waitFor(() => expect(remove).toBeEnabled())
  await user.click(remove)
  await user.click(within(await screen.findByRole('dialog', { name: 'Delete user1@example.com?' })).getByRole('button', { name: 'Delete user' }))
  expect(await screen.findByText('1–50 of 50 users')).toBeInTheDocument()
  expect(screen.getByText('Page 1 of 1')).toBeInTheDocument()
  expect(state.log.lists.map((p) => p.get('page'))).toEqual(['1', '2', '2', '1'])
})

it('disables every change, with the reason, for a member who may read users but not change them', async () => {
  platform({ users: [ADA] }, { actions: actionsOf('Developer').filter((a) => a !== 'auth:users:write') })
  const { user } = page()
  const reason = 'Only Owner, Admin and Developer members can add, invite, ban or delete users.'
  expect((await screen.findAllByText(reason)).length).toBeGreaterThan(0)
  expect(screen.getByRole('button', { name: 'Add user' })).toBeDisabled()
  expect(screen.getByRole('button', { name: 'Invite user' })).toBeDisabled()
  const panel = await openUser(user, 'ada@example.com')
  expect(within(panel).getByText(reason)).toBeInTheDocument()
  for (const name of ['Send password recovery', 'Ban user', 'Delete user']) expect(within(panel).getByRole('button', { name })).toBeDisabled()
})

it('shows a Read-only member the list without the actions, saying who may change users', async () => {
  platform({ role: 'Read-only', users: [ADA] })
  page()
  expect(await screen.findByText('ada@example.com')).toBeInTheDocument()
  expect(screen.getByText('Only Owner, Admin and Developer members can add, invite, ban or delete users.')).toBeInTheDocument()
  expect(screen.getByRole('button', { name: 'Add user' })).toBeDisabled()
})
