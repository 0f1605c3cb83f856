import Link from 'next/link'
import type { ApiDocsCatalog } from '@/lib/sql/api-docs-catalog'
import type { DocsLanguage } from '@/state/app'
import { CodeSnippet } from './CodeSnippet'
import { clientSnippet, curlIntroSnippet, type SnippetContext } from './api-docs.snippets'

const ERRORS: [status: string, meaning: string][] = [
  ['400', 'PostgREST refused the request or Postgres the statement (an unknown column, a bad filter, a check that failed).'],
  ['401', 'No API key, a key of another project or one that no longer works (the JWT secret was rotated), or an expired user token.'],
  ['402', 'The project’s organization has used up its quota and is restricted.'],
  ['403', 'The role may not do this: a missing grant, or a row level security policy that refuses the write.'],
  ['404', 'No such table or function in the exposed schemas, or the data API is turned off.'],
  ['409', 'The project is paused or not ready yet; or the row conflicts with a unique key.'],
]

type Props = { projectRef: string; ctx: SnippetContext; catalog: ApiDocsCatalog; loading: boolean; language: DocsLanguage }

/** The client (or the headers every curl request carries), the keys, and the errors. */
export function IntroductionSection({ projectRef, ctx, catalog, loading, language }: Props) {
  const first = catalog.tables.find((t) => t.schema === ctx.defaultSchema) ?? catalog.tables[0] ?? null
  return (
    <div className="flex min-w-0 flex-col gap-6">
      <section aria-labelledby="api-docs-client" className="flex flex-col gap-3">
        <h3 id="api-docs-client" className="text-sm font-medium text-foreground">
          {language === 'bash' ? 'Requests' : 'The client'}
        </h3>
        {language === 'bash' ? (
          <p>
            The project&apos;s tables and functions answer at <code>{ctx.url}/rest/v1</code>. Every request carries the anon key twice: as{' '}
            <code>apikey</code>, and as <code>Authorization: Bearer</code>, where a signed-in user&apos;s access token takes its place.
          </p>
        ) : (
          <p>
            Install <code>@supabase/supabase-js</code> and make one client of the project&apos;s URL and its anon key: every example here
            calls it <code>supabase</code>.
          </p>
        )}
        <CodeSnippet code={language === 'bash' ? curlIntroSnippet(ctx, first) : clientSnippet(ctx)} label={language === 'bash' ? 'Read a table (Bash)' : 'Create a client (JavaScript)'} />
      </section>

      <section aria-labelledby="api-docs-keys" className="flex flex-col gap-3">
        <h3 id="api-docs-keys" className="text-sm font-medium text-foreground">
          Keys
        </h3>
        <p>
          The anon key acts as the <code>anon</code> role: it is safe in a browser once row level security guards the tables. The{' '}
          <code>service_role</code> key bypasses row level security: keep it on servers. Both, the exposed schemas and the data
          API&apos;s limits are in{' '}
          <Link href={`/project/${projectRef}/settings/api`} className="text-foreground underline underline-offset-2">
            Project settings → API
          </Link>
          .
        </p>
        {!loading && catalog.tables.length === 0 && (
          <p>The exposed schemas have no tables yet: once they do, each one is documented here (pick it under Section).</p>
        )}
      </section>

      <section aria-labelledby="api-docs-errors" className="flex flex-col gap-3">
        <h3 id="api-docs-errors" className="text-sm font-medium text-foreground">
          Errors
        </h3>
        <p>
          A failure answers a JSON body <code>{'{ "code", "message", "details", "hint" }'}</code>: supabase-js hands it back as{' '}
          <code>error</code>, never as an exception.
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
