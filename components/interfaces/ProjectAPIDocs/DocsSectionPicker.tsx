import { Select } from '@/components/ui'
import type { CatalogTable } from '@/lib/sql/completion'
import { CLIENT_LIBRARIES_SECTION, INTRODUCTION, sectionFromValue, sectionValue, type DocsSection } from './api-docs.utils'

/**
 * Where the panel is: the introduction, one of the project's tables, or the client libraries.
 * A select rather than a side list: the panel stays one column wide, on a phone too.
 */
export function DocsSectionPicker({
  section,
  tables,
  onChange,
}: {
  section: DocsSection
  tables: readonly CatalogTable[]
  onChange: (section: DocsSection) => void
}) {
  return (
    <Select
      label="Section"
      size="small"
      value={sectionValue(section)}
      onChange={(e) => onChange(sectionFromValue(e.target.value))}
      containerClassName="min-w-0 flex-1"
    >
      <option value={sectionValue(INTRODUCTION)}>Introduction</option>
      {tables.length > 0 && (
        <optgroup label="Tables and views">
          {tables.map((table) => {
            const value = sectionValue({ kind: 'table', schema: table.schema, name: table.name })
            return (
              <option key={value} value={value}>
                {table.schema}.{table.name}
              </option>
            )
          })}
        </optgroup>
      )}
      <option value={sectionValue(CLIENT_LIBRARIES_SECTION)}>Client libraries</option>
    </Select>
  )
}
