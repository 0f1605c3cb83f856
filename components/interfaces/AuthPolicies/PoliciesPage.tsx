/**
 * Authentication → Policies: every table of the project's database, by schema (`public` first),
 * or Storage → Policies: the storage schema's tables alone (its templates are about a bucket),
 * with its row level security and its policies. Members who may change the database switch RLS,
 * and create, edit and delete policies (from templates or by hand); every change shows its SQL
 * first and runs only when the user says so. Others see the same, read-only.
 */
import Link from 'next/link'
import { useState, type ReactNode } from 'react'
import { ShieldCheck } from 'lucide-react'
import { buttonClasses, EmptyState, Input, Skeleton } from '@/components/ui'
import { QueryErrorAlert } from '@/components/layouts/QueryErrorAlert'
import { SqlReviewDialog } from '@/components/ui/SqlReviewDialog'
import { useProjectAccess } from '@/components/interfaces/ProjectFeatures/shared/use-project-access'
import { useAuthPoliciesQuery } from '@/data/auth-policies/policies-query'
import { useStorageBucketsQuery } from '@/data/storage/buckets-query'
import { AUTH_SCHEMA, draftOf, groupBySchema, roleChoices, type PolicyTable } from '@/lib/auth-policies/policies-sql'
import { dropPolicySql, rlsSql } from '@/lib/auth-policies/policy-sql'
import { PolicyEditor, type EditorTarget } from './PolicyEditor'
import { TablePoliciesCard, type TableActions } from './TablePoliciesCard'
import { usePolicyReview } from './use-policy-review'

/** What the page is about: every schema (Authentication → Policies), or storage's tables alone (Storage → Policies). */
type PoliciesScope = 'all' | 'storage'

const INTRO: Record<PoliciesScope, { title: string; text: ReactNode }> = {
  all: {
    title: 'Policies',
    text: (
      <>
        Row level security decides which rows each role reads and writes through the data API. With it on, a table answers only the rows its policies
        allow; <span className="font-mono">auth.uid()</span> is the signed-in user&apos;s id.
      </>
    ),
  },
  storage: {
    title: 'Storage policies',
    text: (
      <>
        Who may read, upload, replace and delete a bucket&apos;s files: policies on <span className="font-mono">storage.objects</span>, one row per
        file, asked by the project&apos;s storage for every request as its caller. Without one, only the service role reaches private files.
      </>
    ),
  },
}

export function PoliciesPage({ projectRef, scope = 'all' }: { projectRef: string; scope?: PoliciesScope }) {
  return (
    <div className="mx-auto flex w-full max-w-5xl flex-col gap-6 px-4 py-6 sm:px-6">
      <header className="flex flex-col gap-1">
        <h1 className="text-xl font-medium text-foreground">{INTRO[scope].title}</h1>
        <p className="text-sm text-foreground-light">{INTRO[scope].text}</p>
      </header>
      <PoliciesContent projectRef={projectRef} scope={scope} />
    </div>
  )
}

const STORAGE_SCHEMA = 'storage'
const tableRef = (t: PolicyTable) => ({ schema: t.schema, name: t.name })
const matches = (t: PolicyTable, search: string) => `${t.schema}.${t.name}`.toLowerCase().includes(search.trim().toLowerCase())

function PoliciesContent({ projectRef, scope }: { projectRef: string; scope: PoliciesScope }) {
  const policies = useAuthPoliciesQuery({ projectRef })
  const hasFiles = policies.data?.tables.some((t) => t.schema === STORAGE_SCHEMA && t.name === 'objects') ?? false
  const buckets = useStorageBucketsQuery({ projectRef }, { enabled: hasFiles })
  const { canWrite, readOnly } = useProjectAccess(projectRef)
  const review = usePolicyReview(projectRef)
  const [editor, setEditor] = useState<EditorTarget | null>(null)
  const [search, setSearch] = useState('')

  if (policies.isPending)
    return (
      <div aria-busy="true" aria-label="Loading tables" className="flex flex-col gap-3">
        <Skeleton className="h-9 w-full max-w-sm" />
        <Skeleton className="h-32 w-full" />
        <Skeleton className="h-32 w-full" />
      </div>
    )
  if (policies.isError)
    return <QueryErrorAlert title="Could not read the project's tables and policies" error={policies.error} retrying={policies.isFetching} onRetry={() => void policies.refetch()} />

  const { authUid } = policies.data
  const tables = scope === 'storage' ? policies.data.tables.filter((t) => t.schema === STORAGE_SCHEMA) : policies.data.tables
  if (tables.length === 0 && scope === 'storage')
    return (
      <EmptyState
        icon={<ShieldCheck size={24} />}
        title="This database has no storage schema"
        description="A project's storage keeps its buckets and files in the storage schema of a database the platform manages."
      />
    )
  if (tables.length === 0)
    return (
      <EmptyState
        icon={<ShieldCheck size={24} />}
        title="No tables yet"
        description="Policies belong to tables. Create a table first, then decide who may read and write its rows."
        action={
          <Link href={`/project/${projectRef}/editor`} className={buttonClasses({ type: 'default' })}>
            Open the table editor
          </Link>
        }
      />
    )

  const actions: TableActions = {
    onRls: (table, enable) =>
      review.propose({
        title: `${enable ? 'Enable' : 'Disable'} row level security on ${table.schema}.${table.name}`,
        description: enable
          ? 'Then only the rows its policies allow are readable and writable through the data API (the owner and service_role excepted). Without a policy, none is.'
          : 'Then its policies are no longer applied: every role with a grant on the table reads and writes every row.',
        sql: rlsSql(tableRef(table), enable),
        confirmLabel: enable ? 'Enable RLS' : 'Disable RLS',
        danger: !enable,
        success: `Row level security ${enable ? 'enabled' : 'disabled'} on ${table.schema}.${table.name}`,
      }),
    onNew: (table) => setEditor({ table: { ...tableRef(table), columns: table.columns }, policy: null }),
    onEdit: (table, policy) => setEditor({ table: { ...tableRef(table), columns: table.columns }, policy: draftOf(policy) }),
    onDelete: (table, policy) =>
      review.propose({
        title: `Delete policy ${policy.name}`,
        description: `On ${table.schema}.${table.name}. The rows it lets through are no longer reachable unless another policy allows them.`,
        sql: dropPolicySql(tableRef(table), policy.name),
        confirmLabel: 'Delete policy',
        danger: true,
        success: `Policy ${policy.name} deleted`,
      }),
  }

  const groups = groupBySchema(tables.filter((t) => matches(t, search)))
  return (
    <div className="flex flex-col gap-6">
      {readOnly && <p className="text-sm text-foreground-light">Your role can see row level security and policies but not change them.</p>}
      <Input
        aria-label="Search tables"
        placeholder="Search tables"
        size="small"
        type="search"
        value={search}
        onChange={(e) => setSearch(e.target.value)}
        containerClassName="w-full sm:max-w-xs"
      />
      {groups.length === 0 && <p className="text-sm text-foreground-light">No table matches “{search.trim()}”.</p>}
      {groups.map((group) => (
        <section key={group.schema} aria-labelledby={`schema-${group.schema}`} className="flex flex-col gap-3">
          <h2 id={`schema-${group.schema}`} className="text-sm font-medium text-foreground-light">
            Schema <span className="font-mono text-foreground">{group.schema}</span>
          </h2>
          {group.schema === STORAGE_SCHEMA && (
            <p className="text-xs text-foreground-light">
              The project&apos;s storage keeps its buckets and files here. The dashboard and the service role act past these policies; the templates of{' '}
              <span className="font-mono">storage.objects</span> are about one bucket.
            </p>
          )}
          {group.schema === AUTH_SCHEMA && (
            <p className="text-xs text-foreground-light">
              The project&apos;s auth service keeps its users here and reads them as the table&apos;s owner, whom row level security does not hold back.
            </p>
          )}
          {group.tables.map((table) => (
            <TablePoliciesCard key={`${table.schema}.${table.name}`} table={table} editable={canWrite} actions={actions} />
          ))}
        </section>
      ))}

      <PolicyEditor
        target={editor}
        roles={roleChoices(tables)}
        buckets={buckets.data?.map((b) => b.id)}
        authUid={authUid}
        usersHref={`/project/${projectRef}/auth/users`}
        onClose={() => setEditor(null)}
        onReview={(sql, draft) => {
          const table = editor!.table
          const editing = editor!.policy
          review.propose({
            title: editing ? `Save policy ${draft.name.trim()}` : `Create policy ${draft.name.trim()}`,
            description: `On ${table.schema}.${table.name}.`,
            sql,
            confirmLabel: editing ? 'Save policy' : 'Create policy',
            success: `Policy ${draft.name.trim()} ${editing ? 'saved' : 'created'}`,
            onDone: () => setEditor(null),
          })
        }}
      />
      <SqlReviewDialog
        open={review.pending !== null}
        title={review.pending?.title ?? ''}
        description={review.pending?.description}
        sql={review.pending?.sql ?? ''}
        runLabel={review.pending?.confirmLabel ?? 'Run'}
        danger={review.pending?.danger}
        running={review.running}
        error={review.error}
        errorTitle="Postgres refused it"
        onRun={review.confirm}
        onClose={review.close}
      />
    </div>
  )
}
