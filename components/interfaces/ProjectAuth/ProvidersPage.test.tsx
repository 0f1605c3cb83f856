// @vitest-environment happy-dom
/**
 * Authentication → Providers against the mocked platform: the settings shown the way a person
 * thinks of them ("Confirm email" is !mailer_autoconfirm, "Allow new users to sign up" is
 * !disable_signup), only what changed saved, the contract's validation, the redirect URLs list,
 * the platform's refusal shown, read-only for roles without auth:config:update, the load error.
 */
import { recordToasts } from '@/tests/helpers/toasts'
import { screen, waitFor, within } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import { DEFAULT_AUTH_CONFIG } from '@/mocks/project-auth'
import { mockedPlatform } from '@/tests/helpers/mocked-platform'
import { platform, renderPage, server } from './test-platform'
import { ProvidersPage } from './ProvidersPage'

const toasts = recordToasts()

mockedPlatform(server)

const page = () => renderPage(<ProvidersPage projectRef="abc" />)
const form = () => screen.getByRole('form', { name: 'Auth settings' })

async function editableForm() {
  const f = await screen.findByRole('form', { name: 'Auth settings' })
  await waitFor(() => expect(within(f).getByRole('switch', { name: 'Confirm email' })).toBeEnabled())
  return f
}

it('shows the settings, and saves only what changed, the switches turned the right way', async () => {
  const state = platform({ role: 'Admin', config: { ...DEFAULT_AUTH_CONFIG, uri_allow_list: ['https://app.example/**'] } })
  const { user } = page()
  const f = await editableForm()
  expect(within(f).getByRole('switch', { name: 'Allow new users to sign up' })).toBeChecked()
  expect(within(f).getByRole('switch', { name: 'Enable email provider' })).toBeChecked()
  expect(within(f).getByRole('switch', { name: 'Confirm email' })).toBeChecked()
  expect(within(f).getByRole('switch', { name: 'Enable phone provider' })).not.toBeChecked()
  expect(within(f).getByLabelText('Site URL')).toHaveValue('http://localhost:3000')
  expect(within(f).getByLabelText('Access token lifetime (seconds)')).toHaveValue('3600')
  expect(within(f).getByLabelText('Minimum password length')).toHaveValue('6')
  expect(within(within(f).getByRole('list', { name: 'Redirect URLs' })).getByText('https://app.example/**')).toBeInTheDocument()
  const save = within(f).getByRole('button', { name: 'Save' })
  expect(save).toBeDisabled()

  await user.click(within(f).getByRole('switch', { name: 'Confirm email' }))
  await user.click(within(f).getByRole('switch', { name: 'Allow new users to sign up' }))
  await user.click(within(f).getByRole('switch', { name: 'Enable phone provider' }))
  const lifetime = within(f).getByLabelText('Access token lifetime (seconds)')
  await user.clear(lifetime)
  await user.type(lifetime, '7200')
  await user.click(save)
  await waitFor(() =>
    expect(state.log.patches).toEqual([{ mailer_autoconfirm: true, disable_signup: true, external_phone_enabled: true, jwt_exp: 7200 }])
  )
  expect(toasts.success).toEqual(['Auth settings saved'])
  // The form starts again from what the platform saved: nothing left to save.
  await waitFor(() => expect(within(form()).getByRole('button', { name: 'Save' })).toBeDisabled())
  expect(within(form()).getByRole('switch', { name: 'Confirm email' })).not.toBeChecked()
  expect(within(form()).getByLabelText('Access token lifetime (seconds)')).toHaveValue('7200')
})

it('validates with the contract and sends nothing invalid', async () => {
  const state = platform()
  const { user } = page()
  const f = await editableForm()
  const lifetime = within(f).getByLabelText('Access token lifetime (seconds)')
  await user.clear(lifetime)
  await user.type(lifetime, '10')
  expect(await within(f).findByText('Enter a whole number of seconds from 30 to 604,800')).toBeInTheDocument()
  const minimum = within(f).getByLabelText('Minimum password length')
  await user.clear(minimum)
  await user.type(minimum, '100')
  expect(await within(f).findByText('Enter a whole number from 6 to 72')).toBeInTheDocument()
  const site = within(f).getByLabelText('Site URL')
  await user.clear(site)
  await user.type(site, 'ftp://example.com')
  expect(await within(f).findByText('Enter a URL that starts with http:// or https://')).toBeInTheDocument()
  await user.click(within(f).getByRole('button', { name: 'Save' }))
  expect(state.log.patches).toEqual([])
})

it('adds and removes redirect URLs; Enter adds rather than saving; a duplicate is refused', async () => {
  const state = platform()
  const { user } = page()
  const f = await editableForm()
  expect(within(f).getByText('No redirect URLs: only the site URL is allowed.')).toBeInTheDocument()
  const entry = within(f).getByRole('textbox', { name: 'New redirect URL' })
  await user.type(entry, 'https://app.example/**{Enter}')
  await user.type(entry, 'myapp://callback')
  await user.click(within(f).getByRole('button', { name: 'Add URL' }))
  expect(state.log.patches).toEqual([])
  const list = within(f).getByRole('list', { name: 'Redirect URLs' })
  expect(within(list).getAllByRole('listitem').map((li) => li.textContent)).toEqual(['https://app.example/**', 'myapp://callback'])

  await user.type(entry, 'https://app.example/**')
  await user.click(within(f).getByRole('button', { name: 'Add URL' }))
  expect(await within(f).findByText('That URL is already in the list')).toBeInTheDocument()
  await user.clear(entry)

  await user.click(within(f).getByRole('button', { name: 'Remove https://app.example/**' }))
  await user.click(within(f).getByRole('button', { name: 'Save' }))
  await waitFor(() => expect(state.log.patches).toEqual([{ uri_allow_list: ['myapp://callback'] }]))
})

it('shows the platform’s refusal of a save', async () => {
  platform()
  server.use(http.patch('*/api/platform/auth/:ref/config', () => HttpResponse.json({ code: 400, message: 'Site URL is not allowed.', requestId: 'r1' }, { status: 400 })))
  const { user } = page()
  const f = await editableForm()
  await user.click(within(f).getByRole('switch', { name: 'Enable email provider' }))
  await user.click(within(f).getByRole('button', { name: 'Save' }))
  expect(await within(f).findByText('Could not save the auth settings')).toBeInTheDocument()
  expect(within(f).getByText('Site URL is not allowed.')).toBeInTheDocument()
  expect(toasts.success).toEqual([])
})

it.each(['Developer', 'Read-only'] as const)('keeps the settings read-only for a %s, saying who can change them', async (role) => {
  platform({ role })
  page()
  expect(await screen.findByText('Only Owner and Admin members can change these settings.')).toBeInTheDocument()
  for (const name of ['Allow new users to sign up', 'Enable email provider', 'Confirm email', 'Enable phone provider']) expect(within(form()).getByRole('switch', { name })).toBeDisabled()
  expect(within(form()).getByLabelText('Site URL')).toBeDisabled()
  expect(within(form()).getByRole('button', { name: 'Add URL' })).toBeDisabled()
  expect(within(form()).queryByRole('button', { name: 'Save' })).toBeNull()
})

it('shows the error with Try again, and the settings once it works', async () => {
  platform()
  let failing = 1
  server.use(
    http.get('*/api/platform/auth/:ref/config', () =>
      failing-- > 0 ? HttpResponse.json({ code: 409, message: 'The project is paused.', requestId: 'r1' }, { status: 409 }) : HttpResponse.json(DEFAULT_AUTH_CONFIG)
    )
  )
  const { user } = page()
  expect(await screen.findByText('Could not load the auth settings')).toBeInTheDocument()
  expect(screen.getByText('The project is paused.')).toBeInTheDocument()
  await user.click(screen.getByRole('button', { name: 'Try again' }))
  expect(await screen.findByRole('form', { name: 'Auth settings' })).toBeInTheDocument()
})
