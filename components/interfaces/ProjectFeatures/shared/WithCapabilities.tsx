import type { ReactNode } from 'react'
import { useProjectCapabilitiesQuery } from '@/data/project-features/capabilities-query'
import type { Capabilities } from '@/lib/sql/project-features/capabilities'
import { QueryErrorAlert } from '@/components/layouts/QueryErrorAlert'
import { LoadingBlock } from './StateBlocks'

/** Reads what the project's database can offer, then renders the page for it. */
export function WithCapabilities({ projectRef, children }: { projectRef: string; children: (capabilities: Capabilities) => ReactNode }) {
  const capabilities = useProjectCapabilitiesQuery({ projectRef })
  if (capabilities.isLoading) return <LoadingBlock label="Checking what the database offers" />
  if (capabilities.error)
    return (
      <QueryErrorAlert
        title="Could not check what the project's database offers"
        error={capabilities.error}
        retrying={capabilities.isFetching}
        onRetry={() => void capabilities.refetch()}
      />
    )
  if (!capabilities.data) return null
  return <>{children(capabilities.data)}</>
}
