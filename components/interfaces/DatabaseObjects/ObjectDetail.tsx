import { useRouter } from 'next/router'
import { SquareTerminal } from 'lucide-react'
import { Button, SidePanel } from '@/components/ui'
import { CopyButton } from '@/components/ui/CopyButton'
import { DATABASE_OBJECT_KIND_INFO, formatSummaryValue, qualifiedName, type DatabaseObject } from '@/lib/sql/database-objects'
import { handOffFromHistory, historyHandOffHref } from '@/state/history-hand-off'

/**
 * One object: every summary field, then its definition as SQL, to copy or to start a new snippet
 * from (the SQL editor takes it the way it takes a run from the query history: in memory only).
 */
export function ObjectDetail({ projectRef, object, onClose }: { projectRef: string; object: DatabaseObject | null; onClose: () => void }) {
  const router = useRouter()
  const info = object && DATABASE_OBJECT_KIND_INFO[object.kind]
  const openInEditor = (sql: string) => {
    handOffFromHistory(sql)
    void router.push(historyHandOffHref(projectRef))
  }
  return (
    <SidePanel
      open={object !== null}
      onClose={onClose}
      size="large"
      title={object ? qualifiedName(object) : ''}
      description={info ? `The ${info.singular} as the database describes it.` : undefined}
    >
      {object && info && (
        <div className="flex flex-col gap-6">
          <dl className="grid grid-cols-1 gap-x-6 gap-y-3 text-sm sm:grid-cols-2">
            {object.schema !== null && <Field label="Schema" value={object.schema} />}
            {info.fields.map((field) => (
              <Field key={field.key} label={field.label} value={formatSummaryValue(field, object.summary[field.key])} />
            ))}
          </dl>
          {object.definition !== null && (
            <figure className="overflow-hidden rounded-md border border-border bg-background">
              <figcaption className="flex flex-wrap items-center justify-between gap-2 border-b border-border bg-surface-raised px-3 py-1.5">
                <span className="text-xs font-medium text-foreground-light">Definition</span>
                <span className="flex gap-1">
                  <CopyButton size="tiny" type="text" text={object.definition} label="Copy definition">
                    Copy
                  </CopyButton>
                  <Button size="tiny" type="text" icon={<SquareTerminal size={14} aria-hidden />} onClick={() => openInEditor(object.definition!)}>
                    Open in SQL editor
                  </Button>
                </span>
              </figcaption>
              <pre aria-label={`Definition of ${qualifiedName(object)}`} className="max-h-[60vh] overflow-auto p-3 font-mono text-xs leading-relaxed text-foreground">
                <code>{object.definition}</code>
              </pre>
            </figure>
          )}
        </div>
      )}
    </SidePanel>
  )
}

function Field({ label, value }: { label: string; value: string }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs text-foreground-lighter">{label}</dt>
      <dd className="break-words text-foreground">{value}</dd>
    </div>
  )
}
