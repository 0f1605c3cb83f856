/**
 * Enabling an extension: where it goes (an existing schema, or a new one made for it), whether
 * the extensions it needs come too, and the SQL that will run, before it runs. What goes into the
 * platform's own schema (an extension that needs a superuser, or one put there) the platform
 * creates as the server's admin: the dialog says so and shows that SQL.
 */
import { useState } from 'react'
import { Input, Select } from '@/components/ui'
import { SqlReviewDialog } from '@/components/ui/SqlReviewDialog'
import type { Extension } from '@/lib/api-types'
import { enableExtensionSql, platformEnableExtensionSql } from '@/lib/extensions/extension-sql'
import { defaultSchemaFor } from './extensions.utils'

const NEW_SCHEMA = '\u0000new'

export type EnableDialogProps = {
  extension: Extension
  schemas: readonly string[]
  /** The schema the platform owns in this database (it creates what goes there); null when none. */
  platformSchema?: string | null
  pending: boolean
  onCancel: () => void
  /** `schema` is left out when the extension's schema is fixed (by its control file or the platform). */
  onEnable: (choice: { schema?: string; cascade: boolean }) => void
}

export function EnableDialog({ extension, schemas, platformSchema = null, pending, onCancel, onEnable }: EnableDialogProps) {
  const fallback = defaultSchemaFor(extension, platformSchema)
  const [picked, setPicked] = useState(schemas.includes(fallback) ? fallback : NEW_SCHEMA)
  const [newSchema, setNewSchema] = useState(schemas.includes(fallback) ? '' : fallback)
  const [cascade, setCascade] = useState(extension.requires.length > 0)
  const fixed = extension.required_schema
  const schema = fixed ?? (picked === NEW_SCHEMA ? newSchema.trim() : picked)
  const byPlatform = extension.by_platform === true || (platformSchema !== null && schema === platformSchema)
  const sql = byPlatform
    ? platformEnableExtensionSql({ name: extension.name, schema, cascade })
    : enableExtensionSql({ name: extension.name, schema: schema || '…', cascade })
  const creates = !schemas.includes(schema) && schema !== 'pg_catalog'

  return (
    <SqlReviewDialog
      open
      title={`Enable ${extension.name}`}
      description={extension.comment ?? undefined}
      sql={sql}
      sqlLabel="SQL that will run"
      running={pending}
      runLabel="Enable extension"
      runDisabled={!schema}
      onRun={() => onEnable(fixed ? { cascade } : { schema, cascade })}
      onClose={onCancel}
    >
      {fixed ? (
        <p className="text-sm text-foreground-light">
          This extension can only be put in schema <code className="font-mono">{fixed}</code>.
        </p>
      ) : (
        <>
          <Select
            label="Schema"
            value={picked}
            onChange={(e) => setPicked(e.target.value)}
            options={[...schemas.map((s) => ({ value: s, label: s })), { value: NEW_SCHEMA, label: 'New schema…' }]}
          />
          {picked === NEW_SCHEMA && (
            <Input label="New schema name" value={newSchema} onChange={(e) => setNewSchema(e.target.value)} autoComplete="off" spellCheck={false} />
          )}
        </>
      )}
      {byPlatform ? (
        <p className="text-xs text-foreground-lighter">
          The platform creates it for the project, as the server&apos;s admin, in its own schema <code className="font-mono">{schema}</code>, where only it
          can create objects; the project&apos;s role can use what it adds.
        </p>
      ) : (
        creates && schema && <p className="text-xs text-foreground-lighter">The schema is created, owned by the project&apos;s role.</p>
      )}
      {schema && schema !== 'public' && (
        <p className="text-xs text-foreground-lighter">
          Outside <code className="font-mono">public</code>, use what it adds with the schema&apos;s name (
          <code className="font-mono">{schema}.…</code>), or add the schema to the <code className="font-mono">search_path</code>.
        </p>
      )}
      <label className="flex items-start gap-2 text-sm text-foreground">
        <input type="checkbox" className="mt-1" checked={cascade} onChange={(e) => setCascade(e.target.checked)} />
        <span>
          Also enable the extensions it needs
          {extension.requires.length > 0 && <span className="text-foreground-light"> ({extension.requires.join(', ')})</span>}
        </span>
      </label>
    </SqlReviewDialog>
  )
}
