import { ProductMark } from '@/components/layouts/ProductMark'
import { useState, type FormEvent, type ReactNode } from 'react'
import { MAX_PASSWORD_LENGTH, PASSWORD_TOO_LONG_MESSAGE } from '@/lib/api-types/password-limits'
import Link from 'next/link'
import { Button, Input, Alert, Spinner } from '@/components/ui'
import { PRODUCT_NAME } from '@/lib/constants'
import { PasswordStrengthBar } from './PasswordStrengthBar'
import { usePasswordStrength } from './usePasswordStrength'
import { LastUsedBadge } from './LastUsedBadge'

export type AuthFormMode = 'sign-in' | 'sign-up'

const COPY: Record<AuthFormMode, { title: string; subtitle: string; submit: string; switchText: string; switchLink: string; switchHref: string }> = {
  'sign-in': {
    title: 'Welcome back',
    subtitle: 'Sign in to your account',
    submit: 'Sign in',
    switchText: "Don't have an account?",
    switchLink: 'Sign up now',
    switchHref: '/sign-up',
  },
  'sign-up': {
    title: 'Get started',
    subtitle: 'Create a new account',
    submit: 'Sign up',
    switchText: 'Have an account?',
    switchLink: 'Sign in now',
    switchHref: '/sign-in',
  },
}

/** The field's label with the badge beside it; the badge stays out of the field's accessible name. */
function EmailLastUsed() {
  return (
    <span className="flex items-center gap-2">
      Email <LastUsedBadge aria-hidden />
    </span>
  )
}

/**
 * Email + password form shared by sign-in and sign-up; the page decides what submitting does.
 * Other ways in (OAuth providers) come as `alternatives`, above it.
 */
export function AuthForm({
  mode,
  onSubmit,
  switchQuery,
  secondStep,
  alternatives,
  lastUsedEmail = false,
  finishing = false,
  notice,
  aside,
  beforeSubmit,
}: {
  mode: AuthFormMode
  onSubmit: (email: string, password: string) => Promise<string | null>
  switchQuery?: string
  /** Shown instead of the form once the password step is done (the code of an authenticator app). */
  secondStep?: ReactNode
  /** Other ways to sign in, shown above the email form. */
  alternatives?: ReactNode
  /** This browser signed in with email and password last time. */
  lastUsedEmail?: boolean
  /** A sign-in that came back from a provider is being finished: nothing to fill in meanwhile. */
  finishing?: boolean
  /** A message above everything else (why a provider sign-in failed). */
  notice?: ReactNode
  /** Beside the form on wide screens (the sign-in page's testimonials); it brings its own panel. */
  aside?: ReactNode
  /** Shown above the submit button (the sign-up captcha). */
  beforeSubmit?: ReactNode
}) {
  const copy = COPY[mode]
  const [email, setEmail] = useState('')
  const [password, setPassword] = useState('')
  const [error, setError] = useState<string | null>(null)
  const [submitting, setSubmitting] = useState(false)
  const strength = usePasswordStrength(mode === 'sign-up' ? password : '')

  async function handleSubmit(event: FormEvent) {
    event.preventDefault()
    setError(null)
    if (!email.trim() || !password) return setError('You must provide either an email or phone number and a password')
    if (password.length > MAX_PASSWORD_LENGTH) return setError(PASSWORD_TOO_LONG_MESSAGE)
    setSubmitting(true)
    try {
      if (mode === 'sign-up') {
        const problem = await strength.problem(password).catch((e: Error) => `Failed to check password strength: ${e.message}`)
        if (problem) return setError(problem)
      }
      setError(await onSubmit(email.trim(), password))
    } finally {
      setSubmitting(false)
    }
  }

  return (
    <div className="flex min-h-screen bg-background">
      <div className="flex flex-1 items-center justify-center px-4 py-8">
        <div className="w-full max-w-sm">
          <div className="mb-8 flex items-center gap-2 font-semibold">
            <ProductMark />
            {PRODUCT_NAME}
          </div>
          <h1 className="text-2xl font-semibold">{secondStep ? 'Two-factor authentication' : copy.title}</h1>
          <p className="mb-6 text-sm text-foreground-light">{secondStep ? 'One more step to sign in' : copy.subtitle}</p>
          {notice}
          {secondStep ??
            (finishing ? (
              <p className="flex items-center gap-2 text-sm text-foreground-light" role="status">
                <Spinner label={null} /> Signing you in…
              </p>
            ) : (
            <>
              {alternatives}
              <form onSubmit={handleSubmit} className="flex flex-col gap-4" noValidate>
                <Input label={lastUsedEmail ? <EmailLastUsed /> : 'Email'} type="email" name="email" autoComplete="email" placeholder="you@example.com" value={email} onChange={(e) => setEmail(e.target.value)} size="medium" />
                <Input
                  label="Password"
                  type="password"
                  name="password"
                  autoComplete={mode === 'sign-in' ? 'current-password' : 'new-password'}
                  placeholder="••••••••"
                  value={password}
                  onChange={(e) => setPassword(e.target.value)}
                  size="medium"
                />
                {mode === 'sign-up' && password && <PasswordStrengthBar result={strength.result} />}
                {beforeSubmit}
                {error && (
                  <Alert variant="danger" role="alert">
                    {error}
                  </Alert>
                )}
                <Button type="primary" htmlType="submit" size="medium" loading={submitting} block>
                  {copy.submit}
                </Button>
              </form>
              <p className="mt-6 text-center text-sm text-foreground-light">
                {copy.switchText}{' '}
                <Link className="text-foreground underline" href={`${copy.switchHref}${switchQuery ?? ''}`}>
                  {copy.switchLink}
                </Link>
              </p>
            </>
          ))}
        </div>
      </div>
      {aside}
    </div>
  )
}
