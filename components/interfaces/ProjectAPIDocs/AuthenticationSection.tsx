import Link from 'next/link'
import type { DocsLanguage } from '@/state/app'
import { OperationSnippet } from './OperationSnippet'
import { AUTH_OPERATIONS, authSnippet, type AuthOperation, type SnippetContext } from './api-docs.snippets'

const TITLES: Record<AuthOperation, string> = {
  'sign-up': 'Sign up',
  'sign-in': 'Sign in with a password',
  'get-user': 'Get the signed-in user',
  'sign-out': 'Sign out',
}

function explanation(operation: AuthOperation, language: DocsLanguage) {
  const bash = language === 'bash'
  switch (operation) {
    case 'sign-up':
      return (
        <>
          Makes a user of this project. Unless confirmation is off (<em>Confirm email</em> in Authentication → Providers), the answer has no
          session: the user confirms by the link mailed to them, then signs in.
        </>
      )
    case 'sign-in':
      return bash ? (
        <>
          Answers the user&apos;s <code>access_token</code> (and a <code>refresh_token</code>). Send it as{' '}
          <code>Authorization: Bearer</code> in place of the anon key to act as the user (role <code>authenticated</code>); below it is
          read from <code>$ACCESS_TOKEN</code>.
        </>
      ) : (
        <>
          The client keeps the session: from now on its requests act as the user (role <code>authenticated</code>), which row level
          security policies check with <code>auth.uid()</code>.
        </>
      )
    case 'get-user':
      return <>Answers the signed-in user: id, email, when they confirmed and last signed in.</>
    case 'sign-out':
      return bash ? (
        <>Ends the session: its refresh token no longer works. The access token lasts until it expires.</>
      ) : (
        <>Ends the session and forgets it: the client acts with the anon key again.</>
      )
  }
}

/** The project's own users at {url}/auth/v1: sign up, sign in, the user, sign out. */
export function AuthenticationSection({ projectRef, ctx, language }: { projectRef: string; ctx: SnippetContext; language: DocsLanguage }) {
  return (
    <div className="flex min-w-0 flex-col gap-6">
      <p>
        Each project has users of its own, at <code>{ctx.url}/auth/v1</code>, kept in its database&apos;s <code>auth</code> schema. Their
        sign-ins are set up in{' '}
        <Link href={`/project/${projectRef}/auth/providers`} className="text-foreground underline underline-offset-2">
          Authentication → Providers
        </Link>
        .
      </p>
      {AUTH_OPERATIONS.map((operation) => (
        <OperationSnippet key={operation} title={TITLES[operation]} language={language} code={authSnippet(language, ctx, operation)}>
          {explanation(operation, language)}
        </OperationSnippet>
      ))}
    </div>
  )
}
