/**
 * A database objects page (/project/{ref}/database/{kind}): the kinds as tabs, then the project's
 * objects of this kind with a search and a schema filter, and the chosen object's detail with its
 * definition. The objects come from one catalog query through the SQL endpoint.
 */
import Link from 'next/link'
import { useState } from 'react'
import { Database, SearchX } from 'lucide-react'
import { buttonClasses, EmptyState, Input, Select, Skeleton } from '@/components/ui'
import { QueryErrorAlert } from '@/components/layouts/QueryErrorAlert'
import { useDatabaseObjectsQuery } from '@/data/database/database-objects-query'
import {
  DATABASE_OBJECT_KIND_INFO,
  filterDatabaseObjects,
  schemasOf,
  type DatabaseObject,
  type DatabaseObjectKind,
} from '@/lib/sql/database-objects'
import { KindTabs } from './KindTabs'
import { ObjectDetail } from './ObjectDetail'
import { ObjectList } from './ObjectList'

const ALL_SCHEMAS = ''

export function DatabaseObjectsPage({ projectRef, kind }: { projectRef: string; kind: DatabaseObjectKind }) {
  const info = DATABASE_OBJECT_KIND_INFO[kind]
  return (
    <div className="mx-auto flex w-full max-w-6xl flex-col gap-6 px-4 py-6 sm:px-6">
      <header className="flex flex-col gap-1">
        <h1 className="text-xl font-medium text-foreground">{info.title}</h1>
        <p className="text-sm text-foreground-light">{info.description}</p>
      </header>
      <KindTabs projectRef={projectRef} current={kind} />
      {/* A fresh search and filter for each kind. */}
      <ObjectsOfKind key={kind} projectRef={projectRef} kind={kind} />
    </div>
  )
}

function ObjectsOfKind({ projectRef, kind }: { projectRef: string; kind: DatabaseObjectKind }) {
  const info = DATABASE_OBJECT_KIND_INFO[kind]
  const objects = useDatabaseObjectsQuery({ projectRef, kind })
  const [search, setSearch] = useState('')
  const [schema, setSchema] = useState(ALL_SCHEMAS)
  // The detail keeps its object by id, so a refetch shows the fresh one.
  const [openId, setOpenId] = useState<string | null>(null)

  if (objects.isLoading)
    return (
      <div aria-busy="true" aria-label={`Loading ${info.title.toLowerCase()}`} className="flex flex-col gap-3">
        <Skeleton className="h-9 w-full max-w-md" />
        <Skeleton className="h-14 w-full" />
        <Skeleton className="h-14 w-full" />
        <Skeleton className="h-14 w-full" />
      </div>
    )
  if (objects.error)
    return (
      <QueryErrorAlert title={`Could not read the project's ${info.title.toLowerCase()}`} error={objects.error} onRetry={() => void objects.refetch()} retrying={objects.isFetching} />
    )
  const all = objects.data ?? []
  if (all.length === 0) return <NoObjects projectRef={projectRef} kind={kind} />

  const schemas = schemasOf(all)
  const chosenSchema = info.inSchema && schemas.includes(schema) ? schema : ALL_SCHEMAS
  const shown = filterDatabaseObjects(all, { search, schema: chosenSchema === ALL_SCHEMAS ? null : chosenSchema })
  const open: DatabaseObject | null = all.find((o) => o.id === openId) ?? null
  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end">
        <Input
          label="Search"
          type="search"
          placeholder={info.inSchema ? 'Name or schema' : 'Name'}
          value={search}
          onChange={(e) => setSearch(e.target.value)}
          containerClassName="sm:w-72"
        />
        {info.inSchema && (
          <Select
            label="Schema"
            value={chosenSchema}
            onChange={(e) => setSchema(e.target.value)}
            options={[{ value: ALL_SCHEMAS, label: 'All schemas' }, ...schemas.map((s) => ({ value: s, label: s }))]}
            containerClassName="sm:w-56"
          />
        )}
        <p className="text-xs text-foreground-lighter sm:ml-auto sm:pb-2" aria-live="polite">
          {shown.length === all.length ? `${all.length} ${all.length === 1 ? info.singular : info.title.toLowerCase()}` : `${shown.length} of ${all.length}`}
        </p>
      </div>
      {shown.length === 0 ? (
        <EmptyState icon={<SearchX size={24} />} title={`No ${info.title.toLowerCase()} match`} description="Try another name, or all schemas." />
      ) : (
        <ObjectList objects={shown} onOpen={(o) => setOpenId(o.id)} />
      )}
      <ObjectDetail projectRef={projectRef} object={open} onClose={() => setOpenId(null)} />
    </div>
  )
}

function NoObjects({ projectRef, kind }: { projectRef: string; kind: DatabaseObjectKind }) {
  const info = DATABASE_OBJECT_KIND_INFO[kind]
  return (
    <EmptyState
      icon={<Database size={24} />}
      title={`No ${info.title.toLowerCase()} in this project yet`}
      description={
        <>
          Create one in the SQL editor, for example:
          <code className="mt-2 block whitespace-pre-wrap break-words rounded bg-surface-raised p-2 text-left font-mono text-xs">{info.example}</code>
        </>
      }
      action={
        <Link href={`/project/${projectRef}/sql/new`} className={buttonClasses({ type: 'default' })}>
          Open the SQL editor
        </Link>
      }
    />
  )
}

/** An address under /database that names no kind of object. */
export function UnknownKind({ projectRef }: { projectRef: string }) {
  return (
    <div className="mx-auto flex w-full max-w-6xl flex-col px-4 py-6 sm:px-6">
      <EmptyState
        icon={<SearchX size={24} />}
        title="This page does not exist"
        description="The database pages list tables, views, functions, triggers, indexes, roles, schemas and enumerated types."
        action={
          <Link href={`/project/${projectRef}/database/tables`} className={buttonClasses({ type: 'default' })}>
            Go to tables
          </Link>
        }
      />
    </div>
  )
}
