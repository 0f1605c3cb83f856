import { CircleCheck } from 'lucide-react'
import { Alert } from '@/components/ui'
import type { ResponseError } from '@/data/fetchers'
import { errorPlace } from './EditorPanel.utils'

/** How the last Save went: a one-line summary, or Postgres' message with its detail and hint. */
export function RunOutcome({ summary, error, sql }: { summary: string | null; error: ResponseError | null; sql: string }) {
  if (error) {
    const place = errorPlace(sql, error.pg?.position)
    return (
      <Alert variant="danger" title={error.message} className="max-h-48 overflow-y-auto">
        {place && <p>At {place}</p>}
        {error.pg?.detail && <p className="whitespace-pre-wrap">Detail: {error.pg.detail}</p>}
        {error.pg?.hint && <p className="whitespace-pre-wrap">Hint: {error.pg.hint}</p>}
        {error.pg?.code && <p className="font-mono text-xs">SQLSTATE {error.pg.code}</p>}
      </Alert>
    )
  }
  if (!summary) return null
  return <Alert variant="info" icon={<CircleCheck size={16} className="text-brand" />} title={summary} />
}
