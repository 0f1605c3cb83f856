import { useState } from 'react'
import { KeyRound } from 'lucide-react'
import { Button, EmptyState } from '@/components/ui'
import { QueryErrorAlert } from '@/components/layouts/QueryErrorAlert'
import { useVaultSecretsQuery } from '@/data/project-features/feature-lists-query'
import { deleteSecretSql, type VaultSecret } from '@/lib/sql/project-features/vault'
import { LoadingBlock } from '../shared/StateBlocks'
import type { useSqlChange } from '../shared/use-sql-change'
import { RevealSecret } from './RevealSecret'
import { SecretForm } from './SecretForm'

export function SecretList({ projectRef, canWrite, change }: { projectRef: string; canWrite: boolean; change: ReturnType<typeof useSqlChange> }) {
  const secrets = useVaultSecretsQuery({ projectRef })
  // null: no form; 'new': adding; a secret: editing it.
  const [editing, setEditing] = useState<VaultSecret | 'new' | null>(null)

  if (secrets.isLoading) return <LoadingBlock label="Loading secrets" />
  if (secrets.error)
    return <QueryErrorAlert title="Could not read the vault" error={secrets.error} retrying={secrets.isFetching} onRetry={() => void secrets.refetch()} />
  const all = secrets.data ?? []
  const remove = (secret: VaultSecret) => {
    const sql = deleteSecretSql(secret.id)
    change.propose({
      title: `Delete ${secret.name ?? 'this secret'}`,
      description: 'SQL that reads it by name stops finding it.',
      shownSql: sql,
      sql,
      confirmLabel: 'Delete',
      danger: true,
    })
  }
  return (
    <div className="flex flex-col gap-4">
      {canWrite &&
        (editing === null ? (
          <div>
            <Button type="primary" size="tiny" onClick={() => setEditing('new')}>
              Add secret
            </Button>
          </div>
        ) : (
          <SecretForm
            key={editing === 'new' ? 'new' : editing.id}
            secret={editing === 'new' ? null : editing}
            change={change}
            onClose={() => setEditing(null)}
          />
        ))}
      {all.length === 0 ? (
        <EmptyState icon={<KeyRound size={24} />} title="No secrets yet" description="SQL reads a secret by name from vault.decrypted_secrets." />
      ) : (
        <ul aria-label="Secrets" className="divide-y divide-border rounded-lg border border-border">
          {all.map((secret) => (
            <li key={secret.id} className="flex min-w-0 flex-col gap-2 px-4 py-3 text-sm sm:flex-row sm:items-start">
              <div className="min-w-0 flex-1">
                <p className="break-words font-mono text-foreground">{secret.name ?? '(no name)'}</p>
                {secret.description && <p className="break-words text-xs text-foreground-light">{secret.description}</p>}
                <p className="text-xs text-foreground-lighter">Created {secret.created_at ?? '–'}</p>
                {canWrite && <RevealSecret projectRef={projectRef} secret={secret} />}
              </div>
              {canWrite && (
                <div className="flex shrink-0 gap-1">
                  <Button size="tiny" type="default" onClick={() => setEditing(secret)}>
                    Edit
                  </Button>
                  <Button size="tiny" type="danger" onClick={() => remove(secret)}>
                    Delete
                  </Button>
                </div>
              )}
            </li>
          ))}
        </ul>
      )}
    </div>
  )
}
