/**
 * Database webhooks (/project/{ref}/database/hooks): triggers that send an HTTP request from the
 * database, which needs an HTTP client inside it (pg_net). Lists them when pg_net is there;
 * otherwise says what it takes, and what triggers and functions can do instead.
 */
import Link from 'next/link'
import { Webhook } from 'lucide-react'
import { buttonClasses, EmptyState } from '@/components/ui'
import { SqlBlock } from '@/components/ui/SqlBlock'
import { QueryErrorAlert } from '@/components/layouts/QueryErrorAlert'
import { useHooksQuery } from '@/data/project-features/feature-lists-query'
import { extensionStatus, type Capabilities } from '@/lib/sql/project-features/capabilities'
import { HOOK_EXAMPLE_SQL } from '@/lib/sql/project-features/hooks'
import { KindTabs } from '../../DatabaseObjects/KindTabs'
import { ChangeDialog } from '../shared/ChangeDialog'
import { EnableExtension } from '../shared/EnableExtension'
import { FeaturePage } from '../shared/FeaturePage'
import { Code, NotOffered } from '../shared/NotOffered'
import { LoadingBlock } from '../shared/StateBlocks'
import { useProjectAccess } from '../shared/use-project-access'
import { useSqlChange } from '../shared/use-sql-change'
import { WithCapabilities } from '../shared/WithCapabilities'

export function DatabaseHooksPage({ projectRef }: { projectRef: string }) {
  return (
    <FeaturePage
      tabs={<KindTabs projectRef={projectRef} current="hooks" />}
      title="Database webhooks"
      description="Send an HTTP request when rows of a table change: a trigger that calls pg_net."
    >
      <WithCapabilities projectRef={projectRef}>{(capabilities) => <Hooks projectRef={projectRef} capabilities={capabilities} />}</WithCapabilities>
    </FeaturePage>
  )
}

function Hooks({ projectRef, capabilities }: { projectRef: string; capabilities: Capabilities }) {
  const { canWrite } = useProjectAccess(projectRef)
  const change = useSqlChange(projectRef)
  const status = extensionStatus(capabilities, 'pg_net')
  const triggers = `/project/${projectRef}/database/triggers`

  if (status.state === 'missing')
    return (
      <NotOffered
        title="Database webhooks are not offered for this project"
        why={
          <p>
            A webhook is an HTTP request sent by the database itself, which needs an HTTP client inside it: the pg_net extension, whose background worker sends
            the requests.{' '}
            This project’s PostgreSQL server does not have pg_net installed.
          </p>
        }
        enable={
          <p>
            On a PostgreSQL server, its operator installs pg_net (built from source: it is not packaged by Debian), sets{' '}
            <Code>shared_preload_libraries = &apos;pg_net&apos;</Code>, restarts the server and runs <Code>create extension pg_net</Code> in this project&apos;s
            database.
          </p>
        }
        instead={{
          text: 'Triggers and functions react to changes inside the database (keep an audit table, update a counter, queue a row for a worker outside the database to send).',
          href: triggers,
          label: 'Go to triggers',
        }}
      />
    )

  if (status.state === 'available')
    return (
      <>
        <EnableExtension status={status} name="pg_net" canWrite={canWrite} change={change}>
          <p>pg_net sends HTTP requests from SQL (net.http_post …) without waiting for the answer.</p>
          {!status.preloaded && (
            <p>
              This server does not preload it: requests would queue but never be sent until <Code>shared_preload_libraries</Code> includes pg_net and the server
              restarts.
            </p>
          )}
        </EnableExtension>
        <ChangeDialog change={change} />
      </>
    )

  return <HookList projectRef={projectRef} triggersHref={triggers} />
}

function HookList({ projectRef, triggersHref }: { projectRef: string; triggersHref: string }) {
  const hooks = useHooksQuery({ projectRef })
  if (hooks.isLoading) return <LoadingBlock label="Loading webhooks" />
  if (hooks.error) return <QueryErrorAlert title="Could not read the webhooks" error={hooks.error} retrying={hooks.isFetching} onRetry={() => void hooks.refetch()} />
  const all = hooks.data ?? []
  return (
    <div className="flex flex-col gap-4">
      {all.length === 0 ? (
        <EmptyState
          icon={<Webhook size={24} />}
          title="No webhooks yet"
          description="A webhook is a trigger whose function calls net.http_post. Create one in the SQL editor."
          action={
            <Link href={`/project/${projectRef}/sql/new`} className={buttonClasses({ type: 'default' })}>
              Open the SQL editor
            </Link>
          }
        />
      ) : (
        <ul aria-label="Webhooks" className="divide-y divide-border rounded-lg border border-border">
          {all.map((hook) => (
            <li key={`${hook.schema}.${hook.table}.${hook.name}`} className="flex min-w-0 flex-col gap-1 px-4 py-3 text-sm">
              <span className="font-mono text-foreground">{hook.name}</span>
              <span className="text-xs text-foreground-light">
                {hook.timing} {hook.events} on {hook.schema}.{hook.table} · {hook.function} · {hook.enabled ? 'enabled' : 'disabled'}
              </span>
            </li>
          ))}
        </ul>
      )}
      <SqlBlock sql={HOOK_EXAMPLE_SQL} label="Example webhook" />
      <Link href={triggersHref} className="text-sm text-foreground-light underline">
        All triggers
      </Link>
    </div>
  )
}
