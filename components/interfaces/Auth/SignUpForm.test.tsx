// @vitest-environment jsdom
// (jsdom: the captcha script is a fake the test drives; happy-dom would fetch its src.)
/**
 * Sign-up with the captcha on, against an MSW-mocked platform and a fake captcha script: the
 * widget renders once the script loads, its token goes with the sign-up as auth-js's
 * `captchaToken`, an error of the widget resets it, and a script that fails three times says so.
 * With no captcha configured, the form signs up without one.
 */
import { vi } from 'vitest'

const router = vi.hoisted(() => ({ replace: vi.fn(async () => true), push: vi.fn(async () => true), isReady: true, asPath: '/sign-up', pathname: '/sign-up', query: {} }))
vi.mock('next/router', () => ({ useRouter: () => router }))
const client = vi.hoisted(() => ({
  signUp: vi.fn(async (_: unknown) => ({ data: { session: { access_token: 't' }, user: {} }, error: null as null | { message: string } })),
}))
vi.mock('@/lib/auth/gotrue-client', () => ({ getGoTrueClient: () => client }))

import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { QueryClientProvider } from '@tanstack/react-query'
import { http, HttpResponse } from 'msw'
import { setupServer } from 'msw/node'
import { createQueryClient } from '@/data/query-client'
import type { CaptchaApi, CaptchaWidgetOptions } from '@/lib/captcha/hcaptcha'
import { CAPTCHA_SCRIPT_ERROR, resetCaptchaScripts } from '@/lib/captcha/load-script'
import { CAPTCHA_MISSING, SignUpForm } from './SignUpForm'

const SCRIPT = 'https://captcha.test/1/api.js'
const server = setupServer()
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }))
afterEach(() => {
  server.resetHandlers()
  vi.clearAllMocks()
  resetCaptchaScripts()
  document.head.innerHTML = ''
  delete window.hcaptcha
  localStorage.clear()
})
afterAll(() => server.close())

function platform(captcha: { siteKey: string; scriptUrl: string } | null) {
  server.use(
    http.get('*/api/config', () => HttpResponse.json({ isPlatform: true, productName: 'Dashboard', authUrl: '/auth/v1', apiMocking: false, captcha })),
    http.get('*/api/auth/v1/settings', () => HttpResponse.json({ external: { email: true }, disable_signup: false, mailer_autoconfirm: true, phone_autoconfirm: false, sms_provider: '', saml_enabled: false })),
    http.post('*/api/platform/profile/password-check', () => HttpResponse.json({ result: { score: 4, feedback: { suggestions: [], warning: '' } } }))
  )
}

/** What the provider's script does once it runs: an API that renders widgets we can drive. */
function fakeCaptcha() {
  const widgets: CaptchaWidgetOptions[] = []
  const api = {
    render: vi.fn((container: HTMLElement, options: CaptchaWidgetOptions) => {
      widgets.push(options)
      container.textContent = 'I am human'
      return `widget-${widgets.length}`
    }),
    reset: vi.fn((_widgetId?: string) => undefined),
    remove: vi.fn((_widgetId?: string) => undefined),
  } satisfies CaptchaApi
  return { api, widgets, last: () => widgets.at(-1)! }
}

const captchaScript = () => document.head.querySelector<HTMLScriptElement>(`script[src^="${SCRIPT}"]`)

/** Waits for the form to add the provider's script, then "runs" it (or fails it). */
async function scriptEvent(kind: 'load' | 'error', fake?: ReturnType<typeof fakeCaptcha>) {
  await vi.waitFor(() => expect(captchaScript()).not.toBeNull())
  if (kind === 'load') window.hcaptcha = fake!.api
  captchaScript()!.dispatchEvent(new Event(kind))
}

function renderForm() {
  return render(
    <QueryClientProvider client={createQueryClient()}>
      <SignUpForm />
    </QueryClientProvider>
  )
}

async function fillIn(user: ReturnType<typeof userEvent.setup>) {
  await user.type(await screen.findByLabelText('Email'), 'ada@example.com')
  await user.type(screen.getByLabelText('Password'), 'a long and unusual passphrase')
}

it('sends the widget’s token with the sign-up, and starts the widget over after each attempt', async () => {
  const user = userEvent.setup()
  const fake = fakeCaptcha()
  platform({ siteKey: 'site-key-1', scriptUrl: SCRIPT })
  renderForm()
  await scriptEvent('load', fake)
  expect(await screen.findByText('I am human')).toBeInTheDocument()
  expect(captchaScript()!.src).toContain('render=explicit')
  expect(fake.last().sitekey).toBe('site-key-1')
  await fillIn(user)

  // No token yet: nothing is sent.
  await user.click(screen.getByRole('button', { name: 'Sign up' }))
  expect(await screen.findByText(CAPTCHA_MISSING)).toBeInTheDocument()
  expect(client.signUp).not.toHaveBeenCalled()

  fake.last().callback('token-1')
  client.signUp.mockResolvedValueOnce({ data: { session: null as never, user: {} }, error: { message: 'captcha protection: request disallowed (invalid-input-response)' } })
  await user.click(screen.getByRole('button', { name: 'Sign up' }))
  expect(await screen.findByText('captcha protection: request disallowed (invalid-input-response)')).toBeInTheDocument()
  expect(client.signUp).toHaveBeenCalledWith({ email: 'ada@example.com', password: 'a long and unusual passphrase', options: { captchaToken: 'token-1' } })
  expect(fake.api.reset).toHaveBeenCalledWith('widget-1')

  // The spent token is gone: a new one is needed.
  await user.click(screen.getByRole('button', { name: 'Sign up' }))
  expect(await screen.findByText(CAPTCHA_MISSING)).toBeInTheDocument()
  expect(client.signUp).toHaveBeenCalledTimes(1)
  fake.last().callback('token-2')
  await user.click(screen.getByRole('button', { name: 'Sign up' }))
  await vi.waitFor(() => expect(client.signUp).toHaveBeenCalledTimes(2))
  expect(client.signUp).toHaveBeenLastCalledWith(expect.objectContaining({ options: { captchaToken: 'token-2' } }))
})

it('an error of the widget resets it and clears its token; an expired token is cleared too', async () => {
  const user = userEvent.setup()
  const fake = fakeCaptcha()
  platform({ siteKey: 'site-key-1', scriptUrl: SCRIPT })
  renderForm()
  await scriptEvent('load', fake)
  await screen.findByText('I am human')
  await fillIn(user)
  fake.last().callback('token-1')
  fake.last()['error-callback']('network-error')
  expect(fake.api.reset).toHaveBeenCalledWith('widget-1')
  await user.click(screen.getByRole('button', { name: 'Sign up' }))
  expect(await screen.findByText(CAPTCHA_MISSING)).toBeInTheDocument()
  fake.last().callback('token-2')
  fake.last()['expired-callback']()
  await user.click(screen.getByRole('button', { name: 'Sign up' }))
  expect(await screen.findByText(CAPTCHA_MISSING)).toBeInTheDocument()
  expect(client.signUp).not.toHaveBeenCalled()
})

it('says the captcha could not be loaded after the script failed three times', async () => {
  platform({ siteKey: 'site-key-1', scriptUrl: SCRIPT })
  renderForm()
  for (let attempt = 0; attempt < 3; attempt++) await scriptEvent('error')
  expect(await screen.findByText(CAPTCHA_SCRIPT_ERROR)).toBeInTheDocument()
  expect(captchaScript()).toBeNull()
})

it('signs up without a captcha when none is configured', async () => {
  const user = userEvent.setup()
  platform(null)
  renderForm()
  await fillIn(user)
  await user.click(screen.getByRole('button', { name: 'Sign up' }))
  await vi.waitFor(() => expect(client.signUp).toHaveBeenCalledWith({ email: 'ada@example.com', password: 'a long and unusual passphrase', options: undefined }))
  expect(captchaScript()).toBeNull()
})
