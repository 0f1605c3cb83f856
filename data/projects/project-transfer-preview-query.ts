import { useQuery } from '@tanstack/react-query'
import { transferRoutes } from '@/lib/api-types/browser/transfer.routes'
import { call } from '../fetchers'
import type { QueryOptions } from '../query-options'
import { projectKeys } from './keys'

export type ProjectTransferPreviewVariables = { ref: string; targetSlug: string }

/** What moving the project to the target organization would change, and whether it would be accepted now. */
export async function getProjectTransferPreview({ ref, targetSlug }: ProjectTransferPreviewVariables, signal?: AbortSignal) {
  return call(transferRoutes.previewProjectTransfer, { params: { ref }, query: { target_organization_slug: targetSlug } }, { signal })
}
export type ProjectTransferPreviewData = Awaited<ReturnType<typeof getProjectTransferPreview>>

export function useProjectTransferPreviewQuery(
  { ref, targetSlug }: { ref?: string; targetSlug?: string },
  { enabled = true, ...options }: QueryOptions<ProjectTransferPreviewData> = {}
) {
  return useQuery({
    queryKey: projectKeys.transferPreview(ref, targetSlug),
    queryFn: ({ signal }) => getProjectTransferPreview({ ref: ref!, targetSlug: targetSlug! }, signal),
    // Never asked with a missing variable; always fresh (members and limits change).
    enabled: enabled !== false && !!ref && !!targetSlug,
    staleTime: 0,
    ...options,
  })
}
