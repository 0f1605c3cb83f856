import { useState, type FormEvent } from 'react'
import { toast } from 'sonner'
import { Button, Card, CardContent, CardHeader, Input, Skeleton, Toggle } from '@/components/ui'
import { QueryErrorAlert } from '@/components/layouts/QueryErrorAlert'
import { useApiSettingsUpdateMutation } from '@/data/api-settings/api-settings-update-mutation'
import { useTableEditorSchemasQuery } from '@/data/table-editor/schemas-query'
import { DATA_API_MAX_ROWS_LIMIT, DATA_API_MAX_TIMEOUT_S } from '@/lib/api-types/data-api'
import type { DataApiSettings } from '@/lib/api-types'
import { dataApiChanges, formFromSettings, rolesAllowed, schemaOptions, validateDataApiForm, type DataApiForm } from './api-settings.utils'

/**
 * The data API's settings: on/off, the schemas it exposes, the most rows one request answers, and
 * how long a statement of the anon and authenticated roles may run.
 * Saved together; Save is offered once something changed, errors show after a change or a submit.
 * The parent keys this by the saved settings, so a save (or a rotation) starts it afresh.
 */
export function DataApiSettingsCard({ projectRef, saved, canUpdate }: { projectRef: string; saved: DataApiSettings; canUpdate: boolean }) {
  const [form, setForm] = useState<DataApiForm>(() => formFromSettings(saved))
  const [submitted, setSubmitted] = useState(false)
  const schemas = useTableEditorSchemasQuery({ projectRef })
  const update = useApiSettingsUpdateMutation({ onSuccess: () => toast.success('Data API settings saved') })

  const errors = validateDataApiForm(form)
  const changes = dataApiChanges(saved, form)
  const dirty = Object.keys(changes).length > 0
  const disabled = !canUpdate || update.isPending
  const set = (patch: Partial<DataApiForm>) => setForm((f) => ({ ...f, ...patch }))

  const submit = (e: FormEvent) => {
    e.preventDefault()
    setSubmitted(true)
    if (!dirty || Object.keys(errors).length > 0) return
    update.mutate({ projectRef, data_api: changes })
  }

  return (
    <Card>
      <CardHeader
        title="Data API settings"
        description={
          canUpdate
            ? 'The REST API over the exposed schemas, as the anon, authenticated and service_role roles.'
            : `Only ${rolesAllowed('api:settings:update')} members can change these.`
        }
      />
      <CardContent>
        <form className="flex flex-col gap-5" onSubmit={submit} noValidate aria-label="Data API settings">
          <Toggle
            label="Enable the data API"
            description={form.enabled ? 'Requests to the REST URL are served.' : 'Requests to the REST URL are refused.'}
            checked={form.enabled}
            disabled={disabled}
            onCheckedChange={(enabled) => set({ enabled })}
          />
          <fieldset className="flex flex-col gap-2" aria-describedby={errors.schemas && submitted ? 'api-schemas-error' : undefined}>
            <legend className="text-sm font-medium text-foreground">Exposed schemas</legend>
            <p className="text-xs text-foreground-light">Tables, views and functions of these schemas are reachable; the first one is the default.</p>
            {schemas.isLoading ? (
              <Skeleton className="h-16 w-full" aria-label="Loading schemas" />
            ) : schemas.isError ? (
              <QueryErrorAlert title="Could not load the project's schemas" error={schemas.error} onRetry={() => void schemas.refetch()} retrying={schemas.isFetching} />
            ) : (
              <SchemaChoices
                options={schemaOptions(schemas.data ?? [], form.schemas)}
                value={form.schemas}
                disabled={disabled}
                onChange={(next) => set({ schemas: next })}
              />
            )}
            {errors.schemas && (submitted || form.schemas.length !== saved.schemas.length) && (
              <p id="api-schemas-error" role="alert" className="text-xs text-destructive">
                {errors.schemas}
              </p>
            )}
          </fieldset>
          <Input
            label="Max rows"
            name="max_rows"
            inputMode="numeric"
            value={form.maxRows}
            description={`The most rows one request answers, from 1 to ${DATA_API_MAX_ROWS_LIMIT.toLocaleString('en-US')}.`}
            disabled={disabled}
            onChange={(e) => set({ maxRows: e.target.value })}
            error={submitted || form.maxRows !== String(saved.max_rows) ? errors.maxRows : undefined}
            containerClassName="max-w-xs"
          />
          <div className="flex flex-col gap-4 sm:flex-row">
            <Input
              label="Statement timeout, anon (s)"
              name="anon_statement_timeout_s"
              inputMode="numeric"
              value={form.anonTimeout}
              description="Requests with the anon key: a statement running longer is cancelled."
              disabled={disabled}
              onChange={(e) => set({ anonTimeout: e.target.value })}
              error={submitted || form.anonTimeout !== String(saved.anon_statement_timeout_s) ? errors.anonTimeout : undefined}
              containerClassName="max-w-xs"
            />
            <Input
              label="Statement timeout, authenticated (s)"
              name="authenticated_statement_timeout_s"
              inputMode="numeric"
              value={form.authenticatedTimeout}
              description={`Requests with a signed-in user's token; up to ${DATA_API_MAX_TIMEOUT_S} s.`}
              disabled={disabled}
              onChange={(e) => set({ authenticatedTimeout: e.target.value })}
              error={submitted || form.authenticatedTimeout !== String(saved.authenticated_statement_timeout_s) ? errors.authenticatedTimeout : undefined}
              containerClassName="max-w-xs"
            />
          </div>
          {canUpdate && (
            <div className="flex flex-wrap justify-end gap-2">
              <Button type="outline" disabled={!dirty || update.isPending} onClick={() => (setForm(formFromSettings(saved)), setSubmitted(false))}>
                Cancel
              </Button>
              <Button type="primary" htmlType="submit" loading={update.isPending} disabled={!dirty}>
                Save
              </Button>
            </div>
          )}
        </form>
      </CardContent>
    </Card>
  )
}

/** The schemas as checkboxes, in the order chosen (ticking appends, so the default stays first). */
function SchemaChoices({ options, value, disabled, onChange }: { options: string[]; value: string[]; disabled: boolean; onChange: (next: string[]) => void }) {
  if (options.length === 0) return <p className="text-sm text-foreground-light">This project&apos;s database has no schemas of its own yet.</p>
  return (
    <div className="flex flex-wrap gap-x-6 gap-y-1">
      {options.map((schema) => {
        const checked = value.includes(schema)
        return (
          <label key={schema} className="flex min-w-0 items-center gap-2 text-sm">
            <input
              type="checkbox"
              checked={checked}
              disabled={disabled}
              onChange={() => onChange(checked ? value.filter((s) => s !== schema) : [...value, schema])}
            />
            <span className="truncate font-mono">{schema}</span>
            {value[0] === schema && <span className="text-xs text-foreground-light">default</span>}
          </label>
        )
      })}
    </div>
  )
}
