import type { ReactNode } from 'react'
import { Alert, Button } from '@/components/ui'
import { SqlBlock } from '@/components/ui/SqlBlock'
import { createExtensionSql, type ExtensionStatus, type FeatureExtension } from '@/lib/sql/project-features/capabilities'
import { Code } from './NotOffered'
import type { useSqlChange } from './use-sql-change'

/**
 * An extension the server has but the project has not created: what creating it does, and either
 * an Enable button (the SQL shown first) or who must run it when the caller's role cannot.
 */
export function EnableExtension({
  status,
  name,
  cascade,
  canWrite,
  change,
  children,
}: {
  status: Extract<ExtensionStatus, { state: 'available' }>
  name: FeatureExtension
  cascade?: boolean
  canWrite: boolean
  change: ReturnType<typeof useSqlChange>
  /** What the extension does and any condition beyond creating it (preloading …). */
  children: ReactNode
}) {
  const sql = createExtensionSql(name, { cascade })
  return (
    <Alert
      variant="info"
      title={`The ${name} extension is available but not enabled`}
      actions={
        canWrite && status.canCreate ? (
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
            Enable {name}
          </Button>
        ) : undefined
      }
    >
      <div className="flex flex-col gap-2">
        {children}
        {!status.canCreate && (
          <p>
            {status.trusted ? (
              <>Creating it needs the CREATE privilege on this database, which the project&apos;s role lacks here.</>
            ) : (
              <>
                It is not a trusted extension: only a superuser can create it, and projects never run as one. The server&apos;s operator can run{' '}
                <Code>{sql}</Code> in this project&apos;s database.
              </>
            )}
          </p>
        )}
        {status.canCreate && !canWrite && <p>Your role cannot enable extensions; an Owner, Admin or Developer can.</p>}
        {!status.canCreate && <SqlBlock sql={sql} label="SQL for the operator" />}
      </div>
    </Alert>
  )
}
