/**
 * A function's page (/project/{ref}/functions/{slug}): its URL, verify_jwt, how to invoke it
 * (supabase-js, curl), its code (edit and redeploy, Ctrl/Cmd+S), the test panel, its logs and
 * invocations, and delete.
 */
import { useState } from 'react'
import Link from 'next/link'
import { useRouter } from 'next/router'
import { toast } from 'sonner'
import { Rocket, Trash2 } from 'lucide-react'
import { Button, Card, CardContent, CardHeader, Skeleton, Toggle } from '@/components/ui'
import { SqlBlock } from '@/components/ui/SqlBlock'
import { QueryErrorAlert } from '@/components/layouts/QueryErrorAlert'
import { FeaturePage } from '@/components/interfaces/ProjectFeatures/shared/FeaturePage'
import { ValueField } from '@/components/interfaces/ApiSettings/ValueField'
import { ConfirmModal } from '@/components/interfaces/SQLEditor/ConfirmModal'
import { useApiSettingsQuery } from '@/data/api-settings/api-settings-query'
import { useFunctionBodyQuery, useFunctionQuery } from '@/data/functions/function-query'
import { useFunctionDeployMutation } from '@/data/functions/function-deploy-mutation'
import { useFunctionUpdateMutation } from '@/data/functions/function-update-mutation'
import { useFunctionDeleteMutation } from '@/data/functions/function-delete-mutation'
import { invokeSnippets } from '@/lib/functions/invoke-snippets'
import type { FunctionBody } from '@/lib/api-types/functions'
import { FunctionCodeEditor } from './FunctionCodeEditor'
import { FunctionTestPanel } from './FunctionTestPanel'
import { FunctionLogsCard } from './FunctionLogsCard'
import { DeployError } from './DeployError'
import { useFunctionsWrite } from './useFunctionsWrite'

export function FunctionPage({ projectRef, slug }: { projectRef: string; slug: string }) {
  const router = useRouter()
  const fn = useFunctionQuery({ projectRef, slug })
  const settings = useApiSettingsQuery({ projectRef })
  const { canWrite, reason } = useFunctionsWrite(projectRef)
  const [confirmDelete, setConfirmDelete] = useState(false)
  const update = useFunctionUpdateMutation({ onSuccess: (f) => toast.success(f.verify_jwt ? 'JWT verification is on' : 'JWT verification is off') })
  const remove = useFunctionDeleteMutation({
    onSuccess: async () => {
      toast.success(`Function “${slug}” deleted`)
      await router.push(`/project/${projectRef}/functions`)
    },
  })
  const projectUrl = settings.data?.url ?? `/p/${projectRef}`
  const url = `${projectUrl}/functions/v1/${slug}`
  const snippets = invokeSnippets({ projectUrl, slug, anonKey: settings.data?.anon_key ?? null })
  return (
    <FeaturePage
      title={fn.data?.name ?? slug}
      description={
        <>
          <Link href={`/project/${projectRef}/functions`} className="underline underline-offset-2">
            Edge Functions
          </Link>
          {fn.data && ` · version ${fn.data.version} · deployed ${new Date(fn.data.updated_at).toLocaleString()}`}
        </>
      }
      actions={
        <Button type="danger" icon={<Trash2 size={14} aria-hidden />} disabled={!canWrite || !fn.data} title={reason} onClick={() => setConfirmDelete(true)}>
          Delete function
        </Button>
      }
    >
      {fn.isPending ? (
        <Skeleton className="h-40 w-full" />
      ) : fn.isError ? (
        <QueryErrorAlert title="Could not load the function" error={fn.error} onRetry={() => void fn.refetch()} retrying={fn.isFetching} />
      ) : (
        <div className="flex flex-col gap-6">
          <Card>
            <CardHeader title="Invoking" description="Any method and any path below the URL reach the function." />
            <CardContent className="flex flex-col gap-4">
              <ValueField label="URL" value={url} copyLabel="Copy the function's URL" />
              <Toggle
                checked={fn.data.verify_jwt}
                disabled={!canWrite || update.isPending}
                onCheckedChange={(checked) => update.mutate({ projectRef, slug, verifyJwt: checked })}
                label="Verify JWT"
                description={reason ?? "Callers need a token signed with the project's secret: its anon or service_role key, or a user's. Turn off for webhooks."}
              />
              <div className="grid min-w-0 gap-4 lg:grid-cols-2">
                <SqlBlock label="supabase-js" sql={snippets.supabaseJs} copyLabel="Copy the supabase-js snippet" />
                <SqlBlock label="curl" sql={snippets.curl} copyLabel="Copy the curl command" />
              </div>
            </CardContent>
          </Card>
          <CodeCard projectRef={projectRef} slug={slug} canWrite={canWrite} reason={reason} />
          <FunctionTestPanel url={url} anonKey={settings.data?.anon_key ?? null} />
          <FunctionLogsCard projectRef={projectRef} slug={slug} />
        </div>
      )}
      <ConfirmModal open={confirmDelete} title={`Delete “${slug}”?`} confirmLabel="Delete function" loading={remove.isPending} onClose={() => setConfirmDelete(false)} onConfirm={() => remove.mutate({ projectRef, slug })}>
        Its URL answers 404 at once, and its workers stop. Its code is gone: copy it first if you may want it again.
      </ConfirmModal>
    </FeaturePage>
  )
}

function CodeCard({ projectRef, slug, canWrite, reason }: { projectRef: string; slug: string; canWrite: boolean; reason?: string }) {
  const body = useFunctionBodyQuery({ projectRef, slug })
  return (
    <Card>
      <CardHeader title="Code" description="Edit and deploy a new version (Ctrl/Cmd+S). Requests in flight finish on the version they started on." />
      <CardContent>
        {body.isPending ? (
          <Skeleton className="h-64 w-full" />
        ) : body.isError ? (
          <QueryErrorAlert title="Could not load the code" error={body.error} onRetry={() => void body.refetch()} retrying={body.isFetching} />
        ) : (
          <CodeEditorForm key={body.data.version} projectRef={projectRef} slug={slug} body={body.data} canWrite={canWrite} reason={reason} />
        )}
      </CardContent>
    </Card>
  )
}

function CodeEditorForm({ projectRef, slug, body, canWrite, reason }: { projectRef: string; slug: string; body: FunctionBody; canWrite: boolean; reason?: string }) {
  const [files, setFiles] = useState(body.files)
  const [open, setOpen] = useState(body.entrypoint_path)
  const deploy = useFunctionDeployMutation({ onError: () => undefined, onSuccess: (fn) => toast.success(`Version ${fn.version} deployed`) })
  const current = files.find((f) => f.name === open) ?? files[0]
  const changed = files.some((f, i) => f.content !== body.files[i]?.content)
  const submit = () => {
    if (!canWrite || deploy.isPending) return
    deploy.mutate({ projectRef, slug, files, entrypointPath: body.entrypoint_path })
  }
  return (
    <div className="flex flex-col gap-3">
      {files.length > 1 && (
        <div role="tablist" aria-label="Files" className="flex flex-wrap gap-1">
          {files.map((f) => (
            <button key={f.name} role="tab" aria-selected={f.name === current.name} onClick={() => setOpen(f.name)} className={`rounded px-2 py-1 font-mono text-xs ${f.name === current.name ? 'bg-surface-raised text-foreground' : 'text-foreground-light hover:text-foreground'}`}>
              {f.name}
            </button>
          ))}
        </div>
      )}
      <FunctionCodeEditor
        key={current.name}
        path={`functions/${slug}/${current.name}`}
        value={current.content}
        onChange={(content) => setFiles((all) => all.map((f) => (f.name === current.name ? { ...f, content } : f)))}
        onSave={submit}
        label={`The function's code (${current.name})`}
      />
      {deploy.isError && <DeployError message={deploy.error.message} />}
      <div className="flex flex-wrap items-center justify-end gap-3">
        {reason && <p className="text-sm text-foreground-light">{reason}</p>}
        <Button type="primary" icon={<Rocket size={14} aria-hidden />} loading={deploy.isPending} disabled={!canWrite || !changed} onClick={submit}>
          {deploy.isPending ? 'Deploying…' : 'Deploy changes'}
        </Button>
      </div>
    </div>
  )
}
