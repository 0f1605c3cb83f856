import clsx from 'clsx'
import { Select } from '@/components/ui'
import type { ApiDocsCatalog } from '@/lib/sql/api-docs-catalog'
import {
  AUTHENTICATION,
  CLIENT_LIBRARIES_SECTION,
  functionSection,
  INTRODUCTION,
  sectionFromValue,
  sectionValue,
  tableSection,
  type DocsSection,
} from './api-docs.utils'

/**
 * Where the docs are: the introduction, authentication, one of the exposed tables, views or
 * functions, or the client libraries. A select rather than a side list: the panel stays one column
 * wide, on a phone too.
 */
export function DocsSectionPicker({
  section,
  catalog,
  onChange,
  className,
}: {
  section: DocsSection
  catalog: ApiDocsCatalog
  onChange: (section: DocsSection) => void
  className?: string
}) {
  return (
    <Select
      label="Section"
      size="small"
      value={sectionValue(section)}
      onChange={(e) => onChange(sectionFromValue(e.target.value))}
      containerClassName={clsx('min-w-0 flex-1', className)}
    >
      <option value={sectionValue(INTRODUCTION)}>Introduction</option>
      <option value={sectionValue(AUTHENTICATION)}>Authentication</option>
      {catalog.tables.length > 0 && (
        <optgroup label="Tables and views">
          {catalog.tables.map((table) => {
            const value = sectionValue(tableSection(table))
            return (
              <option key={value} value={value}>
                {table.schema}.{table.name}
              </option>
            )
          })}
        </optgroup>
      )}
      {catalog.functions.length > 0 && (
        <optgroup label="Functions">
          {catalog.functions.map((fn) => {
            const value = sectionValue(functionSection(fn))
            return (
              <option key={value} value={value}>
                {fn.schema}.{fn.name}({fn.identity})
              </option>
            )
          })}
        </optgroup>
      )}
      <option value={sectionValue(CLIENT_LIBRARIES_SECTION)}>Client libraries</option>
    </Select>
  )
}
