import dayjs from 'dayjs'
import { useDatabaseSizeQuery } from '@/data/connection/database-size-query'
import { formatBytes } from '@/lib/format-bytes'

/**
 * The project home's "Database size": the platform's one measure (the size quotas compare), live
 * while the project serves; the last sampled size, with its time, while the organization is
 * restricted or the database does not answer.
 */
export function DatabaseSizeValue({ projectRef }: { projectRef: string }) {
  const size = useDatabaseSizeQuery({ projectRef })
  if (size.isPending) return <>Measuring…</>
  if (size.isError) return <span title={size.error.message}>Could not be measured</span>
  const { bytes, measured_at, live } = size.data
  if (bytes === null) return <>Not measured yet</>
  if (live || !measured_at) return <>{formatBytes(bytes)}</>
  return (
    <>
      {formatBytes(bytes)}{' '}
      <span className="text-foreground-light">
        (last measured <time dateTime={measured_at}>{dayjs(measured_at).format('D MMM YYYY, HH:mm')}</time>)
      </span>
    </>
  )
}
