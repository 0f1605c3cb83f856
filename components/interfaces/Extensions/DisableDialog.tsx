/**
 * Disabling an extension drops it and its types and functions: the dialog says what depends on it
 * that it knows of, offers cascade (which drops those too) and shows the SQL before it runs.
 */
import { useState } from 'react'
import { Alert } from '@/components/ui'
import { SqlReviewDialog } from '@/components/ui/SqlReviewDialog'
import type { Extension } from '@/lib/api-types'
import { disableExtensionSql, platformDisableExtensionSql } from '@/lib/extensions/extension-sql'

export type DisableDialogProps = {
  extension: Extension
  pending: boolean
  onCancel: () => void
  onDisable: (choice: { cascade: boolean }) => void
}

export function DisableDialog({ extension, pending, onCancel, onDisable }: DisableDialogProps) {
  const [cascade, setCascade] = useState(false)
  // What the platform created it drops again, as the server's admin.
  const sql =
    extension.by_platform && extension.schema
      ? platformDisableExtensionSql({ name: extension.name, schema: extension.schema, cascade })
      : disableExtensionSql({ name: extension.name, cascade })
  return (
    <SqlReviewDialog
      open
      title={`Disable ${extension.name}`}
      sql={sql}
      sqlLabel="SQL that will run"
      running={pending}
      runLabel="Disable extension"
      danger
      onRun={() => onDisable({ cascade })}
      onClose={onCancel}
    >
      <Alert variant="warning" title="Its types, functions and operators go with it">
        {extension.required_by.length > 0
          ? `These enabled extensions need it: ${extension.required_by.join(', ')}. `
          : ''}
        Without cascade, Postgres refuses while anything uses it (a column of one of its types, an index, a function) and says what. With cascade,
        everything that uses it is dropped too: columns and their data included.
      </Alert>
      <label className="flex items-start gap-2 text-sm text-foreground">
        <input type="checkbox" className="mt-1" checked={cascade} onChange={(e) => setCascade(e.target.checked)} />
        <span>Also drop everything that depends on it (cascade)</span>
      </label>
    </SqlReviewDialog>
  )
}
