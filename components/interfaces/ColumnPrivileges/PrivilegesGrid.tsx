import clsx from 'clsx'
import { Check, CheckCheck, X } from 'lucide-react'
import { COLUMN_PRIVILEGES } from '@/lib/api-types/privileges'
import type { ColumnPrivilege, ColumnPrivileges } from '@/lib/api-types'
import { cellGrant, holdsAll } from './column-privileges.utils'

export type PrivilegeChange = { kind: 'grant' | 'revoke'; role: string; columns: string[]; privileges: ColumnPrivilege[] }

const SHORT: Record<ColumnPrivilege, string> = { SELECT: 'Select', INSERT: 'Insert', UPDATE: 'Update', REFERENCES: 'References' }

type Props = {
  data: ColumnPrivileges
  /** False for members who may look but not change (Read-only), and while a change is on its way. */
  editable: boolean
  onChange: (change: PrivilegeChange) => void
}

/**
 * Columns down, roles across: under each role the four privileges and "all". A cell is a toggle
 * (pressed: the role holds it); one held through a whole-table grant is marked as such, and
 * revoking it there keeps the other columns (the platform re-grants them per column).
 */
export function PrivilegesGrid({ data, editable, onChange }: Props) {
  return (
    <div className="relative overflow-x-auto rounded-md border border-border">
      <table className="w-max min-w-full border-collapse text-sm">
        <caption className="sr-only">
          Column privileges of {data.table.schema}.{data.table.name}, per role
        </caption>
        <thead className="bg-surface-raised text-xs text-foreground-light">
          <tr>
            <th scope="col" rowSpan={2} className="sticky left-0 z-10 border-r border-b border-border bg-surface-raised px-3 py-2 text-left font-medium">
              Column
            </th>
            {data.roles.map((role) => (
              <th key={role} scope="colgroup" colSpan={COLUMN_PRIVILEGES.length + 1} className="border-r border-b border-border px-3 py-2 text-left font-medium text-foreground">
                <span className="font-mono">{role}</span>
                {role === data.owner && <span className="ml-2 font-sans font-normal text-foreground-lighter">owner</span>}
              </th>
            ))}
          </tr>
          <tr>
            {data.roles.map((role) => [
              ...COLUMN_PRIVILEGES.map((privilege) => (
                <th key={`${role}-${privilege}`} scope="col" className="border-b border-border px-1.5 py-1 text-center font-normal">
                  {SHORT[privilege]}
                </th>
              )),
              <th key={`${role}-all`} scope="col" className="border-r border-b border-border px-1.5 py-1 text-center font-normal">
                All
              </th>,
            ])}
          </tr>
        </thead>
        <tbody>
          {data.columns.map((column) => (
            <tr key={column.name} className="border-b border-border/60 last:border-b-0">
              <th scope="row" className="sticky left-0 z-10 border-r border-border bg-surface px-3 py-1.5 text-left font-normal">
                <span className="block font-mono text-foreground">{column.name}</span>
                <span className="block text-xs text-foreground-lighter">{column.type}</span>
              </th>
              {data.roles.map((role) => [
                ...COLUMN_PRIVILEGES.map((privilege) => {
                  const grant = cellGrant(data, role, column.name, privilege)
                  return (
                    <td key={`${role}-${privilege}`} className="px-1.5 py-1.5 text-center">
                      <button
                        type="button"
                        aria-pressed={grant !== null}
                        aria-label={`${privilege} on ${column.name} for ${role}`}
                        title={grant === 'table' ? `${privilege} is granted on the whole table` : undefined}
                        disabled={!editable}
                        onClick={() => onChange({ kind: grant ? 'revoke' : 'grant', role, columns: [column.name], privileges: [privilege] })}
                        className={clsx(
                          'inline-flex size-6 items-center justify-center rounded border outline-none focus-visible:ring-2 focus-visible:ring-brand disabled:cursor-not-allowed disabled:opacity-60',
                          grant === 'column' && 'border-brand bg-brand text-brand-foreground',
                          grant === 'table' && 'border-brand bg-brand/20 text-brand-strong',
                          grant === null && 'border-border bg-background text-transparent hover:border-foreground-lighter'
                        )}
                      >
                        <Check size={14} aria-hidden />
                      </button>
                    </td>
                  )
                }),
                <td key={`${role}-all`} className="border-r border-border px-1.5 py-1.5 text-center">
                  <AllToggle role={role} column={column.name} all={holdsAll(data, role, column.name)} editable={editable} onChange={onChange} />
                </td>,
              ])}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  )
}

function AllToggle({ role, column, all, editable, onChange }: { role: string; column: string; all: boolean; editable: boolean; onChange: Props['onChange'] }) {
  const Icon = all ? X : CheckCheck
  return (
    <button
      type="button"
      aria-label={all ? `Revoke all on ${column} from ${role}` : `Grant all on ${column} to ${role}`}
      title={all ? 'Revoke all four' : 'Grant all four'}
      disabled={!editable}
      onClick={() => onChange({ kind: all ? 'revoke' : 'grant', role, columns: [column], privileges: [...COLUMN_PRIVILEGES] })}
      className="inline-flex size-6 items-center justify-center rounded text-foreground-light outline-none hover:bg-surface-raised hover:text-foreground focus-visible:ring-2 focus-visible:ring-brand disabled:cursor-not-allowed disabled:opacity-60"
    >
      <Icon size={14} aria-hidden />
    </button>
  )
}
