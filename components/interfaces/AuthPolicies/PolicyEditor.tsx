/**
 * The form of one policy, in a side panel: a template to start from (new policies), then name,
 * command, permissive or restrictive, roles and the expressions the command takes. "Review SQL"
 * hands the statement to the review dialog; nothing runs from here.
 */
import Link from 'next/link'
import { useState } from 'react'
import { Alert, Button, Input, Select, SidePanel, Textarea } from '@/components/ui'
import { POLICY_COMMANDS, createPolicySql, editPolicySql, policyProblems, takesUsing, takesWithCheck, type PolicyDraft, type TableRef } from '@/lib/auth-policies/policy-sql'
import { callsAuthUid, ownerColumnOf } from '@/lib/auth-policies/policies-sql'
import { POLICY_TEMPLATES, blankPolicy } from '@/lib/auth-policies/templates'
import { STORAGE_POLICY_TEMPLATES } from '@/lib/storage/policy-templates'

export type EditorTarget = { table: TableRef & { columns: string[] }; policy: PolicyDraft | null }

const COMMAND_OPTIONS = POLICY_COMMANDS.map((c) => ({ value: c, label: c }))
const KIND_OPTIONS = [
  { value: 'permissive', label: 'Permissive' },
  { value: 'restrictive', label: 'Restrictive' },
]

type FormProps = {
  roles: string[]
  /** The project's buckets: the storage templates' choice on storage.objects. */
  buckets?: string[]
  /** auth.uid() exists in the database. */
  authUid: boolean
  /** Authentication → Users: opening it makes the project's auth schema. */
  usersHref: string
  onReview: (sql: string, draft: PolicyDraft) => void
  onClose: () => void
}

export function PolicyEditor({ target, ...props }: { target: EditorTarget | null } & FormProps) {
  return (
    <SidePanel
      open={target !== null}
      onClose={props.onClose}
      size="large"
      title={target?.policy ? `Edit policy ${target.policy.name}` : 'New policy'}
      description={target && `On ${target.table.schema}.${target.table.name}`}
    >
      {/* Keyed: each opening starts from its own policy. */}
      {target && <PolicyForm key={`${target.table.schema}.${target.table.name}.${target.policy?.name ?? ''}`} target={target} {...props} />}
    </SidePanel>
  )
}

function PolicyForm({ target, roles, buckets = [], authUid, usersHref, onReview, onClose }: { target: EditorTarget } & FormProps) {
  const { table, policy } = target
  const [draft, setDraft] = useState<PolicyDraft>(policy ?? blankPolicy())
  const [ownerColumn, setOwnerColumn] = useState(ownerColumnOf(table.columns))
  // Files' policies are about a bucket (storage.objects' bucket_id), not an owner column.
  const forFiles = table.schema === 'storage' && table.name === 'objects'
  const [bucket, setBucket] = useState(buckets[0] ?? '')
  const templates = forFiles
    ? STORAGE_POLICY_TEMPLATES.map((t) => ({ id: t.id, title: t.title, description: t.description, draft: () => t.draft(bucket.trim()), ready: bucket.trim() !== '' }))
    : POLICY_TEMPLATES.map((t) => ({ id: t.id, title: t.title, description: t.description, draft: () => t.draft(ownerColumn), ready: true }))
  const set = (patch: Partial<PolicyDraft>) => setDraft((d) => ({ ...d, ...patch }))
  const problems = policyProblems(draft)
  const sql = problems.length > 0 ? null : policy ? editPolicySql(table, policy, draft) : createPolicySql(table, draft)
  const roleList = [...new Set([...roles, ...draft.roles])]
  const toggleRole = (role: string, on: boolean) => set({ roles: on ? [...draft.roles, role] : draft.roles.filter((r) => r !== role) })

  return (
    <form
      className="flex flex-col gap-5"
      onSubmit={(e) => {
        e.preventDefault()
        if (sql) onReview(sql, draft)
      }}
    >
      {!policy && (
        <section aria-labelledby="policy-templates" className="flex flex-col gap-2">
          <h3 id="policy-templates" className="text-sm font-medium text-foreground">
            Start from a template
          </h3>
          {forFiles ? (
            buckets.length > 0 ? (
              <Select
                label="Bucket"
                description="The templates apply to the files of this bucket."
                size="small"
                value={bucket}
                onChange={(e) => setBucket(e.target.value)}
                options={buckets.map((b) => ({ value: b, label: b }))}
              />
            ) : (
              <Input label="Bucket" description="The templates apply to the files of this bucket (Storage → Buckets makes one)." value={bucket} onChange={(e) => setBucket(e.target.value)} />
            )
          ) : (
            table.columns.length > 0 && (
              <Select
                label="Column holding the owner's user id"
                description="Used by the templates for a user's own rows: compared with auth.uid()."
                size="small"
                value={ownerColumn}
                onChange={(e) => setOwnerColumn(e.target.value)}
                options={[...new Set([ownerColumn, ...table.columns])].map((c) => ({ value: c, label: c }))}
              />
            )
          )}
          <ul className="grid grid-cols-1 gap-2 sm:grid-cols-2">
            {templates.map((t) => (
              <li key={t.id}>
                <button
                  type="button"
                  disabled={!t.ready}
                  onClick={() => setDraft(t.draft())}
                  className="flex h-full w-full flex-col gap-0.5 rounded-md border border-border bg-surface px-3 py-2 text-left hover:border-foreground-lighter hover:bg-surface-raised focus-visible:outline-2 focus-visible:outline-brand disabled:cursor-not-allowed disabled:opacity-50"
                >
                  <span className="text-sm text-foreground">{t.title}</span>
                  <span className="text-xs text-foreground-light">{t.description}</span>
                </button>
              </li>
            ))}
          </ul>
        </section>
      )}

      <Input label="Policy name" value={draft.name} onChange={(e) => set({ name: e.target.value })} maxLength={200} autoComplete="off" />
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
        <Select
          label="Command"
          description="Which statements the policy applies to."
          value={draft.command}
          onChange={(e) => set({ command: e.target.value as PolicyDraft['command'] })}
          options={COMMAND_OPTIONS}
        />
        <Select
          label="Behaviour"
          description="A row needs one permissive policy, and every restrictive one."
          value={draft.permissive ? 'permissive' : 'restrictive'} onChange={(e) => set({ permissive: e.target.value === 'permissive' })} options={KIND_OPTIONS} />
      </div>

      <fieldset className="flex flex-col gap-2">
        <legend className="mb-1 text-sm text-foreground-light">Roles (none ticked: every role, public)</legend>
        <div className="flex flex-wrap gap-x-4 gap-y-2">
          {roleList.map((role) => (
            <label key={role} className="flex items-center gap-2 text-sm text-foreground">
              <input type="checkbox" className="size-4 accent-brand" checked={draft.roles.includes(role)} onChange={(e) => toggleRole(role, e.target.checked)} />
              <span className="font-mono text-xs">{role}</span>
            </label>
          ))}
        </div>
      </fieldset>

      {takesUsing(draft.command) && (
        <Textarea
          label="USING expression"
          description="Which existing rows the role may see (and update or delete)."
          mono
          rows={3}
          value={draft.using}
          onChange={(e) => set({ using: e.target.value })}
          spellCheck={false}
        />
      )}
      {takesWithCheck(draft.command) && (
        <Textarea
          label="WITH CHECK expression"
          description="Which new or changed rows the role may write. Empty: the USING expression is checked."
          mono
          rows={3}
          value={draft.withCheck}
          onChange={(e) => set({ withCheck: e.target.value })}
          spellCheck={false}
        />
      )}

      {!authUid && (callsAuthUid(draft.using) || callsAuthUid(draft.withCheck)) && (
        <Alert variant="warning" title="auth.uid() is not in this database yet">
          The project&apos;s auth service makes the <span className="font-mono">auth</span> schema the first time it is used: open{' '}
          <Link href={usersHref} className="underline">
            Authentication → Users
          </Link>{' '}
          once (or sign a user up), then create this policy. Until then Postgres refuses it.
        </Alert>
      )}

      {problems.length > 0 && (
        <ul aria-label="What is missing" className="list-disc pl-5 text-sm text-foreground-light">
          {problems.map((p) => (
            <li key={p}>{p}</li>
          ))}
        </ul>
      )}
      {problems.length === 0 && sql === null && <p className="text-sm text-foreground-light">Nothing changed yet.</p>}

      <div className="flex justify-end gap-2 border-t border-border pt-4">
        <Button type="default" onClick={onClose}>
          Cancel
        </Button>
        <Button type="primary" htmlType="submit" disabled={sql === null}>
          Review SQL
        </Button>
      </div>
    </form>
  )
}
