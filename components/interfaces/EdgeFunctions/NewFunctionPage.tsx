/**
 * Edge Functions → New (/project/{ref}/functions/new): a template (hello world, a query as the
 * caller, a webhook receiver), a name, the code in Monaco, and Deploy (or Ctrl/Cmd+S). The
 * platform starts the code before it stores it: Deno's error comes back when it does not start.
 */
import { useState } from 'react'
import { useRouter } from 'next/router'
import { toast } from 'sonner'
import { Rocket } from 'lucide-react'
import { Button, Input, Toggle } from '@/components/ui'
import { FeaturePage } from '@/components/interfaces/ProjectFeatures/shared/FeaturePage'
import { useFunctionDeployMutation } from '@/data/functions/function-deploy-mutation'
import { FUNCTION_SLUG } from '@/lib/api-types/functions'
import { FUNCTION_TEMPLATES, functionTemplate } from '@/lib/functions/templates'
import { FunctionCodeEditor } from './FunctionCodeEditor'
import { DeployError } from './DeployError'
import { useFunctionsWrite } from './useFunctionsWrite'

export function NewFunctionPage({ projectRef }: { projectRef: string }) {
  const router = useRouter()
  const { canWrite, reason } = useFunctionsWrite(projectRef)
  const [templateId, setTemplateId] = useState(FUNCTION_TEMPLATES[0].id)
  const template = functionTemplate(templateId)
  const [name, setName] = useState(template.slug)
  const [code, setCode] = useState(template.code)
  const [verifyJwt, setVerifyJwt] = useState(template.verifyJwt)
  const deploy = useFunctionDeployMutation({
    onError: () => undefined,
    onSuccess: async (fn) => {
      toast.success(`Function “${fn.slug}” deployed`)
      await router.push(`/project/${projectRef}/functions/${fn.slug}`)
    },
  })
  const nameError = name && !FUNCTION_SLUG.test(name) ? 'A name starts with a letter, then letters, digits, - or _.' : undefined
  const submit = () => {
    if (!canWrite || !name || nameError || deploy.isPending) return
    deploy.mutate({ projectRef, slug: name, files: [{ name: 'index.ts', content: code }], entrypointPath: 'index.ts', verifyJwt })
  }
  const choose = (id: string) => {
    const next = functionTemplate(id)
    setTemplateId(next.id)
    setName(next.slug)
    setCode(next.code)
    setVerifyJwt(next.verifyJwt)
    deploy.reset()
  }
  return (
    <FeaturePage title="Deploy a new function" description="Start from a template, edit it, and deploy. It answers at the project's URL under /functions/v1/{name}.">
      <fieldset className="flex flex-col gap-2">
        <legend className="mb-2 text-sm font-medium text-foreground">Template</legend>
        <div className="grid gap-3 sm:grid-cols-3">
          {FUNCTION_TEMPLATES.map((t) => (
            <label
              key={t.id}
              className={`flex cursor-pointer flex-col gap-1 rounded-md border p-3 text-sm ${t.id === templateId ? 'border-brand bg-brand/5' : 'border-border hover:border-foreground-lighter'}`}
            >
              <span className="flex items-center gap-2 font-medium text-foreground">
                <input type="radio" name="template" value={t.id} checked={t.id === templateId} onChange={() => choose(t.id)} />
                {t.title}
              </span>
              <span className="text-xs text-foreground-light">{t.description}</span>
            </label>
          ))}
        </div>
      </fieldset>
      <form
        className="flex flex-col gap-4"
        onSubmit={(event) => {
          event.preventDefault()
          submit()
        }}
      >
        <div className="grid gap-4 sm:grid-cols-2">
          <Input label="Function name" value={name} onChange={(event) => setName(event.target.value)} error={nameError} description="Its URL segment: letters, digits, - and _." autoComplete="off" />
          <Toggle
            checked={verifyJwt}
            onCheckedChange={setVerifyJwt}
            label="Verify JWT"
            description="Callers need a token signed with the project's secret (its keys or a user's). Off for webhooks."
          />
        </div>
        <FunctionCodeEditor path={`functions/new/${templateId}/index.ts`} key={templateId} value={code} onChange={setCode} onSave={submit} label="The function's code (index.ts)" />
        {deploy.isError && <DeployError message={deploy.error.message} />}
        <div className="flex flex-wrap items-center justify-end gap-3">
          {reason && <p className="text-sm text-foreground-light">{reason}</p>}
          <Button htmlType="submit" type="primary" icon={<Rocket size={14} aria-hidden />} loading={deploy.isPending} disabled={!canWrite || !name || Boolean(nameError)}>
            {deploy.isPending ? 'Deploying…' : 'Deploy function'}
          </Button>
        </div>
      </form>
    </FeaturePage>
  )
}
