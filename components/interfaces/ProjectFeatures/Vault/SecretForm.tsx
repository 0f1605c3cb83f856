import { useState, type FormEvent } from 'react'
import { Button, Input, Textarea } from '@/components/ui'
import { createSecretSql, secretProblem, updateSecretSql, type VaultSecret } from '@/lib/sql/project-features/vault'
import type { useSqlChange } from '../shared/use-sql-change'

/**
 * Add a secret, or edit one (an empty value keeps the current one). The SQL shown masks the value,
 * and the statement runs outside the query history, so the secret is never kept in clear there.
 */
export function SecretForm({ secret, change, onClose }: { secret: VaultSecret | null; change: ReturnType<typeof useSqlChange>; onClose: () => void }) {
  const [input, setInput] = useState({
    name: secret?.name ?? '',
    description: secret?.description ?? '',
    secret: '',
  })
  const [problem, setProblem] = useState<string | null>(null)
  const submit = (e: FormEvent) => {
    e.preventDefault()
    const found = secretProblem(input, secret === null)
    setProblem(found)
    if (found) return
    const [shownSql, sql] =
      secret === null
        ? [createSecretSql(input, { hideSecret: true }), createSecretSql(input)]
        : [updateSecretSql(secret.id, input, { hideSecret: true }), updateSecretSql(secret.id, input)]
    change.propose({
      title: secret === null ? 'Add a secret' : `Update ${secret.name ?? 'the secret'}`,
      description: 'The value is masked here and the statement is kept out of the query history.',
      shownSql,
      sql,
      skipHistory: true,
      confirmLabel: secret === null ? 'Add' : 'Update',
      onDone: onClose,
    })
  }
  return (
    <form onSubmit={submit} aria-label={secret === null ? 'New secret' : 'Edit secret'} className="flex flex-col gap-3 rounded-lg border border-border p-4">
      <div className="grid gap-3 sm:grid-cols-2">
        <Input label="Name" value={input.name} onChange={(e) => setInput({ ...input, name: e.target.value })} />
        <Input
          label="Value"
          type="password"
          autoComplete="off"
          description={secret === null ? undefined : 'Leave empty to keep the current value'}
          value={input.secret}
          onChange={(e) => setInput({ ...input, secret: e.target.value })}
        />
      </div>
      <Textarea label="Description" rows={2} value={input.description} onChange={(e) => setInput({ ...input, description: e.target.value })} />
      {problem && (
        <p role="alert" className="text-sm text-destructive">
          {problem}
        </p>
      )}
      <div className="flex justify-end gap-2">
        <Button type="default" onClick={onClose}>
          Cancel
        </Button>
        <Button type="primary" htmlType="submit">
          Review SQL
        </Button>
      </div>
    </form>
  )
}
