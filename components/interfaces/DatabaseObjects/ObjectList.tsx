import { DATABASE_OBJECT_KIND_INFO, formatSummaryValue, type DatabaseObject } from '@/lib/sql/database-objects'

/**
 * The objects of one kind as rows that stack their fields on a phone and line them up from `md`
 * on. Each row is a button that opens the object's detail.
 */
export function ObjectList({ objects, onOpen }: { objects: readonly DatabaseObject[]; onOpen: (object: DatabaseObject) => void }) {
  return (
    <ul aria-label={objects[0] ? DATABASE_OBJECT_KIND_INFO[objects[0].kind].title : undefined} className="divide-y divide-border rounded-lg border border-border">
      {objects.map((object) => (
        <li key={object.id}>
          <ObjectRow object={object} onOpen={onOpen} />
        </li>
      ))}
    </ul>
  )
}

function ObjectRow({ object, onOpen }: { object: DatabaseObject; onOpen: (object: DatabaseObject) => void }) {
  const fields = DATABASE_OBJECT_KIND_INFO[object.kind].fields.filter((f) => f.inList)
  return (
    <button
      type="button"
      onClick={() => onOpen(object)}
      className="flex w-full min-w-0 flex-col gap-2 px-4 py-3 text-left hover:bg-surface-raised focus-visible:bg-surface-raised md:flex-row md:items-center md:gap-6"
    >
      <span className="min-w-0 md:w-64 md:shrink-0">
        <span className="block truncate font-mono text-sm text-foreground">{object.name}</span>
        {object.schema !== null && <span className="block truncate text-xs text-foreground-lighter">{object.schema}</span>}
      </span>
      <dl className="grid min-w-0 flex-1 grid-cols-2 gap-x-4 gap-y-1 text-xs md:grid-cols-4">
        {fields.map((field) => (
          <div key={field.key} className="min-w-0">
            <dt className="text-foreground-lighter">{field.label}</dt>
            <dd className="truncate text-foreground-light">{formatSummaryValue(field, object.summary[field.key])}</dd>
          </div>
        ))}
      </dl>
    </button>
  )
}
