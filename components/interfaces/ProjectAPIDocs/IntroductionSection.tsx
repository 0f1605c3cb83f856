import { KeyRound } from 'lucide-react'
import { toast } from 'sonner'
import { Button } from '@/components/ui'
import { copyToClipboard } from '@/components/ui/CopyButton'
import { getAccessToken } from '@/lib/auth/session-token'
import type { DocsLanguage } from '@/state/app'
import { CodeSnippet } from './CodeSnippet'
import { signInSnippet, snippetFor } from './api-docs.utils'

type Props = {
  /** The SQL endpoint's absolute URL. */
  url: string
  /** The auth service's password sign-in URL. */
  signInUrl: string
  /** Platform mode (a token is needed) or self-hosted (none). */
  withToken: boolean
  language: DocsLanguage
}

const ERRORS: [status: string, meaning: string][] = [
  ['400', 'The SQL failed: the body carries Postgres’ message and pg.code, pg.position, pg.detail, pg.hint. Also a body that is not valid.'],
  ['401', 'No access token, or one that expired: sign in again or refresh it.'],
  ['402', 'The project’s organization has used up its quota and is restricted.'],
  ['403', 'Your role may not do this. Read-only members run SQL read-only: writes are refused.'],
  ['404', 'No such project, or not one of yours.'],
  ['409', 'The project is paused or not ready yet.'],
  ['503', 'The project’s database does not answer right now; try again in a moment.'],
]

/** Base URL, authentication and errors: what every request needs. */
export function IntroductionSection({ url, signInUrl, withToken, language }: Props) {
  const copyToken = async () => {
    const token = await getAccessToken()
    if (!token) return void toast.error('You are not signed in: there is no access token to copy')
    await copyToClipboard(token).then(
      () => toast.success('Access token copied. It expires: sign in again for a new one.'),
      (error: Error) => toast.error(error.message)
    )
  }

  return (
    <div className="flex flex-col gap-6">
      <section aria-labelledby="api-docs-base-url" className="flex flex-col gap-3">
        <h3 id="api-docs-base-url" className="text-sm font-medium text-foreground">
          Base URL
        </h3>
        <p>
          The project&apos;s database answers SQL over HTTP. Send <code>POST</code> with a JSON body <code>{'{ "query": "…" }'}</code> to:
        </p>
        <CodeSnippet code={url} label="Endpoint" />
        <p>
          The answer is a JSON array of the rows of the last statement. Add <code>?results=all</code> to get every statement&apos;s
          result (command, row count, columns and rows) and the time it took.
        </p>
        <CodeSnippet code={snippetFor(language, { url, sql: 'select now()', withToken })} label={language === 'bash' ? 'Bash' : 'JavaScript'} />
      </section>

      <section aria-labelledby="api-docs-authentication" className="flex flex-col gap-3">
        <h3 id="api-docs-authentication" className="text-sm font-medium text-foreground">
          Authentication
        </h3>
        {withToken ? (
          <>
            <p>
              Every request carries an access token: <code>Authorization: Bearer ACCESS_TOKEN</code>. It acts as you, with your role in
              the project&apos;s organization. Get one by signing in; it expires after the <code>expires_in</code> seconds the answer
              gives (exchange its <code>refresh_token</code> for a new one).
            </p>
            <CodeSnippet code={signInSnippet(language, signInUrl)} label="Sign in" />
            <div>
              <Button size="tiny" type="default" icon={<KeyRound size={14} aria-hidden />} onClick={() => void copyToken()}>
                Copy my current access token
              </Button>
            </div>
            <p>Keep tokens secret: whoever holds one can do what you can until it expires.</p>
          </>
        ) : (
          <p>This dashboard runs self-hosted: requests need no token and act as its one local user.</p>
        )}
        <p>
          Call the endpoint from a server, a script or this dashboard: requests that change something are refused when a browser sends
          them from another site.
        </p>
      </section>

      <section aria-labelledby="api-docs-errors" className="flex flex-col gap-3">
        <h3 id="api-docs-errors" className="text-sm font-medium text-foreground">
          Errors
        </h3>
        <p>
          A failure answers a JSON body <code>{'{ "code", "message", "requestId" }'}</code>, where <code>code</code> is the HTTP status
          and <code>requestId</code> names the request for support.
        </p>
        <table className="w-full text-left text-xs">
          <thead>
            <tr className="border-b border-border text-foreground">
              <th scope="col" className="py-1.5 pr-3 font-medium">
                Status
              </th>
              <th scope="col" className="py-1.5 font-medium">
                Meaning
              </th>
            </tr>
          </thead>
          <tbody>
            {ERRORS.map(([status, meaning]) => (
              <tr key={status} className="border-b border-border/60 align-top">
                <td className="py-1.5 pr-3 font-mono text-foreground">{status}</td>
                <td className="py-1.5">{meaning}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>
    </div>
  )
}
