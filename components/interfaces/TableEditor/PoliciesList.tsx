import type { Policy } from '@/lib/table-editor'

/** The table's row-level security policies as the catalog has them (create them in the SQL editor). */
export function PoliciesList({ policies, rlsEnabled }: { policies: Policy[]; rlsEnabled: boolean }) {
  if (policies.length === 0)
    return (
      <p className="text-xs text-foreground-light">
        {rlsEnabled
          ? 'No policies: no role but the owner can read or write any row. Add policies with CREATE POLICY in the SQL editor.'
          : 'No policies.'}
      </p>
    )
  return (
    <ul className="flex flex-col gap-2">
      {policies.map((policy) => (
        <li key={policy.name} className="rounded-md border border-border p-3 text-xs">
          <p className="font-medium text-foreground">
            {policy.name}{' '}
            <span className="font-normal text-foreground-light">
              {policy.permissive ? 'permissive' : 'restrictive'} · {policy.command} · to {policy.roles.join(', ') || 'public'}
            </span>
          </p>
          {policy.using && <p className="mt-1 font-mono break-words text-foreground-light">using ({policy.using})</p>}
          {policy.withCheck && <p className="mt-1 font-mono break-words text-foreground-light">with check ({policy.withCheck})</p>}
        </li>
      ))}
    </ul>
  )
}
