import { useState } from 'react'
import { fieldClasses } from '@/components/ui/FormField'
import { useDatabaseObjectsQuery } from '@/data/database/database-objects-query'
import { COMMON_TYPES, enumTypeName } from './column-types'

const OTHER = '__other__'

/** A column type: the common ones, the database's enums (and arrays of them), or any other typed out. */
export function TypePicker({ projectRef, value, onChange, label, id }: { projectRef: string; value: string; onChange: (type: string) => void; label: string; id?: string }) {
  const enums = useDatabaseObjectsQuery({ projectRef, kind: 'types' })
  const enumNames = (enums.data ?? []).map((e) => enumTypeName(e.schema, e.name))
  const known = [...COMMON_TYPES, ...enumNames, ...enumNames.map((name) => `${name}[]`)] as string[]
  const [other, setOther] = useState(() => !known.includes(value) && value !== '')
  const showOther = other || (!known.includes(value) && value !== '' && !enums.isLoading)
  return (
    <div className="flex min-w-0 gap-1">
      <select
        id={id}
        aria-label={label}
        className={fieldClasses(false, 'h-8 min-w-0 flex-1 px-2 font-mono text-xs')}
        value={showOther ? OTHER : value}
        onChange={(event) => {
          const next = event.target.value
          setOther(next === OTHER)
          if (next !== OTHER) onChange(next)
        }}
      >
        <optgroup label="Common">
          {COMMON_TYPES.map((type) => (
            <option key={type} value={type}>
              {type}
            </option>
          ))}
        </optgroup>
        {enumNames.length > 0 && (
          <optgroup label="Enums of this database">
            {enumNames.flatMap((name) => [name, `${name}[]`]).map((type) => (
              <option key={type} value={type}>
                {type}
              </option>
            ))}
          </optgroup>
        )}
        <option value={OTHER}>Other…</option>
      </select>
      {showOther && (
        <input
          aria-label={`${label} (as Postgres spells it)`}
          className={fieldClasses(false, 'h-8 w-36 px-2 font-mono text-xs')}
          placeholder="numeric(10,2)"
          value={value}
          onChange={(event) => onChange(event.target.value)}
        />
      )}
    </div>
  )
}
