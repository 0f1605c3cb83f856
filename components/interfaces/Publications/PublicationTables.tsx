/**
 * One publication opened: the project's tables, each with a switch (in the publication or not),
 * a search, and for each table in it its replica identity, with a way to set it to Full (old
 * records whole on update and delete) or back to Default.
 */
import Link from 'next/link'
import { useState } from 'react'
import { ArrowLeft, Table2 } from 'lucide-react'
import { Badge, Button, buttonClasses, EmptyState, Input, Toggle } from '@/components/ui'
import {
  eventsText,
  filterTables,
  publishes,
  tableName,
  type Publication,
  type PublicationChange,
  type PublishableTable,
} from '@/lib/sql/publications'
import { accessLock, publicationLock, type Access } from './publication-changes'

export function PublicationTables({
  projectRef,
  publication,
  tables,
  access,
  onBack,
  onChange,
}: {
  projectRef: string
  publication: Publication
  tables: readonly PublishableTable[]
  access: Access
  onBack: () => void
  onChange: (change: PublicationChange) => void
}) {
  const [search, setSearch] = useState('')
  const lock = publicationLock(publication, access)
  const shown = filterTables(tables, search)
  const inIt = tables.filter((t) => publishes(publication, t)).length

  return (
    <section aria-labelledby="publication-title" className="flex flex-col gap-4">
      <div className="flex flex-col gap-3">
        <Button type="text" size="tiny" icon={<ArrowLeft size={14} aria-hidden="true" />} onClick={onBack} className="self-start">
          All publications
        </Button>
        <div className="flex min-w-0 flex-col gap-1">
          <h2 id="publication-title" className="break-all font-mono text-base font-medium text-foreground">
            {publication.name}
          </h2>
          <p className="text-sm text-foreground-light">
            Publishes {eventsText(publication.events)}. Owner <span className="break-all font-mono">{publication.owner}</span>.
          </p>
          {publication.allTables && (
            <p className="text-sm text-foreground-light">
              It publishes every table of the database, those made later too: tables cannot be added to it or removed one by one.
            </p>
          )}
          <p className="text-xs text-foreground-lighter">
            Replica identity decides what an update&apos;s and a delete&apos;s old record holds: with Default only its primary key, with Full every column.
            Set it to Full where subscribers need the old records.
          </p>
        </div>
      </div>

      {tables.length === 0 ? (
        <EmptyState
          icon={<Table2 size={24} />}
          title="No tables yet"
          description="A publication holds the project's tables. Create a table first, then add it here."
          action={
            <Link href={`/project/${projectRef}/editor`} className={buttonClasses({ type: 'default' })}>
              Open the table editor
            </Link>
          }
        />
      ) : (
        <>
          <div className="flex flex-col gap-2 sm:flex-row sm:items-center sm:justify-between">
            <Input
              aria-label="Search tables"
              placeholder="Search tables"
              size="small"
              type="search"
              value={search}
              onChange={(e) => setSearch(e.target.value)}
              containerClassName="w-full sm:max-w-xs"
            />
            <p className="text-xs text-foreground-lighter" aria-live="polite">
              {inIt} of {tables.length} tables in it
            </p>
          </div>
          {shown.length === 0 ? (
            <p className="text-sm text-foreground-light">No table matches “{search.trim()}”.</p>
          ) : (
            <ul aria-label={`Tables of ${publication.name}`} className="divide-y divide-border rounded-lg border border-border bg-surface">
              {shown.map((table) => (
                <TableRow key={tableName(table)} table={table} publication={publication} lock={lock} access={access} onChange={onChange} />
              ))}
            </ul>
          )}
        </>
      )}
    </section>
  )
}

const IDENTITY_TEXT = { default: 'Default', full: 'Full', nothing: 'Nothing', index: 'Index' } as const

function TableRow({
  table,
  publication,
  lock,
  access,
  onChange,
}: {
  table: PublishableTable
  publication: Publication
  lock: string | null
  access: Access
  onChange: (change: PublicationChange) => void
}) {
  const name = tableName(table)
  const inIt = publishes(publication, table)
  const switchLock = lock ?? (publication.allTables ? 'This publication publishes every table' : !table.owned && !inIt ? "Only the table's owner can add it" : null)
  // A table's own setting: the publication's owner has no say in it.
  const identityLock = accessLock(access) ?? (!table.owned ? "Only the table's owner can change its replica identity" : null)
  // Postgres refuses an update or delete it cannot identify the old row of, while they are published.
  const unidentified = table.replicaIdentity === 'nothing' || (table.replicaIdentity === 'default' && !table.hasPrimaryKey)
  const refused = unidentified && (publication.events.update || publication.events.delete)
  const target = table.replicaIdentity === 'full' ? 'default' : 'full'

  return (
    <li aria-label={name} className="flex flex-col gap-2 px-4 py-3 md:flex-row md:items-center md:gap-4">
      <div className="flex min-w-0 flex-1 flex-wrap items-center gap-2">
        <span className="break-all font-mono text-sm text-foreground">{name}</span>
        {table.partitioned && <Badge variant="outline">Partitioned</Badge>}
      </div>
      {inIt && (
        <div className="flex flex-col gap-1 md:items-end">
          <div className="flex flex-wrap items-center gap-2">
            <span className="text-xs text-foreground-light">
              Replica identity <span className="font-medium text-foreground">{IDENTITY_TEXT[table.replicaIdentity]}</span>
              {table.replicaIdentity === 'default' && table.hasPrimaryKey && ' (primary key)'}
            </span>
            <Button
              size="tiny"
              type="default"
              disabled={identityLock !== null}
              title={identityLock ?? (target === 'full' ? 'Old records come whole on update and delete' : 'Old records carry only the primary key')}
              aria-label={`Set the replica identity of ${name} to ${IDENTITY_TEXT[target]}`}
              onClick={() => onChange({ kind: 'replica-identity', table, identity: target })}
            >
              Set to {IDENTITY_TEXT[target]}
            </Button>
          </div>
          {refused && (
            <p className="text-xs text-warning">
              {table.replicaIdentity === 'nothing' ? 'No replica identity' : 'No primary key'}: while updates and deletes are published, Postgres refuses them
              on this table. Set it to Full.
            </p>
          )}
        </div>
      )}
      <Toggle
        size="small"
        checked={inIt}
        aria-label={`Publish ${name}`}
        disabled={switchLock !== null}
        title={switchLock ?? undefined}
        onCheckedChange={(on) => onChange({ kind: on ? 'add-table' : 'drop-table', publication: publication.name, table: { schema: table.schema, name: table.name } })}
      />
    </li>
  )
}
