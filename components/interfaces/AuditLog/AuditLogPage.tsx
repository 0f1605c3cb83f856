import { useState } from 'react'
import { ScrollText } from 'lucide-react'
import { Alert, Card, CardHeader, EmptyState, Skeleton } from '@/components/ui'
import { QueryErrorAlert } from '@/components/layouts/QueryErrorAlert'
import { useAuditLogQuery } from '@/data/audit/audit-log-query'
import type { Organization } from '@/lib/api-types'
import { AuditLogEntries } from './AuditLogEntries'
import { AuditLogFilters } from './AuditLogFilters'
import { auditRangeProblem, auditRangeQuery, defaultAuditRange, type AuditRange } from './audit-range'

export const AUDIT_FORBIDDEN_MESSAGE = 'Only Owners and Administrators can see the audit log.'

/**
 * /org/{slug}/audit: plan, member, project and billing-email changes in a range of days. The
 * platform decides who may read it: a 403 (Developer, Read-only) is said in words, once, since
 * queries never retry a 4xx. While a range being typed is invalid, the last valid one stays shown.
 */
export function AuditLogPage({ org }: { org: Organization }) {
  const [range, setRange] = useState<AuditRange>(() => defaultAuditRange(new Date()))
  const [query, setQuery] = useState(() => auditRangeQuery(range))
  const problem = auditRangeProblem(range)
  const log = useAuditLogQuery({ slug: org.slug, ...query })

  const change = (next: AuditRange) => {
    setRange(next)
    if (!auditRangeProblem(next)) setQuery(auditRangeQuery(next))
  }

  if (log.error?.code === 403)
    return (
      <Alert variant="info" title="No access to the audit log">
        {AUDIT_FORBIDDEN_MESSAGE}
      </Alert>
    )

  return (
    <Card>
      <CardHeader title="Audit log" description="Who changed the plan, the members, the projects and the billing email, newest first. Times are in your time zone." />
      <div className="border-b border-border px-5 py-4">
        <AuditLogFilters range={range} problem={problem} onChange={change} />
      </div>
      {log.error ? (
        <div className="p-4">
          <QueryErrorAlert title="Could not load the audit log" error={log.error} onRetry={() => void log.refetch()} retrying={log.isFetching} />
        </div>
      ) : !log.data ? (
        <div className="flex flex-col gap-2 p-4" aria-busy="true" aria-label="Loading the audit log">
          <Skeleton className="h-10" />
          <Skeleton className="h-10" />
          <Skeleton className="h-10" />
        </div>
      ) : log.data.entries.length === 0 ? (
        <EmptyState className="m-4" icon={<ScrollText size={20} />} title="No audit log entries in this period" description="Choose other dates to see earlier changes." />
      ) : (
        <AuditLogEntries entries={log.data.entries} />
      )}
    </Card>
  )
}
