import { useCan } from '@/data/profile/use-can'
import { useProjectDetailQuery } from '@/data/projects/project-detail-query'

/**
 * Whether the caller may change the project's database (sql:write). Both false while the role is
 * unknown, so the read-only note and the buttons appear once known rather than flash.
 */
export function useProjectAccess(projectRef: string) {
  const { data: project } = useProjectDetailQuery({ ref: projectRef })
  const organization = project && { id: project.organization_id }
  const canRun = useCan('sql:run', organization)
  const canWrite = useCan('sql:write', organization)
  return { canWrite, readOnly: canRun && !canWrite }
}
