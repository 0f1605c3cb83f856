/**
 * Query performance (/project/{ref}/advisors/query-performance): the statements pg_stat_statements
 * has recorded in this database, when the database has it and its server preloads it; otherwise
 * what stands in the way and what would remove it. On a server whose admin the platform holds,
 * the platform creates the extension for the project (one click), with a reset of this
 * database's statistics that the project's role may run.
 */
import { Alert } from '@/components/ui'
import { extensionStatus, type Capabilities } from '@/lib/sql/project-features/capabilities'
import { ChangeDialog } from '../shared/ChangeDialog'
import { EnableExtension } from '../shared/EnableExtension'
import { PlatformEnableExtension } from '../shared/PlatformEnableExtension'
import { FeaturePage } from '../shared/FeaturePage'
import { Code, NotOffered } from '../shared/NotOffered'
import { useProjectAccess } from '../shared/use-project-access'
import { useSqlChange } from '../shared/use-sql-change'
import { WithCapabilities } from '../shared/WithCapabilities'
import { StatementsReport } from './StatementsReport'

export function QueryPerformancePage({ projectRef }: { projectRef: string }) {
  return (
    <FeaturePage
      title="Query performance"
      description="Which statements take the most time in this database, run most often, or are slowest, from pg_stat_statements."
    >
      <WithCapabilities projectRef={projectRef}>{(capabilities) => <QueryPerformance projectRef={projectRef} capabilities={capabilities} />}</WithCapabilities>
    </FeaturePage>
  )
}

const PRELOAD_LINE = "shared_preload_libraries = 'pg_stat_statements'"

function QueryPerformance({ projectRef, capabilities }: { projectRef: string; capabilities: Capabilities }) {
  const { canWrite, readOnly } = useProjectAccess(projectRef)
  const change = useSqlChange(projectRef)
  const status = extensionStatus(capabilities, 'pg_stat_statements')

  if (status.state === 'missing')
    return (
      <NotOffered
        title="Query performance is not offered for this project"
        why={<p>The PostgreSQL server of this project does not have the pg_stat_statements module installed.</p>}
        enable={
          <p>
            The server&apos;s operator installs PostgreSQL&apos;s contrib modules, sets <Code>{PRELOAD_LINE}</Code> and restarts the server.
          </p>
        }
      />
    )

  if (status.state === 'available') {
    const about = (
      <>
        <p>Enabling it adds the pg_stat_statements view, which counts calls, time and rows of every statement run in this database.</p>
        {!status.preloaded && (
          <p>
            This server does not preload it (<Code>{PRELOAD_LINE}</Code> is not set): the view would answer with an error and record nothing until the
            server&apos;s operator sets that and restarts the server.
          </p>
        )}
      </>
    )
    const byRole = (
      <>
        <EnableExtension status={status} name="pg_stat_statements" canWrite={canWrite} change={change}>
          {about}
        </EnableExtension>
        <ChangeDialog change={change} />
      </>
    )
    if (status.canCreate) return byRole
    return (
      <PlatformEnableExtension projectRef={projectRef} name="pg_stat_statements" canWrite={canWrite} fallback={byRole}>
        {about}
      </PlatformEnableExtension>
    )
  }

  if (!status.preloaded)
    return (
      <NotOffered
        title="pg_stat_statements is enabled but records nothing"
        why={
          <p>
            The extension is created in this database (schema <Code>{status.schema}</Code>), but the server does not load its library at start, so there are no
            statistics to read.
          </p>
        }
        enable={
          <p>
            The server&apos;s operator sets <Code>{PRELOAD_LINE}</Code> and restarts the server.
          </p>
        }
      />
    )

  // This database's own reset where the platform added it; Postgres' server-wide one is a superuser's.
  const databaseOnly = capabilities.statements_reset_database === true
  const canReset = canWrite && (databaseOnly || capabilities.superuser)
  return (
    <div className="flex flex-col gap-4">
      {readOnly && <p className="text-sm text-foreground-light">Your role can see the statistics but not reset them.</p>}
      {!capabilities.superuser && (
        <Alert variant="info">
          Statements of other roles show as &lt;insufficient privilege&gt; unless the project&apos;s role is a member of pg_read_all_stats.
        </Alert>
      )}
      <StatementsReport projectRef={projectRef} schema={status.schema} canReset={canReset} databaseOnly={databaseOnly} change={change} />
      <ChangeDialog change={change} />
    </div>
  )
}
