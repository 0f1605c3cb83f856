/**
 * One table: its row level security (with the switch) and its policies, each with what it allows
 * whom, and Edit / Delete for members who may change the database.
 */
import { Pencil, Plus, Trash2 } from 'lucide-react'
import { Alert, Badge, Button, Card, CardContent, CardHeader } from '@/components/ui'
import type { PolicyRow, PolicyTable } from '@/lib/auth-policies/policies-sql'

export type TableActions = {
  onRls: (table: PolicyTable, enable: boolean) => void
  onNew: (table: PolicyTable) => void
  onEdit: (table: PolicyTable, policy: PolicyRow) => void
  onDelete: (table: PolicyTable, policy: PolicyRow) => void
}

export function TablePoliciesCard({ table, editable, actions }: { table: PolicyTable; editable: boolean; actions: TableActions }) {
  const label = `${table.schema}.${table.name}`
  const canChange = editable && table.owned
  return (
    <Card aria-label={`Table ${label}`} role="region">
      <CardHeader
        title={
          <span className="flex flex-wrap items-center gap-2">
            <span className="font-mono break-all">{table.name}</span>
            {table.rls ? <Badge variant="brand">RLS enabled</Badge> : <Badge variant="warning">RLS disabled</Badge>}
            {table.forceRls && <Badge variant="outline">forced for the owner</Badge>}
          </span>
        }
        description={table.owned ? undefined : 'Managed by the platform: shown, not changed here.'}
        actions={
          canChange && (
            <>
              <Button size="tiny" type={table.rls ? 'default' : 'primary'} onClick={() => actions.onRls(table, !table.rls)} aria-label={`${table.rls ? 'Disable' : 'Enable'} RLS on ${label}`}>
                {table.rls ? 'Disable RLS' : 'Enable RLS'}
              </Button>
              <Button size="tiny" type="default" icon={<Plus size={14} aria-hidden />} onClick={() => actions.onNew(table)} aria-label={`New policy on ${label}`}>
                New policy
              </Button>
            </>
          )
        }
      />
      <CardContent className="flex flex-col gap-3">
        {!table.rls && table.policies.length > 0 && (
          <Alert variant="warning" title="Row level security is off">
            These policies are not applied: every role with a grant on the table reads and writes every row.
          </Alert>
        )}
        {table.policies.length === 0 ? (
          <p className="text-sm text-foreground-light">
            {table.rls
              ? 'No policies: no role but the owner (and service_role, which bypasses RLS) reads or writes any row.'
              : 'No policies, and row level security is off: every role with a grant on the table reads and writes every row.'}
          </p>
        ) : (
          <ul className="flex flex-col divide-y divide-border" aria-label={`Policies on ${label}`}>
            {table.policies.map((policy) => (
              <PolicyItem key={policy.name} policy={policy} editable={canChange} onEdit={() => actions.onEdit(table, policy)} onDelete={() => actions.onDelete(table, policy)} />
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  )
}

function PolicyItem({ policy, editable, onEdit, onDelete }: { policy: PolicyRow; editable: boolean; onEdit: () => void; onDelete: () => void }) {
  return (
    <li className="flex flex-col gap-2 py-3 first:pt-0 last:pb-0 sm:flex-row sm:items-start sm:justify-between">
      <div className="flex min-w-0 flex-col gap-1.5">
        <div className="flex flex-wrap items-center gap-2">
          <span className="text-sm font-medium break-words text-foreground">{policy.name}</span>
          <Badge>{policy.command}</Badge>
          {!policy.permissive && <Badge variant="destructive">restrictive</Badge>}
        </div>
        <p className="text-xs text-foreground-light">
          Applied to: <span className="font-mono">{policy.roles.join(', ')}</span>
        </p>
        {policy.using !== null && <Expression label="USING" sql={policy.using} />}
        {policy.withCheck !== null && <Expression label="WITH CHECK" sql={policy.withCheck} />}
      </div>
      {editable && (
        <div className="flex shrink-0 gap-2">
          <Button size="tiny" type="default" icon={<Pencil size={14} aria-hidden />} onClick={onEdit} aria-label={`Edit policy ${policy.name}`}>
            Edit
          </Button>
          <Button size="tiny" type="default" icon={<Trash2 size={14} aria-hidden />} onClick={onDelete} aria-label={`Delete policy ${policy.name}`}>
            Delete
          </Button>
        </div>
      )}
    </li>
  )
}

function Expression({ label, sql }: { label: string; sql: string }) {
  return (
    <div className="flex min-w-0 flex-col gap-0.5 sm:flex-row sm:items-baseline sm:gap-2">
      <span className="shrink-0 text-xs text-foreground-lighter">{label}</span>
      <code className="min-w-0 rounded bg-surface-raised px-1.5 py-0.5 font-mono text-xs break-all whitespace-pre-wrap text-foreground">{sql}</code>
    </div>
  )
}
