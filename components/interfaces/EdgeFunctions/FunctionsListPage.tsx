/**
 * Edge Functions (/project/{ref}/functions): the project's functions with their URL, last deploy
 * and invocations in the last 24 hours; a new one is made from a template on the next page.
 * Every member reads the list; deploying needs `functions:write`.
 */
import Link from 'next/link'
import { Code2, Plus } from 'lucide-react'
import { buttonClasses, EmptyState, Skeleton } from '@/components/ui'
import { CopyButton } from '@/components/ui/CopyButton'
import { QueryErrorAlert } from '@/components/layouts/QueryErrorAlert'
import { FeaturePage } from '@/components/interfaces/ProjectFeatures/shared/FeaturePage'
import { useFunctionsQuery } from '@/data/functions/functions-query'
import { useApiSettingsQuery } from '@/data/api-settings/api-settings-query'

export function FunctionsListPage({ projectRef }: { projectRef: string }) {
  const functions = useFunctionsQuery({ projectRef })
  // The project's URL ({site}/p/{ref}), as supabase-js takes it.
  const base = useApiSettingsQuery({ projectRef }).data?.url ?? `/p/${projectRef}`
  const newFunction = (
    <Link href={`/project/${projectRef}/functions/new`} className={buttonClasses({ type: 'primary' })}>
      <Plus size={14} aria-hidden /> Deploy a new function
    </Link>
  )
  return (
    <FeaturePage
      title="Edge Functions"
      description="TypeScript functions on Deno at the project's URL, invoked with supabase.functions.invoke() or any HTTP client."
      actions={
        <>
          <Link href={`/project/${projectRef}/functions/secrets`} className={buttonClasses({ type: 'default' })}>
            Secrets
          </Link>
          {newFunction}
        </>
      }
    >
      {functions.isPending ? (
        <div className="flex flex-col gap-2" aria-label="Loading the functions">
          <Skeleton className="h-14 w-full" />
          <Skeleton className="h-14 w-full" />
        </div>
      ) : functions.isError ? (
        <QueryErrorAlert title="Could not load the functions" error={functions.error} onRetry={() => void functions.refetch()} retrying={functions.isFetching} />
      ) : functions.data.length === 0 ? (
        <EmptyState
          icon={<Code2 size={28} />}
          title="No functions yet"
          description="Start from a template (hello world, a query as the caller, a webhook receiver), edit it here and deploy it in a few seconds."
          action={newFunction}
        />
      ) : (
        <div className="overflow-x-auto rounded-md border border-border">
          <table className="w-full min-w-[40rem] text-sm">
            <thead className="bg-surface-raised text-left text-xs text-foreground-light">
              <tr>
                <th scope="col" className="px-4 py-2 font-medium">Name</th>
                <th scope="col" className="px-4 py-2 font-medium">URL</th>
                <th scope="col" className="px-4 py-2 font-medium">Last deployed</th>
                <th scope="col" className="px-4 py-2 text-right font-medium">Invocations, 24 h</th>
              </tr>
            </thead>
            <tbody>
              {functions.data.map((fn) => {
                const url = `${base}/functions/v1/${fn.slug}`
                return (
                  <tr key={fn.id} className="border-t border-border">
                    <td className="px-4 py-3">
                      <Link href={`/project/${projectRef}/functions/${fn.slug}`} className="font-medium text-foreground underline-offset-2 hover:underline">
                        {fn.name}
                      </Link>
                      <div className="text-xs text-foreground-lighter">
                        v{fn.version}
                        {fn.verify_jwt ? '' : ' · no JWT check'}
                      </div>
                    </td>
                    <td className="px-4 py-3">
                      <span className="flex min-w-0 items-center gap-2">
                        <code className="truncate font-mono text-xs text-foreground-light">{url}</code>
                        <CopyButton size="tiny" type="text" text={url} label={`Copy the URL of ${fn.name}`} />
                      </span>
                    </td>
                    <td className="px-4 py-3 text-foreground-light">
                      <time dateTime={new Date(fn.updated_at).toISOString()}>{new Date(fn.updated_at).toLocaleString()}</time>
                    </td>
                    <td className="px-4 py-3 text-right tabular-nums">{fn.invocations_24h.toLocaleString()}</td>
                  </tr>
                )
              })}
            </tbody>
          </table>
        </div>
      )}
    </FeaturePage>
  )
}
