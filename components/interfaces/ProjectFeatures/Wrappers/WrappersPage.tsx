/**
 * Foreign data wrappers (/project/{ref}/database/wrappers): the wrappers, foreign servers and
 * foreign tables the database really has (always readable from the catalog), and which wrapper
 * extensions the server offers, with Enable where the project's role may create one.
 */
import type { ReactNode } from 'react'
import { Server } from 'lucide-react'
import { EmptyState } from '@/components/ui'
import { SqlBlock } from '@/components/ui/SqlBlock'
import { QueryErrorAlert } from '@/components/layouts/QueryErrorAlert'
import { useWrappersQuery } from '@/data/project-features/feature-lists-query'
import type { Capabilities } from '@/lib/sql/project-features/capabilities'
import { FOREIGN_SERVER_EXAMPLE_SQL, type ForeignDataCatalog } from '@/lib/sql/project-features/wrappers'
import { KindTabs } from '../../DatabaseObjects/KindTabs'
import { ChangeDialog } from '../shared/ChangeDialog'
import { FeaturePage } from '../shared/FeaturePage'
import { LoadingBlock } from '../shared/StateBlocks'
import { useProjectAccess } from '../shared/use-project-access'
import { useSqlChange } from '../shared/use-sql-change'
import { WithCapabilities } from '../shared/WithCapabilities'
import { WrapperExtensions } from './WrapperExtensions'

export function WrappersPage({ projectRef }: { projectRef: string }) {
  return (
    <FeaturePage
      tabs={<KindTabs projectRef={projectRef} current="wrappers" />}
      title="Foreign data wrappers"
      description="Query data that lives outside this database (another PostgreSQL, files, services) as if it were tables."
    >
      <WithCapabilities projectRef={projectRef}>{(capabilities) => <Wrappers projectRef={projectRef} capabilities={capabilities} />}</WithCapabilities>
    </FeaturePage>
  )
}

function Wrappers({ projectRef, capabilities }: { projectRef: string; capabilities: Capabilities }) {
  const { canWrite, readOnly } = useProjectAccess(projectRef)
  const change = useSqlChange(projectRef)
  const catalog = useWrappersQuery({ projectRef })
  return (
    <div className="flex flex-col gap-6">
      {readOnly && <p className="text-sm text-foreground-light">Your role can see the wrappers but not change them.</p>}
      <WrapperExtensions capabilities={capabilities} canWrite={canWrite} change={change} />
      {catalog.isLoading ? (
        <LoadingBlock label="Loading foreign data wrappers" />
      ) : catalog.error ? (
        <QueryErrorAlert
          title="Could not read the foreign data wrappers"
          error={catalog.error}
          retrying={catalog.isFetching}
          onRetry={() => void catalog.refetch()}
        />
      ) : catalog.data ? (
        <CatalogSections catalog={catalog.data} />
      ) : null}
      <ChangeDialog change={change} />
    </div>
  )
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="flex min-w-0 flex-col gap-2">
      <h2 className="text-sm font-medium text-foreground">{title}</h2>
      {children}
    </section>
  )
}

const optionText = (options: Record<string, string>) =>
  Object.entries(options)
    .map(([k, v]) => `${k}=${v}`)
    .join(', ') || 'no options'

function CatalogSections({ catalog }: { catalog: ForeignDataCatalog }) {
  const usable = catalog.wrappers.some((w) => w.usable)
  if (catalog.wrappers.length === 0)
    return (
      <EmptyState
        icon={<Server size={24} />}
        title="No foreign data wrappers in this database"
        description="Enable a wrapper extension above, where the server offers one."
      />
    )
  return (
    <>
      <Section title="Wrappers">
        <ul aria-label="Wrappers" className="divide-y divide-border rounded-lg border border-border text-sm">
          {catalog.wrappers.map((w) => (
            <li key={w.name} className="flex flex-wrap gap-x-3 px-4 py-2">
              <span className="font-mono text-foreground">{w.name}</span>
              <span className="text-xs text-foreground-light">
                {w.extension ? `from ${w.extension}` : 'no extension'} · owner {w.owner} ·{' '}
                {w.usable ? 'your role may use it' : 'your role may not use it (needs USAGE)'}
              </span>
            </li>
          ))}
        </ul>
      </Section>
      <Section title="Foreign servers">
        {catalog.servers.length === 0 ? (
          <p className="text-sm text-foreground-light">No foreign servers yet.</p>
        ) : (
          <ul aria-label="Foreign servers" className="divide-y divide-border rounded-lg border border-border text-sm">
            {catalog.servers.map((s) => (
              <li key={s.name} className="flex min-w-0 flex-col gap-0.5 px-4 py-2">
                <span className="font-mono text-foreground">{s.name}</span>
                <span className="break-words text-xs text-foreground-light">
                  {s.wrapper} · {optionText(s.options)}
                </span>
                <span className="text-xs text-foreground-lighter">
                  {s.user_mappings.length === 0 ? 'No user mappings' : `User mappings for ${s.user_mappings.join(', ')}`}
                </span>
              </li>
            ))}
          </ul>
        )}
      </Section>
      <Section title="Foreign tables">
        {catalog.foreign_tables.length === 0 ? (
          <p className="text-sm text-foreground-light">No foreign tables yet.</p>
        ) : (
          <ul aria-label="Foreign tables" className="divide-y divide-border rounded-lg border border-border text-sm">
            {catalog.foreign_tables.map((t) => (
              <li key={`${t.schema}.${t.name}`} className="flex min-w-0 flex-col gap-0.5 px-4 py-2">
                <span className="font-mono text-foreground">
                  {t.schema}.{t.name}
                </span>
                <span className="break-words text-xs text-foreground-light">
                  on {t.server} · {t.columns.join(', ') || 'no columns'} · {optionText(t.options)}
                </span>
              </li>
            ))}
          </ul>
        )}
      </Section>
      {usable && <SqlBlock sql={FOREIGN_SERVER_EXAMPLE_SQL} label="Connect another PostgreSQL (run in the SQL editor)" />}
    </>
  )
}
