import { Badge, Button } from '@/components/ui'
import { createExtensionSql, extensionStatus, type Capabilities } from '@/lib/sql/project-features/capabilities'
import { FDW_EXTENSIONS } from '@/lib/sql/project-features/wrappers'
import type { useSqlChange } from '../shared/use-sql-change'

/** Each wrapper extension the page knows: enabled, available (Enable, or who must), or not on this server. */
export function WrapperExtensions({
  capabilities,
  canWrite,
  change,
}: {
  capabilities: Capabilities
  canWrite: boolean
  change: ReturnType<typeof useSqlChange>
}) {
  return (
    <section className="flex min-w-0 flex-col gap-2">
      <h2 className="text-sm font-medium text-foreground">Wrapper extensions</h2>
      <ul aria-label="Wrapper extensions" className="divide-y divide-border rounded-lg border border-border text-sm">
        {FDW_EXTENSIONS.map(({ name, reaches }) => {
          const status = extensionStatus(capabilities, name)
          const sql = createExtensionSql(name)
          return (
            <li key={name} className="flex min-w-0 flex-col gap-1 px-4 py-3 sm:flex-row sm:items-center sm:gap-3">
              <div className="min-w-0 flex-1">
                <span className="font-mono text-foreground">{name}</span> <span className="text-xs text-foreground-light">reaches {reaches}</span>
                <p className="text-xs text-foreground-lighter">
                  {status.state === 'installed'
                    ? `Enabled (schema ${status.schema}).`
                    : status.state === 'missing'
                      ? 'Not installed on this project’s PostgreSQL server.'
                      : status.canCreate
                        ? 'Available.'
                        : status.trusted
                          ? 'Available, but creating it needs the CREATE privilege on this database.'
                          : `Available, but not a trusted extension: only a superuser can create it. The server's operator can run "${sql}" here and grant the project's role USAGE on the wrapper.`}
                </p>
              </div>
              <span className="shrink-0">
                {status.state === 'installed' ? (
                  <Badge variant="brand">Enabled</Badge>
                ) : status.state === 'available' && status.canCreate && canWrite ? (
                  <Button
                    size="tiny"
                    type="primary"
                    onClick={() =>
                      change.propose({
                        title: `Enable ${name}`,
                        shownSql: sql,
                        sql,
                        confirmLabel: 'Enable',
                      })
                    }
                  >
                    Enable
                  </Button>
                ) : (
                  <Badge variant="outline">{status.state === 'missing' ? 'Not available' : status.canCreate ? 'Available' : 'Needs the operator'}</Badge>
                )}
              </span>
            </li>
          )
        })}
      </ul>
    </section>
  )
}
