/**
 * Edge Functions → Secrets (/project/{ref}/functions/secrets): the environment variables every
 * function of the project sees beside SUPABASE_URL and its keys. Values are write-only: the list
 * shows each value's sha256, as Supabase's CLI does. A function's next request sees a change.
 */
import { useState } from 'react'
import Link from 'next/link'
import { KeyRound, Trash2 } from 'lucide-react'
import { toast } from 'sonner'
import { Button, Card, CardContent, CardHeader, EmptyState, Input, Skeleton } from '@/components/ui'
import { QueryErrorAlert } from '@/components/layouts/QueryErrorAlert'
import { FeaturePage } from '@/components/interfaces/ProjectFeatures/shared/FeaturePage'
import { ConfirmModal } from '@/components/interfaces/SQLEditor/ConfirmModal'
import { useSecretsQuery } from '@/data/functions/secrets-query'
import { useSecretsDeleteMutation, useSecretsSetMutation } from '@/data/functions/secrets-mutations'
import { secretName } from '@/lib/api-types/functions'
import { useFunctionsWrite } from './useFunctionsWrite'

export function SecretsPage({ projectRef }: { projectRef: string }) {
  const secrets = useSecretsQuery({ projectRef })
  const { canWrite, reason } = useFunctionsWrite(projectRef)
  const [name, setName] = useState('')
  const [value, setValue] = useState('')
  const [removing, setRemoving] = useState<string | null>(null)
  const set = useSecretsSetMutation({
    onSuccess: (_, vars) => {
      toast.success(`Secret ${vars.secrets[0].name} saved`)
      setName('')
      setValue('')
    },
  })
  const remove = useSecretsDeleteMutation({ onSuccess: (_, vars) => (toast.success(`Secret ${vars.names[0]} deleted`), setRemoving(null)) })
  const checked = name ? secretName.safeParse(name) : null
  const nameError = checked && !checked.success ? checked.error.issues[0].message : undefined
  const replacing = secrets.data?.some((s) => s.name === name)
  return (
    <FeaturePage
      title="Edge Function secrets"
      description={
        <>
          Environment variables of every function of the project (Deno.env.get), beside SUPABASE_URL, SUPABASE_ANON_KEY, SUPABASE_SERVICE_ROLE_KEY and SUPABASE_DB_URL.{' '}
          <Link href={`/project/${projectRef}/functions`} className="underline underline-offset-2">
            Back to the functions
          </Link>
        </>
      }
    >
      <Card>
        <CardHeader title="Add or change a secret" description="A value is never shown again once saved. Setting a name again replaces its value." />
        <CardContent>
          <form
            className="grid gap-3 sm:grid-cols-[1fr_2fr_auto] sm:items-end"
            onSubmit={(event) => {
              event.preventDefault()
              if (!nameError && name && value) set.mutate({ projectRef, secrets: [{ name, value }] })
            }}
          >
            <Input label="Name" placeholder="STRIPE_SECRET_KEY" value={name} onChange={(event) => setName(event.target.value.trim())} error={nameError} autoComplete="off" />
            <Input label="Value" type="password" value={value} onChange={(event) => setValue(event.target.value)} autoComplete="new-password" />
            <Button htmlType="submit" type="primary" loading={set.isPending} disabled={!canWrite || !name || !value || Boolean(nameError)} title={reason}>
              {replacing ? 'Replace secret' : 'Add secret'}
            </Button>
          </form>
          {reason && <p className="mt-2 text-sm text-foreground-light">{reason}</p>}
        </CardContent>
      </Card>
      {secrets.isPending ? (
        <Skeleton className="h-24 w-full" />
      ) : secrets.isError ? (
        <QueryErrorAlert title="Could not load the secrets" error={secrets.error} onRetry={() => void secrets.refetch()} retrying={secrets.isFetching} />
      ) : secrets.data.length === 0 ? (
        <EmptyState icon={<KeyRound size={28} />} title="No secrets yet" description="API keys and other values your functions need go here, never in their code." />
      ) : (
        // relative: the sr-only header is placed inside the scrolling box, not past the page's edge.
        <div className="relative overflow-x-auto rounded-md border border-border">
          <table className="w-full min-w-[32rem] text-sm">
            <thead className="bg-surface-raised text-left text-xs text-foreground-light">
              <tr>
                <th scope="col" className="px-4 py-2 font-medium">Name</th>
                <th scope="col" className="px-4 py-2 font-medium">Digest (sha256)</th>
                <th scope="col" className="px-4 py-2 font-medium">Updated</th>
                <th scope="col" className="px-4 py-2"><span className="sr-only">Actions</span></th>
              </tr>
            </thead>
            <tbody>
              {secrets.data.map((secret) => (
                <tr key={secret.name} className="border-t border-border">
                  <td className="px-4 py-2 font-mono text-xs text-foreground">{secret.name}</td>
                  <td className="px-4 py-2 font-mono text-xs text-foreground-light" title={secret.value}>
                    {secret.value.slice(0, 16)}…
                  </td>
                  <td className="px-4 py-2 text-foreground-light">{new Date(secret.updated_at).toLocaleString()}</td>
                  <td className="px-4 py-2 text-right">
                    <Button type="text" size="tiny" icon={<Trash2 size={14} aria-hidden />} disabled={!canWrite} onClick={() => setRemoving(secret.name)} aria-label={`Delete ${secret.name}`} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <ConfirmModal open={removing !== null} title={`Delete ${removing}?`} confirmLabel="Delete secret" loading={remove.isPending} onClose={() => setRemoving(null)} onConfirm={() => removing && remove.mutate({ projectRef, names: [removing] })}>
        Functions that read it get undefined from their next request on.
      </ConfirmModal>
    </FeaturePage>
  )
}
