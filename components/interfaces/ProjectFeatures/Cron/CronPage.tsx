/**
 * Cron jobs (/project/{ref}/integrations/cron): pg_cron's jobs with their latest runs, and
 * schedule / pause / resume / remove for members who may change the database, when the server has
 * pg_cron; otherwise what it takes (the package, preloading, cron.database_name).
 */
import { extensionStatus, type Capabilities } from '@/lib/sql/project-features/capabilities'
import { ChangeDialog } from '../shared/ChangeDialog'
import { EnableExtension } from '../shared/EnableExtension'
import { FeaturePage } from '../shared/FeaturePage'
import { Code, NotOffered } from '../shared/NotOffered'
import { useProjectAccess } from '../shared/use-project-access'
import { useSqlChange } from '../shared/use-sql-change'
import { WithCapabilities } from '../shared/WithCapabilities'
import { CronJobs } from './CronJobs'

export function CronPage({ projectRef }: { projectRef: string }) {
  return (
    <FeaturePage title="Cron jobs" description="SQL the database runs on a schedule, with pg_cron.">
      <WithCapabilities projectRef={projectRef}>{(capabilities) => <Cron projectRef={projectRef} capabilities={capabilities} />}</WithCapabilities>
    </FeaturePage>
  )
}

function ServerSetup({ database }: { database: string }) {
  return (
    <ul className="list-disc space-y-1 pl-5">
      <li>
        install pg_cron on the server (Debian: <Code>apt-get install postgresql-15-cron</Code>, for the server&apos;s major version);
      </li>
      <li>
        set <Code>shared_preload_libraries = &apos;pg_cron&apos;</Code> and <Code>cron.database_name = &apos;{database}&apos;</Code> (pg_cron runs jobs from one
        database per server), then restart the server;
      </li>
      <li>
        as a superuser, run <Code>create extension pg_cron</Code> in that database and grant the project&apos;s role <Code>usage on schema cron</Code>.
      </li>
    </ul>
  )
}

function Cron({ projectRef, capabilities }: { projectRef: string; capabilities: Capabilities }) {
  const { canWrite, readOnly } = useProjectAccess(projectRef)
  const change = useSqlChange(projectRef)
  const status = extensionStatus(capabilities, 'pg_cron')

  if (status.state === 'missing')
    return (
      <NotOffered
        title="Cron jobs are not offered for this project"
        why={<p>The PostgreSQL server of this project does not have pg_cron installed.</p>}
        enable={
          <>
            <p>The server’s operator would:</p>
            <ServerSetup database={capabilities.database} />
          </>
        }
        instead={{
          text: 'A scheduler outside the database (cron, a CI job) can run SQL with the connection string.',
          href: `/project/${projectRef}`,
          label: 'Connection details',
        }}
      />
    )

  if (status.state === 'available') {
    // cron.database_name is hidden from roles that may not read it (null): pg_cron itself then
    // refuses `create extension` in any other database, with its own message.
    const ready = status.preloaded && (capabilities.cron_database === null || capabilities.cron_database === capabilities.database)
    if (!ready)
      return (
        <NotOffered
          title="Cron jobs are not offered for this project yet"
          why={
            <p>
              The server has pg_cron, but{' '}
              {status.preloaded ? `it runs jobs for the database ${capabilities.cron_database}, not this project's` : 'does not preload it'}.
            </p>
          }
          enable={<ServerSetup database={capabilities.database} />}
        />
      )
    return (
      <>
        <EnableExtension status={status} name="pg_cron" canWrite={canWrite} change={change}>
          <p>Enabling it creates the schema cron with the jobs table and the functions that schedule them.</p>
        </EnableExtension>
        <ChangeDialog change={change} />
      </>
    )
  }

  return (
    <div className="flex flex-col gap-4">
      {readOnly && <p className="text-sm text-foreground-light">Your role can see the jobs but not change them.</p>}
      <CronJobs projectRef={projectRef} canWrite={canWrite} change={change} />
      <ChangeDialog change={change} />
    </div>
  )
}
